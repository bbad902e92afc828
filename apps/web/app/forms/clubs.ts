import { CLUB_ATHLETE_TEXT_LIMITS as ATHLETE, CLUB_TEXT_LIMITS as CLUB, GENDERS } from "@sports/jsonapi";
import { email } from "./account.ts";
import { birthDate, oneLineText, phoneNumber } from "./values.ts";
import { z } from "./zod.ts";

/**
 * The clubs' forms ("I miei club", docs/decisions/068-club-entries.md): a club's details, an athlete
 * of its roster, an invitation to manage it. Field names are the API's attributes, so a refusal's
 * pointer names its field; these checks help early, the API makes them again (docs/api.md "Clubs").
 */

const requiredText = (max: number) => oneLineText(max).pipe(z.string().min(1));
const optionalText = (max: number) => oneLineText(max).optional();

export const clubForm = z.object({
  name: requiredText(CLUB.name),
  federation: optionalText(CLUB.federation),
  code: optionalText(CLUB.code),
  contactEmail: email,
  contactPhone: phoneNumber(CLUB.contactPhone).optional(),
});

export const athleteForm = z.object({
  /** The athlete being changed; none for a new one. */
  athleteId: z.string().max(100).optional(),
  givenName: requiredText(ATHLETE.givenName),
  familyName: requiredText(ATHLETE.familyName),
  birthDate: birthDate().optional(),
  gender: z.enum(GENDERS).optional(),
  email: email.optional(),
  phone: phoneNumber(ATHLETE.phone).optional(),
  nationality: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  federationCard: optionalText(ATHLETE.federationCard),
  tshirtSize: optionalText(ATHLETE.tshirtSize),
  emergencyContactName: optionalText(ATHLETE.emergencyContactName),
  emergencyContactPhone: phoneNumber(ATHLETE.emergencyContactPhone).optional(),
});

export const athleteRemovalForm = z.object({ athleteId: z.string().min(1).max(100) });

export const managerInvitationForm = z.object({ email });

/** The attributes of a form's value as the API takes them: a field left empty clears its value. */
export function attributesOf<T extends Record<string, unknown>>(
  value: T,
  fields: readonly (keyof T & string)[],
): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, value[field] ?? null]));
}

export const CLUB_FIELDS = ["name", "federation", "code", "contactEmail", "contactPhone"] as const;

export const ATHLETE_FIELDS = [
  "givenName",
  "familyName",
  "birthDate",
  "gender",
  "email",
  "phone",
  "nationality",
  "federationCard",
  "tshirtSize",
  "emergencyContactName",
  "emergencyContactPhone",
] as const;
