import { describe, expect, it } from "vitest";
import { hashPassword, isCommonPassword, verifyAgainstDecoy, verifyPassword } from "./passwords.ts";
import { hashToken, isTokenShaped, newToken } from "./secrets.ts";

describe("passwords", () => {
  it("are hashed with argon2id at OWASP's parameters and verified", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "correct horse battery!")).toBe(false);
    expect(await verifyPassword("not a hash", "x")).toBe(false);
    expect(await verifyAgainstDecoy("anything")).toBe(false);
  });

  it("knows the 10,000 most common ones, whatever the case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(isCommonPassword("qwertyuiop")).toBe(true);
    expect(isCommonPassword("Trail running at dawn 2027")).toBe(false);
  });
});

describe("tokens", () => {
  it("are 256 random bits, URL-safe, stored as their SHA-256", () => {
    const token = newToken();
    expect(isTokenShaped(token)).toBe(true);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(isTokenShaped("../etc/passwd")).toBe(false);
  });
});
