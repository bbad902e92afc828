import type { Locale } from "./locale.ts";

/** How a person describes their gender on their profile; eligibility compares female and male only. */
export const GENDERS = ["female", "male", "non-binary", "unspecified"] as const;
export type Gender = (typeof GENDERS)[number];

/** Organisers may record payments (and, later, manage the catalogue); everyone else is a user. */
/**
 * What an account may do besides its own signups: `staff` read the console's lists and check runners
 * in; an `organiser` does everything the console offers (docs/decisions/020-organiser-console.md).
 */
export const ROLES = ["user", "staff", "organiser"] as const;
export type Role = (typeof ROLES)[number];
/** The roles an organiser gives by invitation. */
export const TEAM_ROLES = ["staff", "organiser"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** What a mailed single-use link is for. */
export const ACCOUNT_TOKEN_PURPOSES = ["verify-email", "reset-password"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the server. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** What a person keeps on their profile; every field but the names is optional. */
export interface PersonalData {
  givenName: string;
  familyName: string;
  birthDate: string | null;
  gender: Gender | null;
  phone: string | null;
  street: string | null;
  postalCode: string | null;
  locality: string | null;
  country: string | null;
  club: string | null;
  federationCard: string | null;
  /** The codice fiscale, for receipts and invoices. */
  taxCode: string | null;
  preferredLocale: Locale;
}

export interface User extends PersonalData {
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
  role: Role;
  createdAt: Date;
}

/**
 * One spelling per address, so "Ada@Example.org " and "ada@example.org" are one account. The local
 * part is lowercased too: providers that tell case apart are vanishingly rare, and two accounts
 * differing only in case would be a trap for their owner.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize("NFC").toLowerCase();
}

/** A deliberately plain check (one @, a dot in the domain, no spaces); the verification mail is the real test. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

export type PasswordProblem = "too-short" | "too-long" | "common" | "contains-email";

/**
 * Why a new password is refused, or undefined when it is fine (ASVS 5.0 §6.2: length over
 * composition rules, no common passwords). `isCommon` answers for the list of common passwords.
 */
export function passwordProblem(
  password: string,
  context: { email?: string; isCommon: (password: string) => boolean },
): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "too-short";
  if (length > PASSWORD_MAX_LENGTH) return "too-long";
  if (context.isCommon(password.toLowerCase())) return "common";
  const local = context.email ? normalizeEmail(context.email).split("@")[0] : undefined;
  if (local && local.length >= 4 && password.toLowerCase().includes(local)) return "contains-email";
  return undefined;
}
