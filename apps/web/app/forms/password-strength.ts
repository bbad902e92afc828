import { ACCOUNT_LIMITS } from "@sports/jsonapi";

export type Strength = "too-short" | "weak" | "fair" | "strong";

/**
 * A hint while a password is typed, not a rule: length counts most (NIST SP 800-63B), a mix of
 * kinds of character a little, a run of one repeated character not at all. The API decides: it
 * also refuses the 10,000 most common passwords, which a browser should not have to download.
 */
export function passwordStrength(password: string): Strength {
  const characters = [...password];
  if (characters.length < ACCOUNT_LIMITS.passwordMinLength) return "too-short";
  const distinct = new Set(characters.map((character) => character.toLowerCase())).size;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length;
  const score = Math.min(distinct, characters.length) + kinds * 2;
  if (distinct < 4) return "weak";
  if (score >= 18 || characters.length >= 16) return "strong";
  if (score >= 12) return "fair";
  return "weak";
}
