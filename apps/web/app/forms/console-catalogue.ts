import { SPORTS } from "@sports/jsonapi";
import { LOCALES } from "../i18n/locale.ts";
import { instantFrom } from "../lib/catalogue-values.ts";
import { z } from "./zod.ts";

/**
 * The console's catalogue forms (an event, an appointment with its prices by date, a stay, a room
 * type), checked in the browser and again by the action with the API's own limits, so that each
 * problem is said at its field in the page's language before the API is asked (and the API's
 * refusals land on the same fields: each field is named after the attribute it sends,
 * `venue.country`, `priceTiers[1].amount`). Amounts are typed in the currency's units (25 or
 * 25,50) and sent in minor units; moments are typed in the event's time zone.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A custom check whose code is the message's (apps/web/app/forms/messages.ts). */
const rule = <T>(check: (value: T) => boolean, code: string) => [check, { params: { code } }] as const;

const slug = z
  .string()
  .trim()
  .max(80)
  .refine(...rule((value: string) => SLUG.test(value), "invalid-slug"));

/** A `datetime-local` value. */
const moment = z
  .string()
  .refine(...rule((value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value), "invalid-moment"));

/** A `date` value. */
const day = z.string().refine(...rule((value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value), "invalid-date"));

/** The largest amount the API takes, in the currency's units (10,000,000 minor units). */
const MOST_MONEY = 100_000;

/** An amount in the currency's units, with a comma or a point, at most two decimals. */
const AMOUNT = /^\d{1,7}(?:[.,]\d{1,2})?$/;

const money = z
  .string()
  .trim()
  .refine(...rule((value: string) => AMOUNT.test(value), "invalid-amount"))
  .refine((value) => !AMOUNT.test(value) || minorUnits(value) <= MOST_MONEY * 100, {
    params: { code: "number-too-big", max: MOST_MONEY },
  });

const whole = (min: number, max: number) => z.number().int().min(min).max(max);

/** A text in each language (`title.it-IT`…), each at most `max` characters; an empty one is not given. */
const texts = (max: number) =>
  z.object(Object.fromEntries(LOCALES.map((locale) => [locale, z.string().trim().max(max).optional()]))) as z.ZodType<
    Texts,
    Texts
  >;

type Texts = Partial<Record<string, string>>;

/** A box ticked (sent as `on`). */
const ticked = z.boolean().optional();

const titleGiven = texts(160)
  .optional()
  .refine(...rule((value: Texts | undefined) => Object.values(value ?? {}).some(Boolean), "title-required"));

/** At most five whole days from 1 to 120, each once: `14, 7, 2`. */
const reminderDays = z
  .string()
  .optional()
  .refine(
    ...rule((value: string | undefined) => {
      const days = reminderDaysOf(value);
      return days !== undefined && days.length <= 5 && new Set(days).size === days.length;
    }, "reminder-days"),
  );

export const PAYMENT_METHODS = ["stripe", "demo", "bank-transfer"] as const;

const venue = z.object({
  name: z.string().trim().max(120),
  locality: z.string().trim().max(120),
  country: z
    .string()
    .trim()
    .refine(...rule((value: string) => /^[A-Za-z]{2}$/.test(value), "invalid-country")),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

/** The opening's waiting room (docs/decisions/072): both its figures, or neither for none. */
const waitingRoom = z
  .object({ shuffleMinutes: whole(0, 240).optional(), admitPerMinute: whole(1, 100_000).optional() })
  .superRefine((room, context) => {
    if ((room.shuffleMinutes === undefined) === (room.admitPerMinute === undefined)) return;
    const missing = room.shuffleMinutes === undefined ? "shuffleMinutes" : "admitPerMinute";
    context.addIssue({ code: "custom", path: [missing], params: { code: "room-incomplete" } });
  });

/** An event's fields, as the event's page shows them. */
export const eventForm = z.object({
  title: titleGiven,
  summary: texts(300).optional(),
  description: texts(20_000).optional(),
  slug,
  sport: z.enum(SPORTS),
  startsAt: moment,
  endsAt: moment,
  timeZone: z.string().trim().max(64),
  // Every field of the venue empty is still the venue's fields missing, each at its own.
  venue: z.preprocess((value) => value ?? {}, venue) as unknown as typeof venue,
  coverAlt: texts(300).optional(),
  signupOpensAt: moment.optional(),
  signupClosesAt: moment.optional(),
  minAge: whole(0, 120).optional(),
  maxAge: whole(0, 120).optional(),
  ageRule: z.enum(["event-date", "birth-year"]),
  medicalCertificate: z.enum(["none", "non-competitive", "competitive"]),
  certificateLater: ticked,
  certificateReminderDays: reminderDays,
  federationCardRequired: ticked,
  participantsPerSignup: whole(1, 50).optional(),
  holdMinutes: whole(1, 1440).optional(),
  offerHours: whole(1, 168).optional(),
  paymentTermDays: whole(1, 60).optional(),
  cancellationDaysBefore: whole(0, 365).optional(),
  transferDaysBefore: whole(0, 365).optional(),
  transferFee: money.optional(),
  refundDaysBefore: whole(0, 365).optional(),
  checkInOpensDaysBefore: whole(0, 365).optional(),
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)).optional(),
  tshirtSizes: z.string().trim().max(300).optional(),
  // Shown once the event exists: `PATCH /api/events/{id}` sets it, creating one does not.
  waitingRoom: z.preprocess((value) => value ?? {}, waitingRoom) as unknown as typeof waitingRoom,
});

