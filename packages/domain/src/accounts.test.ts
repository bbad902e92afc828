import { describe, expect, it } from "vitest";
import { isPlausibleEmail, normalizeEmail, passwordProblem } from "./accounts.ts";

const common = new Set(["password", "12345678", "qwertyuiop"]);
const isCommon = (password: string) => common.has(password);

describe("e-mail addresses", () => {
  it("have one spelling", () => {
    expect(normalizeEmail("  Ada.Lovelace@Example.ORG ")).toBe("ada.lovelace@example.org");
  });

  it("are checked plainly", () => {
    for (const good of ["a@b.it", "ada+races@example.co.uk", "élise@exemple.fr"])
      expect(isPlausibleEmail(good)).toBe(true);
    for (const bad of [
      "",
      "ada",
      "ada@",
      "@example.org",
      "ada@example",
      "a b@example.org",
      "ada@@example.org",
      "ada@.org",
    ])
      expect(isPlausibleEmail(bad)).toBe(false);
    expect(isPlausibleEmail(`${"a".repeat(250)}@b.it`)).toBe(false);
  });
});

describe("new passwords", () => {
  it("need 8 characters, counted as characters rather than bytes", () => {
    expect(passwordProblem("short1!", { isCommon })).toBe("too-short");
    expect(passwordProblem("ümlaut€€", { isCommon })).toBeUndefined();
    expect(passwordProblem("x".repeat(257), { isCommon })).toBe("too-long");
  });

  it("may not be common, whatever the case", () => {
    expect(passwordProblem("PassWord", { isCommon })).toBe("common");
    expect(passwordProblem("12345678", { isCommon })).toBe("common");
  });

  it("may not contain the address's name", () => {
    expect(passwordProblem("my-lovelace-2027", { email: "Lovelace@example.org", isCommon })).toBe("contains-email");
    expect(passwordProblem("correct horse battery", { email: "ada@example.org", isCommon })).toBeUndefined();
  });
});
