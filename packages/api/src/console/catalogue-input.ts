import {
  AGE_RULES,
  CARD_KINDS,
  CERTIFICATE_REMINDER_LIMITS,
  GENDER_RESTRICTIONS,
  LOCALES,
  MEDICAL_CERTIFICATES,
  PAYMENT_PROVIDER_IDS,
  RESULTS_STATES,
  SIGNUP_MODES,
  SPORTS,
  WAITING_ROOM_LIMITS,
} from "@sports/domain";
import type { AppointmentFields, EventFields, RaceResultsChange, RoomTypeFields, StayFields } from "@sports/usecases";
import { z } from "zod";
import { calendarDay, plainText } from "../fields.ts";

/**
 * The shapes of the catalogue as the organiser writes it (events, appointments): each translated
 * text an object keyed by language tag, the venue one object as the public API shows it. A creation
 * needs the fields marked required; a change takes any of them.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = z.string().max(80).regex(SLUG, { message: "Use lower-case letters, digits and single hyphens." });

/** Text of several lines (descriptions): bounded, without control characters other than line breaks. */
const longText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what the rule refuses.
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/.test(value), {
      message: "Use plain text: no control or text-direction characters.",
      params: { code: "invalid-characters" },
    });

/** `{ "it-IT": "…", "en-US": "…" }`: an empty text is a language not given. */
const localized = (text: z.ZodType<string, string>) =>
  z
    .strictObject(
      Object.fromEntries(LOCALES.map((locale) => [locale, text.nullable().optional()])) as Record<
        (typeof LOCALES)[number],
        z.ZodOptional<z.ZodNullable<z.ZodType<string, string>>>
      >,
    )
    .transform(
      (value) =>
        Object.fromEntries(
          Object.entries(value).filter(([, text]) => typeof text === "string" && text !== ""),
        ) as Partial<Record<(typeof LOCALES)[number], string>>,
    );

const instant = z.iso
  .datetime({ offset: true, message: "Give an instant such as 2027-05-01T09:00:00+02:00." })
  .transform((value) => new Date(value));

const timeZone = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: value });
      return value.includes("/") || value === "UTC";
    } catch {
      return false;
    }
  },
  { message: "Give an IANA time zone such as Europe/Rome.", params: { code: "invalid-value" } },
);

const optionalText = (max: number) =>
  plainText(max)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));

const days = z.number().int().min(0).max(365).nullable();
const age = z.number().int().min(0).max(120).nullable();

const venue = z.strictObject({
  name: plainText(120).pipe(z.string().min(1, { message: "Fill this in." })),
  street: optionalText(160),
  locality: plainText(120).pipe(z.string().min(1, { message: "Fill this in." })),
  region: optionalText(120),
  postalCode: optionalText(20),
  country: z.string().regex(/^[A-Z]{2}$/, {
    message: "Give the country as its two-letter ISO code.",
  }),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
});

const eventShape = {
  slug,
  sport: z.enum(SPORTS),
  status: z.enum(["draft", "published", "cancelled"]),
  title: localized(plainText(160)).refine((value) => Object.keys(value).length > 0, {
    message: "Give the title in at least one language.",
    params: { code: "required" },
  }),
  summary: localized(plainText(300)),
  description: localized(longText(20_000)),
  startsAt: instant,
  endsAt: instant,
  timeZone,
  venue,
  coverAlt: localized(plainText(300)),
  signupOpensAt: instant.nullable(),
  signupClosesAt: instant.nullable(),
  signupMode: z.enum(SIGNUP_MODES),
  minAge: age,
  maxAge: age,
  ageRule: z.enum(AGE_RULES),
  medicalCertificate: z.enum(MEDICAL_CERTIFICATES),
  certificateLater: z.boolean(),
  certificateReminderDays: z
    .array(z.number().int().min(CERTIFICATE_REMINDER_LIMITS.min).max(CERTIFICATE_REMINDER_LIMITS.max))
    .max(CERTIFICATE_REMINDER_LIMITS.count)
    .refine((list) => new Set(list).size === list.length, {
      message: "Give each reminder day once.",
      params: { code: "invalid-value" },
    }),
  federationCardRequired: z.boolean(),
  acceptedCards: z
    .array(z.enum(CARD_KINDS))
    .max(CARD_KINDS.length)
    .refine((list) => new Set(list).size === list.length, {
      message: "Give each kind of card once.",
      params: { code: "invalid-value" },
    })
    // Kept in the order of CARD_KINDS, so the same kinds given in another order are no change.
    .transform((kinds) => CARD_KINDS.filter((kind) => kinds.includes(kind))),
  participantsPerSignup: z.number().int().min(1).max(50),
  holdMinutes: z.number().int().min(1).max(1440),
  offerHours: z.number().int().min(1).max(168),
  paymentTermDays: z.number().int().min(1).max(60),
  cancellationDaysBefore: days,
  transferDaysBefore: days,
  transferFee: z.number().int().min(0).max(10_000_000).nullable(),
  refundDaysBefore: days,
  checkInOpensDaysBefore: z.number().int().min(0).max(365),
  paymentMethods: z.array(z.enum(PAYMENT_PROVIDER_IDS)).max(PAYMENT_PROVIDER_IDS.length),
  tshirtSizes: z.array(plainText(10).pipe(z.string().min(1))).max(20),
};

