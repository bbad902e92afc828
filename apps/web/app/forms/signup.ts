import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MEDIA_TYPES,
  type EventAttributes,
  GENDERS,
  PARTICIPANT_TEXT_LIMITS as LIMITS,
  PAYMENT_METHODS,
  type ParticipantAttributes,
  type PaymentMethod,
  type StayAttributes,
  type StayBookingAttributes,
  type UserAttributes,
} from "@sports/jsonapi";
import { birthDate, oneLineText, phoneNumber } from "./values.ts";
import { z } from "./zod.ts";

/**
 * The signup's forms. Field names are the API's attributes, so an error's pointer
 * (`/data/1/attributes/birthDate`) names its field (`participants[1].birthDate`). The checks help
 * the visitor early; the API makes them again, with the ones only it can make (ages, places).
 */
const PLAUSIBLE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const requiredText = (max: number) => oneLineText(max).pipe(z.string().min(1));
const optionalText = (max: number) => oneLineText(max).optional();
const ticked = (code: string) =>
  z
    .boolean()
    .default(false)
    .refine((value) => value, { params: { code } });
/** Runs an object's cross-field check even while other fields have problems, once `keys` are sound. */
const whenSound =
  (...keys: string[]) =>
  (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => keys.includes(String(issue.path?.[0])));

export type ParticipantRules = Pick<
  EventAttributes["rules"],
  "medicalCertificate" | "federationCardRequired" | "tshirtSizes" | "participantsPerSignup"
> &
  Partial<Pick<EventAttributes["rules"], "certificateLater">>;

/** A medical certificate as chosen in the browser: checked for type and size before it travels. */
const certificateFile = z
  .instanceof(File)
  .refine((file) => file.size <= CERTIFICATE_MAX_BYTES, { params: { code: "body-too-large" } })
  .refine((file) => (CERTIFICATE_MEDIA_TYPES as readonly string[]).includes(file.type), {
    params: { code: "unsupported-media-type" },
  });

/**
 * The participants' form for an event's rules, built once per set of rules: a schema holds no state
 * between parses, so one serves every render of a step (why it is kept: bench/README.md, "Where a
 * rendered page's time goes").
 */
export function participantsForm(rules: ParticipantRules) {
  const key = JSON.stringify([
    rules.medicalCertificate,
    rules.certificateLater === true,
    rules.federationCardRequired,
    rules.tshirtSizes,
    rules.participantsPerSignup,
  ]);
  let form = participantsForms.get(key);
  if (!form) {
    form = newParticipantsForm(rules);
    if (participantsForms.size >= MAX_PARTICIPANTS_FORMS) participantsForms.clear();
    participantsForms.set(key, form);
  }
  return form;
}

const participantsForms = new Map<string, ReturnType<typeof newParticipantsForm>>();
const MAX_PARTICIPANTS_FORMS = 200;

function newParticipantsForm(rules: ParticipantRules) {
  const needsCertificate = rules.medicalCertificate !== "none";
  // Where the event takes the certificate later, a participant may be signed up without it.
  const mayComeLater = needsCertificate && rules.certificateLater === true;
  const [firstSize, ...otherSizes] = rules.tshirtSizes;
  const participant = z
    .object({
      givenName: requiredText(LIMITS.givenName),
      familyName: requiredText(LIMITS.familyName),
      birthDate: birthDate(),
      gender: z.enum(GENDERS),
      email: z
        .string()
        .trim()
        .max(LIMITS.email)
        .refine((value) => PLAUSIBLE_EMAIL.test(value), { params: { code: "invalid-email" } }),
      phone: phoneNumber(LIMITS.phone).optional(),
      nationality: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .optional(),
      club: optionalText(LIMITS.club),
      federationCard: rules.federationCardRequired
        ? requiredText(LIMITS.federationCard)
        : optionalText(LIMITS.federationCard),
      tshirtSize: firstSize === undefined ? z.undefined().optional() : z.enum([firstSize, ...otherSizes]),
      emergencyContactName: requiredText(LIMITS.emergencyContactName),
      emergencyContactPhone: phoneNumber(LIMITS.emergencyContactPhone).pipe(z.string().min(1)),
      /** A newly chosen file; the action uploads it and keeps its id in `keptCertificateId`. */
      certificateId: certificateFile.optional(),
      /** The certificate uploaded before, kept when no new file is chosen. */
      keptCertificateId: z.string().optional(),
      /** A certificate uploaded before for this person, to use again (signup/certificates.ts). */
      reuseCertificateId: z.string().optional(),
      certificateName: z.string().optional(),
      certificateExpiresOn: needsCertificate && !mayComeLater ? z.iso.date() : z.iso.date().optional(),
      /** The certificate is to be uploaded later, from My signups (only where the event allows it). */
      certificateLater: z.boolean().default(false),
      termsAccepted: ticked("participant-terms-required"),
      privacyAccepted: ticked("privacy-required"),
    })
    .refine(
      (value) =>
        !needsCertificate ||
        (mayComeLater && value.certificateLater) ||
        Boolean(value.certificateId ?? value.keptCertificateId ?? value.reuseCertificateId),
      {
        path: ["certificateId"],
        params: { code: "certificate-required" },
        when: whenSound("certificateId", "keptCertificateId", "reuseCertificateId"),
      },
    )
    .refine((value) => !mayComeLater || value.certificateLater || Boolean(value.certificateExpiresOn), {
      path: ["certificateExpiresOn"],
      params: { code: "required" },
      when: whenSound("certificateExpiresOn"),
    });
  return z.object({ participants: z.array(participant).min(1).max(rules.participantsPerSignup) });
}

