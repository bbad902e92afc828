import { ACCOUNT_LIMITS, GENDERS, PROFILE_TEXT_LIMITS } from "@sports/jsonapi";
import { LOCALES } from "../i18n/locale.ts";
import { birthDate, oneLineText, phoneNumber } from "./values.ts";
import { z } from "./zod.ts";

/**
 * The account forms' fields, named as the API's attributes so its errors land on the right field.
 * These checks help the visitor early; the API makes them again (and more: common passwords).
 */
const PLAUSIBLE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const email = z
  .string()
  .trim()
  .max(ACCOUNT_LIMITS.emailMaxLength)
  .refine((value) => PLAUSIBLE_EMAIL.test(value), { params: { code: "invalid-email" } });
const name = oneLineText(ACCOUNT_LIMITS.nameMaxLength).pipe(z.string().min(1));
/** A password being typed to log in or confirm: anything, as long as something. */
const givenPassword = z.string().min(1).max(ACCOUNT_LIMITS.passwordMaxLength);
/** A password being chosen: the length rules; the API also refuses common ones. */
const newPassword = z.string().min(ACCOUNT_LIMITS.passwordMinLength).max(ACCOUNT_LIMITS.passwordMaxLength);
const optionalText = (max: number) => oneLineText(max).optional();
/** A codice fiscale as typed, spaces and all: the API keeps it tidied and checks it. */
const TAX_CODE_MAX_LENGTH = 40;
/** A checkbox that must be ticked: unticked, the browser sends nothing. */
const ticked = (code: string) =>
  z
    .boolean()
    .default(false)
    .refine((value) => value, { params: { code } });

export const loginForm = z.object({
  email,
  password: givenPassword,
  redirectTo: z.string().optional(),
});

export const registrationForm = z.object({
  givenName: name,
  familyName: name,
  email,
  password: newPassword,
  acceptTerms: ticked("terms-required"),
  redirectTo: z.string().optional(),
});

export const resetRequestForm = z.object({ email });

export const resetCompletionForm = z.object({ password: newPassword });

export const personalDataForm = z.object({
  givenName: name,
  familyName: name,
  birthDate: birthDate().optional(),
  gender: z.enum(GENDERS).optional(),
  phone: phoneNumber(PROFILE_TEXT_LIMITS.phone).optional(),
  street: optionalText(PROFILE_TEXT_LIMITS.street),
  postalCode: optionalText(PROFILE_TEXT_LIMITS.postalCode),
  locality: optionalText(PROFILE_TEXT_LIMITS.locality),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  club: optionalText(PROFILE_TEXT_LIMITS.club),
  federationCard: optionalText(PROFILE_TEXT_LIMITS.federationCard),
  /** The codice fiscale: the API checks its shape and check character. */
  taxCode: optionalText(TAX_CODE_MAX_LENGTH),
  preferredLocale: z.enum(LOCALES),
});

export const emailChangeForm = z.object({ email, currentPassword: givenPassword });

export const passwordChangeForm = z.object({ currentPassword: givenPassword, newPassword });

export const accountDeletionForm = z.object({ confirm: ticked("confirm-required") });

/** The attributes of a form's value the API takes as given: empty optional texts become null. */
export function personalDataAttributes(value: z.output<typeof personalDataForm>) {
  const orNull = <T>(given: T | undefined) => given ?? null;
  return {
    givenName: value.givenName,
    familyName: value.familyName,
    birthDate: orNull(value.birthDate),
    gender: orNull(value.gender),
    phone: orNull(value.phone),
    street: orNull(value.street),
    postalCode: orNull(value.postalCode),
    locality: orNull(value.locality),
    country: orNull(value.country),
    club: orNull(value.club),
    federationCard: orNull(value.federationCard),
    taxCode: orNull(value.taxCode),
    preferredLocale: value.preferredLocale,
  };
}