const REQUIRED_EVENT = ["slug", "sport", "title", "startsAt", "endsAt", "venue"] as const;

/** A new event: the required fields, and any of the others. */
export const newEventInput = z
  .strictObject(eventShape)
  .partial()
  .required(
    Object.fromEntries(REQUIRED_EVENT.map((name) => [name, true])) as { [K in (typeof REQUIRED_EVENT)[number]]: true },
  );

/** A change of an event: any of its fields; the venue's fields one by one. */
export const eventChangeInput = z.strictObject({ ...eventShape, venue: venue.partial() }).partial();

/** The waiting room of the event's opening (docs/decisions/072-waiting-room.md); null turns it off. */
const waitingRoom = z
  .strictObject({
    shuffleMinutes: z
      .number()
      .int()
      .min(WAITING_ROOM_LIMITS.shuffleMinutes.min)
      .max(WAITING_ROOM_LIMITS.shuffleMinutes.max),
    admitPerMinute: z
      .number()
      .int()
      .min(WAITING_ROOM_LIMITS.admitPerMinute.min)
      .max(WAITING_ROOM_LIMITS.admitPerMinute.max),
  })
  .nullable();

/** `PATCH /api/events/{id}`: a change of the event, and of its waiting room. */
export const eventPatchInput = eventChangeInput.extend({ waitingRoom: waitingRoom.optional() });

/** The attributes read as the use cases' fields: the venue spread into its columns. */
export function eventFieldsOf(input: z.infer<typeof eventChangeInput>): EventFields {
  const { venue, ...rest } = input;
  const fields: EventFields = { ...rest };
  if (venue) {
    if (venue.name !== undefined) fields.venueName = venue.name;
    if (venue.street !== undefined) fields.street = venue.street;
    if (venue.locality !== undefined) fields.locality = venue.locality;
    if (venue.region !== undefined) fields.region = venue.region;
    if (venue.postalCode !== undefined) fields.postalCode = venue.postalCode;
    if (venue.country !== undefined) fields.country = venue.country;
    if (venue.latitude !== undefined) fields.latitude = venue.latitude;
    if (venue.longitude !== undefined) fields.longitude = venue.longitude;
  }
  return fields;
}

const priceTier = z.strictObject({
  until: z.iso.date().nullable(),
  amount: z.number().int().min(0).max(10_000_000),
});

const appointmentShape = {
  slug,
  title: localized(plainText(160)),
  description: localized(longText(5_000)),
  startsAt: instant,
  endsAt: instant,
  capacity: z.number().int().min(0).max(1_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/, { message: "Give an ISO currency code." }),
  priceTiers: z
    .array(priceTier)
    .min(1)
    .max(20)
    .superRefine((tiers, context) => {
      // Each open-ended tier after the first is the one at fault: its `until` is missing.
      const open = tiers.flatMap((tier, index) => (tier.until === null ? [index] : []));
      for (const index of open.slice(1))
        context.addIssue({
          code: "custom",
          path: [index, "until"],
          message: "Only one price lasts until the appointment (until: null): give this one its last day.",
          params: { code: "one-open-tier" },
        });
    }),
  signupDeadline: instant.nullable(),
  minAge: age,
  maxAge: age,
  gender: z.enum(GENDER_RESTRICTIONS),
  bibFirst: z.number().int().min(1).max(999_999).nullable(),
  bibLast: z.number().int().min(1).max(999_999).nullable(),
  waitingList: z.boolean(),
};

