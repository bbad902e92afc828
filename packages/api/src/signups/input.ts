import { GENDERS, isPlausibleEmail } from "@sports/domain";
import { PARTICIPANT_TEXT_LIMITS } from "@sports/jsonapi";
import { z } from "zod";
import { calendarDay, phoneNumber, plainText, plausibleBirthDate } from "../fields.ts";

/**
 * The shapes of a signup's participants and stay bookings, as request bodies are read with them;
 * the event's questions and the appointment's conditions are the use cases' (updateParticipants,
 * chooseStays).
 */

const optionalText = (max: number, text: (max: number) => z.ZodType<string, string> = plainText) =>
  text(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
const requiredText = (max: number) => plainText(max).pipe(z.string().min(1, { message: "Fill this in." }));
const day = calendarDay();

/** A participant as the request gives one; `now` is the request's clock, for the birth date. */
export const participantInput = (now: Date) =>
  z.strictObject({
    givenName: requiredText(PARTICIPANT_TEXT_LIMITS.givenName),
    familyName: requiredText(PARTICIPANT_TEXT_LIMITS.familyName),
    birthDate: plausibleBirthDate(now).nullable().optional(),
    gender: z.enum(GENDERS).nullable().optional(),
    email: optionalText(PARTICIPANT_TEXT_LIMITS.email).refine((value) => !value || isPlausibleEmail(value), {
      message: "Enter an e-mail address such as name@example.org.",
      params: { code: "invalid-email" },
    }),
    phone: optionalText(PARTICIPANT_TEXT_LIMITS.phone, phoneNumber),
    nationality: optionalText(PARTICIPANT_TEXT_LIMITS.nationality).refine(
      (value) => !value || /^[A-Z]{2}$/.test(value),
      {
        message: "Give the country as its two-letter ISO code.",
        params: { code: "invalid-value" },
      },
    ),
    club: optionalText(PARTICIPANT_TEXT_LIMITS.club),
    federationCard: optionalText(PARTICIPANT_TEXT_LIMITS.federationCard),
    tshirtSize: optionalText(PARTICIPANT_TEXT_LIMITS.tshirtSize),
    emergencyContactName: optionalText(PARTICIPANT_TEXT_LIMITS.emergencyContactName),
    emergencyContactPhone: optionalText(PARTICIPANT_TEXT_LIMITS.emergencyContactPhone, phoneNumber),
    certificateId: z.uuid().nullable().optional(),
    certificateExpiresOn: day.nullable().optional(),
    termsAccepted: z.literal(true, { error: "Accept the terms." }),
    privacyAccepted: z.literal(true, { error: "Accept the privacy notice." }),
  });

export const stayBookingInput = z.strictObject({
  roomTypeId: z.uuid(),
  checkIn: day,
  checkOut: day,
  rooms: z.number().int().min(1).max(20),
  guests: z.number().int().min(1).max(100),
});
