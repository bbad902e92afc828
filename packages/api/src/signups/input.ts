import {
  appointmentsWithEvents,
  type Database,
  findCertificate,
  type NewParticipant,
  type NewStayBooking,
  roomTypesById,
  type SignupRecord,
} from "@sports/db";
import { eligibilityProblems, GENDERS, isPlausibleEmail, localDate, nightsBetween } from "@sports/domain";
import { PARTICIPANT_TEXT_LIMITS } from "@sports/jsonapi";
import { z } from "zod";
import { ApiErrors, calendarDay, invalidAttribute, plainText } from "../body.ts";
import { ApiError } from "../errors.ts";
import type { SignupView } from "./serializers.ts";

/**
 * What a signup's participants and stay bookings must be: the shape of each (the schemas the
 * request bodies are read with), then the event's questions and the appointment's conditions.
 */

const optionalText = (max: number) =>
  plainText(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));
const requiredText = (max: number) => plainText(max).pipe(z.string().min(1, { message: "Fill this in." }));
const day = calendarDay();

export const participantInput = z.strictObject({
  givenName: requiredText(PARTICIPANT_TEXT_LIMITS.givenName),
  familyName: requiredText(PARTICIPANT_TEXT_LIMITS.familyName),
  birthDate: day.nullable().optional(),
  gender: z.enum(GENDERS).nullable().optional(),
  email: optionalText(PARTICIPANT_TEXT_LIMITS.email).refine((value) => !value || isPlausibleEmail(value), {
    message: "Enter an e-mail address such as name@example.org.",
    params: { code: "invalid-email" },
  }),
  phone: optionalText(PARTICIPANT_TEXT_LIMITS.phone),
  nationality: optionalText(PARTICIPANT_TEXT_LIMITS.nationality).refine((value) => !value || /^[A-Z]{2}$/.test(value), {
    message: "Give the country as its two-letter ISO code.",
    params: { code: "invalid-value" },
  }),
  club: optionalText(PARTICIPANT_TEXT_LIMITS.club),
  federationCard: optionalText(PARTICIPANT_TEXT_LIMITS.federationCard),
  tshirtSize: optionalText(PARTICIPANT_TEXT_LIMITS.tshirtSize),
  emergencyContactName: optionalText(PARTICIPANT_TEXT_LIMITS.emergencyContactName),
  emergencyContactPhone: optionalText(PARTICIPANT_TEXT_LIMITS.emergencyContactPhone),
  certificateId: z.uuid().nullable().optional(),
  certificateExpiresOn: day.nullable().optional(),
  termsAccepted: z.literal(true, { error: "Accept the terms." }),
  privacyAccepted: z.literal(true, { error: "Accept the privacy notice." }),
});
export type ParticipantInput = z.infer<typeof participantInput>;

export const stayBookingInput = z.strictObject({
  roomTypeId: z.uuid(),
  checkIn: day,
  checkOut: day,
  rooms: z.number().int().min(1).max(20),
  guests: z.number().int().min(1).max(100),
});

