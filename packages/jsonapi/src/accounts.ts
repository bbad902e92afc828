/**
 * The account's own resource (`GET /api/users/me`). The lists and limits are part of the contract so
 * the site's forms check what the API checks; packages/domain holds the same values for its rules,
 * and packages/api tests that the two agree.
 */
export const GENDERS = ["female", "male", "non-binary", "unspecified"] as const;
export type Gender = (typeof GENDERS)[number];

export const ACCOUNT_LIMITS = {
  passwordMinLength: 8,
  passwordMaxLength: 256,
  nameMaxLength: 100,
  emailMaxLength: 254,
} as const;

/** The longest value of each optional text in the personal data (`country` is an ISO 3166 code). */
export const PROFILE_TEXT_LIMITS = {
  phone: 30,
  street: 200,
  postalCode: 20,
  locality: 100,
  country: 2,
  club: 150,
  federationCard: 50,
} as const;

export interface UserAttributes {
  email: string;
  emailVerified: boolean;
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
  preferredLocale: string;
  role: "user" | "staff" | "organiser";
  createdAt: string;
}
