import {
  EMAIL_MAX_LENGTH,
  GENDERS,
  isPlausibleEmail,
  LOCALES,
  NAME_MAX_LENGTH,
  normalizeEmail,
  normalizeTaxCode,
  PASSWORD_MAX_LENGTH,
  taxCodeProblem,
} from "@sports/domain";
import { isOneLineText, PROFILE_TEXT_LIMITS } from "@sports/jsonapi";
import { z } from "zod";
import { phoneNumber, plainText, plausibleBirthDate } from "../fields.ts";

/**
 * The shapes of the account endpoints' bodies, as requests are read with them; what a password
 * must be and whose an address is are the use cases' (packages/usecases/src/accounts).
 */

const email = z
  .string()
  .max(EMAIL_MAX_LENGTH)
  .transform(normalizeEmail)
  // No control character (the database refuses NUL) or direction override is ever part of an address.
  .refine((value) => isPlausibleEmail(value) && isOneLineText(value), {
    message: "Enter an e-mail address such as name@example.org.",
    params: { code: "invalid-email" },
  });
const password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
const name = plainText(NAME_MAX_LENGTH).pipe(z.string().min(1));
const optionalText = (max: number, text: (max: number) => z.ZodType<string, string> = plainText) =>
  text(max)
    .nullable()
    .transform((value) => (value ? value : null));
const locale = z.enum(LOCALES);
/** A codice fiscale, upper case without spaces, its check character or digit checked. */
const taxCode = z
  .string()
  .max(40)
  .nullable()
  .transform((value) => (value ? normalizeTaxCode(value) : null))
  .superRefine((value, context) => {
    const problem = value && taxCodeProblem(value);
    if (problem) {
      context.addIssue({
        code: "custom",
        message: problem === "tax-code-shape" ? "This is not a tax code." : "This tax code's check is wrong.",
        params: { code: problem },
      });
    }
  });

export const registration = z.strictObject({
  email,
  password,
  givenName: name,
  familyName: name,
  preferredLocale: locale.optional(),
  acceptTerms: z.literal(true, { error: "Accept the terms and the privacy notice." }),
  setCookie: z.boolean().optional(),
});

export const login = z.strictObject({ email, password, setCookie: z.boolean().optional() });

/** What a visitor may change of their own data; `now` is the request's clock, for the birth date. */
export const personalData = (now: Date) =>
  z.strictObject({
    givenName: name.optional(),
    familyName: name.optional(),
    birthDate: plausibleBirthDate(now).nullable().optional(),
    gender: z.enum(GENDERS).nullable().optional(),
    phone: optionalText(PROFILE_TEXT_LIMITS.phone, phoneNumber).optional(),
    street: optionalText(PROFILE_TEXT_LIMITS.street).optional(),
    postalCode: optionalText(PROFILE_TEXT_LIMITS.postalCode).optional(),
    locality: optionalText(PROFILE_TEXT_LIMITS.locality).optional(),
    country: optionalText(PROFILE_TEXT_LIMITS.country).optional(),
    club: optionalText(PROFILE_TEXT_LIMITS.club).optional(),
    federationCard: optionalText(PROFILE_TEXT_LIMITS.federationCard).optional(),
    taxCode: taxCode.optional(),
    preferredLocale: locale.optional(),
    /** A new address: it becomes the account's once the link mailed to it is followed. */
    email: email.optional(),
    newPassword: password.optional(),
    /** Required for a change of e-mail or password. */
    currentPassword: password.optional(),
  });

export const resetRequest = z.strictObject({ email });
export const resetCompletion = z.strictObject({ password });
