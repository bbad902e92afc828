import { describe, expect, it } from "vitest";
import { passwordStrength } from "./password-strength.ts";

describe("the password strength hint", () => {
  it("says a password under 8 characters is too short, counting characters rather than code units", () => {
    expect(passwordStrength("")).toBe("too-short");
    expect(passwordStrength("abc1234")).toBe("too-short");
    expect(passwordStrength("🏃🏃🏃🏃🏃🏃🏃")).toBe("too-short");
  });

  it("rates a repeated character or a short plain word as weak", () => {
    expect(passwordStrength("aaaaaaaaaaaa")).toBe("weak");
    expect(passwordStrength("abcdefgh")).toBe("weak");
  });

  it("rates longer and more varied passwords higher", () => {
    expect(passwordStrength("Trail2027run")).toBe("fair");
    expect(passwordStrength("trail at dawn over the ridge")).toBe("strong");
    expect(passwordStrength("Tr4il!at-Dawn")).toBe("strong");
  });
});