/**
 * The participant's fields that must be filled in under these rules, as `participantsForm` checks
 * them: marked on the form before anything is sent (signup.test.ts holds the two together).
 * `certificateId` is required only while no certificate is kept.
 */
export function requiredParticipantFields(rules: ParticipantRules): ReadonlySet<string> {
  return new Set([
    "givenName",
    "familyName",
    "birthDate",
    "gender",
    "email",
    ...(rules.federationCardRequired ? ["federationCard"] : []),
    ...(rules.tshirtSizes.length > 0 ? ["tshirtSize"] : []),
    "emergencyContactName",
    "emergencyContactPhone",
    ...(rules.medicalCertificate !== "none" && !rules.certificateLater
      ? ["certificateId", "certificateExpiresOn"]
      : []),
    "termsAccepted",
    "privacyAccepted",
  ]);
}

export type ParticipantsValue = z.output<ReturnType<typeof participantsForm>>;
type ParticipantValue = ParticipantsValue["participants"][number];

/** The fields a person brings from one signup to the next (not consents, not a certificate). */
const PERSON_FIELDS = [
  "givenName",
  "familyName",
  "birthDate",
  "gender",
  "email",
  "phone",
  "nationality",
  "club",
  "federationCard",
  "tshirtSize",
  "emergencyContactName",
  "emergencyContactPhone",
] as const;

/** What the API takes for each participant: every attribute, absent ones as null. */
export function participantAttributes(value: ParticipantsValue) {
  return value.participants.map((person: ParticipantValue) => ({
    ...Object.fromEntries(PERSON_FIELDS.map((field) => [field, person[field] ?? null])),
    certificateId: person.certificateLater ? null : (person.keptCertificateId ?? null),
    certificateExpiresOn: person.certificateLater ? null : (person.certificateExpiresOn ?? null),
    termsAccepted: person.termsAccepted,
    privacyAccepted: person.privacyAccepted,
  }));
}

type FormValues = Record<string, string>;

/** The form's values for a person known from before (a past participant): strings, nothing empty. */
export function personValues(person: Partial<Record<(typeof PERSON_FIELDS)[number], string | null>>): FormValues {
  const values: FormValues = {};
  for (const field of PERSON_FIELDS) {
    const value = person[field];
    if (typeof value === "string" && value !== "") values[field] = value;
  }
  return values;
}

/**
 * What the participants form starts with: the signup's participants as saved, or the first time
 * the visitor themself, from their personal data.
 */
export function participantDefaults(
  participants: readonly ParticipantAttributes[],
  visitor: Pick<
    UserAttributes,
    "givenName" | "familyName" | "birthDate" | "gender" | "email" | "phone" | "club" | "federationCard"
  > | null,
): FormValues[] {
  if (participants.length === 0) return [visitor ? personValues(visitor) : {}];
  return participants.map((participant) => ({
    ...personValues(participant),
    ...(participant.certificateId ? { keptCertificateId: participant.certificateId } : {}),
    ...(participant.certificateExpiresOn ? { certificateExpiresOn: participant.certificateExpiresOn } : {}),
    ...(participant.termsAccepted ? { termsAccepted: "on" } : {}),
    ...(participant.privacyAccepted ? { privacyAccepted: "on" } : {}),
  }));
}

/** One room type as the stays form offers it, with the nights of its stay. */
export interface RoomOffer {
  id: string;
  guests: number;
  roomsPerNight: number;
  /** YYYY-MM-DD: the first and last night one may sleep there; check-out is at most the day after. */
  firstNight: string;
  lastNight: string;
}