/** Every participant against the event's questions and the appointment's conditions, all problems at once. */
export async function checkParticipants(
  db: Database,
  signup: SignupRecord,
  target: { appointment: SignupView["appointment"]; event: SignupView["event"] },
  people: ParticipantInput[],
): Promise<void> {
  const { appointment, event } = target;
  const errors: ApiError[] = [];
  const problem = (index: number, field: string, code: string, detail: string) =>
    errors.push(invalidAttribute(field, code, detail, `/data/${index}`));
  if (people.length === 0) {
    throw new ApiError({
      status: 400,
      code: "no-participants",
      title: "Invalid document",
      detail: "A signup needs at least one participant.",
      source: { pointer: "/data" },
    });
  }
  if (people.length > event.participantsPerSignup) {
    throw new ApiError({
      status: 409,
      code: "too-many-participants",
      title: "Refused",
      detail: `This event takes at most ${event.participantsPerSignup} participants per signup.`,
    });
  }
  const rules = {
    minAge: appointment.minAge ?? event.minAge,
    maxAge: appointment.maxAge ?? event.maxAge,
    ageRule: event.ageRule,
    gender: appointment.gender,
    startsAt: appointment.startsAt,
    timeZone: event.timeZone,
  };
  const appointmentDay = localDate(appointment.startsAt, event.timeZone);
  for (const [index, person] of people.entries()) {
    const required = (field: keyof ParticipantInput, when: boolean) => {
      if (when && !person[field]) problem(index, field, "required", "Fill this in.");
    };
    required("birthDate", true);
    required("gender", true);
    required("email", true);
    required("emergencyContactName", true);
    required("emergencyContactPhone", true);
    required("federationCard", event.federationCardRequired);
    required("tshirtSize", event.tshirtSizes.length > 0);
    if (person.tshirtSize && !event.tshirtSizes.includes(person.tshirtSize))
      problem(index, "tshirtSize", "invalid-value", `Choose one of ${event.tshirtSizes.join(", ") || "no sizes"}.`);
    if (person.birthDate && person.birthDate > appointmentDay)
      problem(index, "birthDate", "invalid-value", "A birth date cannot be after the appointment.");
    for (const found of eligibilityProblems(
      { birthDate: person.birthDate ?? null, gender: person.gender ?? null },
      rules,
    )) {
      if (found === "birth-date-required" || found === "gender-required") continue; // already said above
      const field = found === "wrong-gender" ? "gender" : "birthDate";
      problem(index, field, found, eligibilityDetail(found, rules));
    }
    if (event.medicalCertificate !== "none") {
      if (!person.certificateId)
        problem(index, "certificateId", "certificate-required", "Upload the medical certificate.");
      if (!person.certificateExpiresOn)
        problem(index, "certificateExpiresOn", "required", "Give the certificate's expiry date.");
      else if (person.certificateExpiresOn < appointmentDay)
        problem(
          index,
          "certificateExpiresOn",
          "certificate-expired",
          `The certificate must be valid on ${appointmentDay}.`,
        );
    }
    if (person.certificateId) {
      const file = await findCertificate(db, person.certificateId.toLowerCase());
      if (!file || file.signupId !== signup.id)
        problem(index, "certificateId", "invalid-certificate", "Upload the certificate to this signup first.");
    }
  }
  if (errors.length > 0) throw new ApiErrors(errors);
}

function eligibilityDetail(problem: string, rules: { minAge: number | null; maxAge: number | null; gender: string }) {
  if (problem === "too-young") return `Participants must be at least ${rules.minAge}.`;
  if (problem === "too-old") return `Participants must be at most ${rules.maxAge}.`;
  return `This appointment is for ${rules.gender} participants only.`;
}

export function participantRow(person: ParticipantInput, now: Date): NewParticipant {
  const { termsAccepted: _terms, privacyAccepted: _privacy, ...fields } = person;
  return {
    ...fields,
    birthDate: fields.birthDate ?? null,
    gender: fields.gender ?? null,
    certificateId: fields.certificateId?.toLowerCase() ?? null,
    certificateExpiresOn: fields.certificateExpiresOn ?? null,
    consentsAcceptedAt: now,
  };
}

/** Each booking inside its stay's nights, of the signup's event, in its currency, with room for its guests. */
export async function checkStayBookings(db: Database, signup: SignupRecord, bookings: NewStayBooking[]): Promise<void> {
  const rooms = await roomTypesById(
    db,
    bookings.map((booking) => booking.roomTypeId.toLowerCase()),
  );
  const target = (await appointmentsWithEvents(db, [signup.appointmentId])).get(signup.appointmentId);
  const errors: ApiError[] = [];
  const seen = new Set<string>();
  for (const [index, booking] of bookings.entries()) {
    const problem = (field: string, code: string, detail: string) =>
      errors.push(invalidAttribute(field, code, detail, `/data/${index}`));
    booking.roomTypeId = booking.roomTypeId.toLowerCase();
    const found = rooms.get(booking.roomTypeId);
    if (!found || found.stay.eventId !== signup.eventId) {
      problem("roomTypeId", "invalid-value", "This room is not offered with the signup's event.");
      continue;
    }
    if (seen.has(booking.roomTypeId)) problem("roomTypeId", "duplicate", "Book each room type once.");
    seen.add(booking.roomTypeId);
    const lastCheckOut = new Date(Date.parse(`${found.stay.lastNight}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    if (booking.checkIn < found.stay.firstNight || booking.checkIn > found.stay.lastNight)
      problem("checkIn", "out-of-range", `Check in between ${found.stay.firstNight} and ${found.stay.lastNight}.`);
    if (nightsBetween(booking.checkIn, booking.checkOut) < 1 || booking.checkOut > lastCheckOut)
      problem("checkOut", "out-of-range", `Check out after check-in and by ${lastCheckOut}.`);
    if (booking.guests > booking.rooms * found.room.guests)
      problem(
        "guests",
        "too-many-guests",
        `${booking.rooms} room(s) sleep at most ${booking.rooms * found.room.guests}.`,
      );
    if (target && found.room.currency !== target.appointment.currency)
      problem("roomTypeId", "invalid-value", "This room is priced in another currency than the signup.");
  }
  if (errors.length > 0) throw new ApiErrors(errors);
}