const REQUIRED_APPOINTMENT = ["slug", "startsAt", "endsAt", "capacity", "priceTiers"] as const;

export const newAppointmentInput = z
  .strictObject(appointmentShape)
  .partial()
  .required(
    Object.fromEntries(REQUIRED_APPOINTMENT.map((name) => [name, true])) as {
      [K in (typeof REQUIRED_APPOINTMENT)[number]]: true;
    },
  );

const categoryBand = z.strictObject({
  code: z.string().trim().min(1).max(20),
  minAge: z.number().int().min(0).max(120),
  maxAge: z.number().int().min(0).max(120).nullable(),
  gender: z.enum(["female", "male", "any"]),
});

/** How a race's results are worked out and where they stand (packages/usecases/src/results/race-results-settings.ts). */
const raceResultsShape = {
  resultsState: z.enum(RESULTS_STATES),
  resultsClaimsUntil: instant.nullable(),
  startedAt: instant.nullable(),
  rankBy: z.enum(["gunTime", "netTime"]),
  categoryRules: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("fidal") }),
    z.strictObject({ kind: z.literal("bands"), bands: z.array(categoryBand).max(100) }),
  ]),
  /** Why official results go back to provisional. */
  resultsReason: z.string().max(500),
};
const RACE_RESULTS_FIELDS = Object.keys(raceResultsShape);

/** A change may also call the appointment off (`status: "cancelled"`); "open" only says it goes ahead. */
export const appointmentChangeInput = z
  .strictObject({ ...appointmentShape, ...raceResultsShape, status: z.enum(["open", "cancelled"]) })
  .partial();

type AppointmentChange = z.infer<typeof appointmentChangeInput>;

export const appointmentFieldsOf = (input: AppointmentChange): AppointmentFields =>
  Object.fromEntries(
    Object.entries(input).filter(([key]) => key !== "status" && !RACE_RESULTS_FIELDS.includes(key)),
  ) as AppointmentFields;

/** The results' part of an appointment's change, or null when it has none. */
export function raceResultsChangeOf(input: AppointmentChange): RaceResultsChange | null {
  if (!RACE_RESULTS_FIELDS.some((key) => key in input)) return null;
  const { resultsState, resultsClaimsUntil, startedAt, rankBy, categoryRules, resultsReason } = input;
  return { resultsState, resultsClaimsUntil, startedAt, rankBy, categoryRules, reason: resultsReason };
}

const stayShape = {
  slug,
  name: localized(plainText(160)),
  description: localized(longText(5_000)),
  address: optionalText(200),
  firstNight: calendarDay(),
  lastNight: calendarDay(),
};

export const newStayInput = z
  .strictObject(stayShape)
  .partial()
  .required({ slug: true, firstNight: true, lastNight: true });
export const stayChangeInput = z.strictObject(stayShape).partial();
export const stayFieldsOf = (input: z.infer<typeof stayChangeInput>): StayFields => input;

const roomTypeShape = {
  name: localized(plainText(120)),
  guests: z.number().int().min(1).max(20),
  pricePerNight: z.number().int().min(0).max(10_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/, { message: "Give an ISO currency code." }),
  roomsPerNight: z.number().int().min(0).max(10_000),
  position: z.number().int().min(0).max(1000),
};

export const newRoomTypeInput = z
  .strictObject(roomTypeShape)
  .partial()
  .required({ guests: true, pricePerNight: true, roomsPerNight: true });
export const roomTypeChangeInput = z.strictObject(roomTypeShape).partial();
export const roomTypeFieldsOf = (input: z.infer<typeof roomTypeChangeInput>): RoomTypeFields => input;

const pageShape = {
  slug,
  title: localized(plainText(160)),
  body: localized(longText(50_000)),
};

export const newPageInput = z.strictObject(pageShape).partial().required({ slug: true, title: true });
export const pageChangeInput = z.strictObject({ title: pageShape.title, body: pageShape.body }).partial();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's id from the path: anything but a UUID names nothing (404, not a database error). */
export function idParam(value: string): string {
  return UUID.test(value) ? value.toLowerCase() : "00000000-0000-0000-0000-000000000000";
}