export function roomOffers(stays: readonly Pick<StayAttributes, "firstNight" | "lastNight" | "roomTypes">[]) {
  return stays.flatMap((stay) =>
    stay.roomTypes.map((room) => ({
      id: room.id,
      guests: room.guests,
      roomsPerNight: room.roomsPerNight,
      firstNight: stay.firstNight,
      lastNight: stay.lastNight,
    })),
  );
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function dayAfter(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function staysForm(offers: readonly RoomOffer[]) {
  const offerOf = (id: unknown) => offers.find((offer) => offer.id === id);
  const booking = z
    .object({
      roomTypeId: z.string().refine((id) => Boolean(offerOf(id)), { params: { code: "invalid-value" } }),
      checkIn: z.iso.date(),
      checkOut: z.iso.date(),
      rooms: z.number().int().min(1).max(20),
      guests: z.number().int().min(1).max(100),
    })
    .refine(
      (value) => {
        const offer = offerOf(value.roomTypeId);
        return !offer || (value.checkIn >= offer.firstNight && value.checkIn <= offer.lastNight);
      },
      { path: ["checkIn"], params: { code: "night-not-offered" }, when: whenSound("roomTypeId", "checkIn") },
    )
    // A departure on or before the arrival is the departure's problem, whatever the room.
    .refine((value) => value.checkOut > value.checkIn, {
      path: ["checkOut"],
      params: { code: "check-out-before-check-in" },
      when: whenSound("checkIn", "checkOut"),
    })
    .refine(
      (value) => {
        const offer = offerOf(value.roomTypeId);
        return value.checkOut <= value.checkIn || !offer || value.checkOut <= dayAfter(offer.lastNight);
      },
      {
        path: ["checkOut"],
        params: { code: "check-out-not-offered" },
        when: whenSound("roomTypeId", "checkIn", "checkOut"),
      },
    )
    .refine((value) => value.rooms <= (offerOf(value.roomTypeId)?.roomsPerNight ?? Number.POSITIVE_INFINITY), {
      path: ["rooms"],
      params: { code: "too-many-rooms" },
      when: whenSound("roomTypeId", "rooms"),
    })
    .refine((value) => value.guests <= value.rooms * (offerOf(value.roomTypeId)?.guests ?? Number.POSITIVE_INFINITY), {
      path: ["guests"],
      params: { code: "too-many-guests" },
      when: whenSound("roomTypeId", "rooms", "guests"),
    });
  return z.object({ stays: z.array(booking).min(1).max(10) }).superRefine((value, context) => {
    const seen = new Set<string>();
    for (const [index, stay] of value.stays.entries()) {
      if (seen.has(stay.roomTypeId))
        context.addIssue({ code: "custom", path: ["stays", index, "roomTypeId"], params: { code: "duplicate" } });
      seen.add(stay.roomTypeId);
    }
  });
}

export type StaysValue = z.output<ReturnType<typeof staysForm>>;

export function stayBookingAttributes(value: StaysValue): StayBookingAttributes[] {
  return value.stays.map(({ roomTypeId, checkIn, checkOut, rooms, guests }) => ({
    roomTypeId,
    checkIn,
    checkOut,
    rooms,
    guests,
  }));
}

/**
 * A new row's values: one room, one guest, and when every room offered has the same nights, those
 * nights (arrival on the first, departure the morning after the last) rather than empty dates.
 */
export function newStayRow(offers: readonly Pick<RoomOffer, "firstNight" | "lastNight">[]): FormValues {
  const ranges = new Set(offers.map((offer) => `${offer.firstNight}|${offer.lastNight}`));
  const [only] = offers;
  if (ranges.size !== 1 || !only) return { rooms: "1", guests: "1" };
  return { checkIn: only.firstNight, checkOut: dayAfter(only.lastNight), rooms: "1", guests: "1" };
}

/** The stays form's rows: the signup's bookings, or one new row to fill in. */
export function stayDefaults(
  bookings: readonly StayBookingAttributes[],
  offers: readonly Pick<RoomOffer, "firstNight" | "lastNight">[] = [],
): FormValues[] {
  if (bookings.length === 0) return [newStayRow(offers)];
  return bookings.map((booking) => ({
    roomTypeId: booking.roomTypeId,
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    rooms: String(booking.rooms),
    guests: String(booking.guests),
  }));
}

/**
 * The recap's submission: one of the methods this event offers (`rules.paymentMethods`), and the
 * terms; a signup that costs nothing (a 100% discount code) has no way to pay to choose.
 */
export function recapForm(offered: readonly PaymentMethod[], free = false) {
  if (free)
    return z.object({
      paymentMethod: z.unknown().optional().pipe(z.enum(PAYMENT_METHODS).optional()),
      termsAccepted: ticked("signup-terms-required"),
    });
  return z.object({
    // A choice left unmade is said as such: "choose how to pay", not a text field's "fill in".
    paymentMethod: z
      .unknown()
      .refine((value) => typeof value === "string" && value !== "", {
        params: { code: "payment-method-required" },
        abort: true,
      })
      .pipe(z.enum(PAYMENT_METHODS))
      .refine((method) => offered.includes(method), { params: { code: "invalid-value" } }),
    termsAccepted: ticked("signup-terms-required"),
  });
}

export const cancelSignupForm = z.object({
  signupId: z.string().min(1),
  confirm: ticked("confirm-required"),
});