export type EventForm = z.infer<typeof eventForm>;

/** The room's change for `PATCH /api/events/{id}`: its figures, or null for none. */
export function waitingRoomAttribute(form: EventForm) {
  const { shuffleMinutes, admitPerMinute } = form.waitingRoom;
  return {
    waitingRoom:
      shuffleMinutes === undefined || admitPerMinute === undefined ? null : { shuffleMinutes, admitPerMinute },
  };
}

/** The event's form as the API's attributes (`POST /api/events`, `PATCH /api/events/{id}`). */
export function eventAttributes(form: EventForm) {
  const { timeZone } = form;
  return {
    slug: form.slug,
    sport: form.sport,
    title: allTexts(form.title),
    summary: allTexts(form.summary),
    description: allTexts(form.description),
    startsAt: instantFrom(form.startsAt, timeZone) ?? form.startsAt,
    endsAt: instantFrom(form.endsAt, timeZone) ?? form.endsAt,
    timeZone,
    venue: {
      name: form.venue.name,
      locality: form.venue.locality,
      country: form.venue.country.toUpperCase(),
      latitude: form.venue.latitude ?? null,
      longitude: form.venue.longitude ?? null,
    },
    coverAlt: allTexts(form.coverAlt),
    signupOpensAt: optionalInstant(form.signupOpensAt, timeZone),
    signupClosesAt: optionalInstant(form.signupClosesAt, timeZone),
    minAge: form.minAge ?? null,
    maxAge: form.maxAge ?? null,
    ageRule: form.ageRule,
    medicalCertificate: form.medicalCertificate,
    certificateLater: form.certificateLater === true,
    certificateReminderDays: reminderDaysOf(form.certificateReminderDays) ?? [],
    federationCardRequired: form.federationCardRequired === true,
    participantsPerSignup: form.participantsPerSignup ?? 1,
    holdMinutes: form.holdMinutes ?? 15,
    offerHours: form.offerHours ?? 24,
    paymentTermDays: form.paymentTermDays ?? 5,
    cancellationDaysBefore: form.cancellationDaysBefore ?? null,
    transferDaysBefore: form.transferDaysBefore ?? null,
    transferFee: form.transferFee === undefined ? null : minorUnits(form.transferFee),
    refundDaysBefore: form.refundDaysBefore ?? null,
    checkInOpensDaysBefore: form.checkInOpensDaysBefore ?? 1,
    paymentMethods: form.paymentMethods ?? [],
    tshirtSizes: (form.tshirtSizes ?? "")
      .split(",")
      .map((size) => size.trim())
      .filter(Boolean),
  };
}

/** The new appointment's form on the event's page: its one price lasts until the start. */
export const newAppointmentForm = z.object({
  title: texts(160).optional(),
  slug,
  startsAt: moment,
  endsAt: moment,
  capacity: whole(0, 1_000_000),
  price: money,
});

export function newAppointmentAttributes(form: z.infer<typeof newAppointmentForm>, timeZone: string) {
  return {
    slug: form.slug,
    title: allTexts(form.title),
    startsAt: instantFrom(form.startsAt, timeZone) ?? form.startsAt,
    endsAt: instantFrom(form.endsAt, timeZone) ?? form.endsAt,
    capacity: form.capacity,
    priceTiers: [{ until: null, amount: minorUnits(form.price) }],
  };
}

/** The new appointment's price is the API's first price tier. */
export const NEW_APPOINTMENT_FIELDS = { priceTiers: "price", "priceTiers[0].amount": "price" };

const priceTier = z.object({ until: day.optional(), amount: money });

/** The prices by date, one row each: at most one without a last day (the API's `one-open-tier`). */
const priceTiers = z
  .array(priceTier)
  .max(20)
  .optional()
  .superRefine((tiers, context) => {
    if (!tiers?.length) context.addIssue({ code: "custom", params: { code: "tiers-required" } });
    const open = (tiers ?? []).flatMap((tier, index) => (tier.until === undefined ? [index] : []));
    for (const index of open.slice(1))
      context.addIssue({ code: "custom", path: [index, "until"], params: { code: "one-open-tier" } });
  });

/** An appointment's own page. */
export const appointmentForm = z.object({
  title: texts(160).optional(),
  description: texts(5_000).optional(),
  slug,
  startsAt: moment,
  endsAt: moment,
  capacity: whole(0, 1_000_000),
  signupDeadline: moment.optional(),
  minAge: whole(0, 120).optional(),
  maxAge: whole(0, 120).optional(),
  gender: z.enum(["any", "female", "male"]),
  bibFirst: whole(1, 999_999).optional(),
  bibLast: whole(1, 999_999).optional(),
  waitingList: ticked,
  priceTiers,
});

export type AppointmentForm = z.infer<typeof appointmentForm>;

/** The appointment's form as the API's attributes: the rows of prices in their order. */
export function appointmentAttributes(form: AppointmentForm, timeZone: string) {
  return {
    slug: form.slug,
    title: allTexts(form.title),
    description: allTexts(form.description),
    startsAt: instantFrom(form.startsAt, timeZone) ?? form.startsAt,
    endsAt: instantFrom(form.endsAt, timeZone) ?? form.endsAt,
    capacity: form.capacity,
    priceTiers: (form.priceTiers ?? []).map((tier) => ({ until: tier.until ?? null, amount: minorUnits(tier.amount) })),
    signupDeadline: optionalInstant(form.signupDeadline, timeZone),
    minAge: form.minAge ?? null,
    maxAge: form.maxAge ?? null,
    gender: form.gender,
    bibFirst: form.bibFirst ?? null,
    bibLast: form.bibLast ?? null,
    waitingList: form.waitingList === true,
  };
}

/** A stay's fields; a new stay (on the event's page) has all but its description and address. */
export const stayForm = z.object({
  name: texts(160).optional(),
  description: texts(5_000).optional(),
  slug,
  address: z.string().trim().max(200).optional(),
  firstNight: day,
  lastNight: day,
});

export const newStayForm = stayForm.pick({ name: true, slug: true, firstNight: true, lastNight: true });

export function stayAttributes(form: Partial<z.infer<typeof stayForm>>) {
  return {
    slug: form.slug,
    name: allTexts(form.name),
    ...(form.description === undefined ? {} : { description: allTexts(form.description) }),
    address: form.address ?? null,
    firstNight: form.firstNight,
    lastNight: form.lastNight,
  };
}

/** A room type of a stay: its price per night typed in the currency's units. */
export const roomTypeForm = z.object({
  name: texts(120).optional(),
  guests: whole(1, 20),
  pricePerNight: money,
  roomsPerNight: whole(0, 10_000),
});

export function roomTypeAttributes(form: z.infer<typeof roomTypeForm>) {
  return {
    name: allTexts(form.name),
    guests: form.guests,
    pricePerNight: minorUnits(form.pricePerNight),
    roomsPerNight: form.roomsPerNight,
  };
}

/** An information page's title and text in each language; a new page has its slug and title. */
export const pageForm = z.object({ title: texts(160).optional(), body: texts(50_000).optional() });
export const newPageForm = z.object({ slug, title: texts(160).optional() });

export const pageAttributes = (form: Partial<z.infer<typeof pageForm>>) => ({
  title: allTexts(form.title),
  ...(form.body === undefined ? {} : { body: allTexts(form.body) }),
});

/** `25`, `25,5` or `25.50` as minor units (2550). */
export function minorUnits(amount: string): number {
  return Math.round(Number(amount.replace(",", ".")) * 100);
}

/** Minor units as typed in the form: 2550 → `25.50`. */
export const unitsOf = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? "" : (amount / 100).toFixed(2);

/** Every language, an empty text for one not given (the API drops it). */
const allTexts = (texts: Texts | undefined) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, texts?.[locale] ?? ""]));

const optionalInstant = (local: string | undefined, timeZone: string) =>
  local ? (instantFrom(local, timeZone) ?? local) : null;

/** `14, 7, 2` as days; undefined when a piece is not a whole number from 1 to 120. */
function reminderDaysOf(value: string | undefined): number[] | undefined {
  const pieces = (value ?? "").split(/[,;\s]+/).filter(Boolean);
  if (!pieces.every((piece) => /^\d{1,3}$/.test(piece) && Number(piece) >= 1 && Number(piece) <= 120)) return undefined;
  return pieces.map(Number);
}
