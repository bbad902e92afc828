import type { LocalizedText, PriceTier } from "@sports/domain";
import type { appointments, events, roomTypes, stays } from "../schema.ts";
import type { Clock } from "./dates.ts";

type EventRow = typeof events.$inferInsert;
type AppointmentRow = typeof appointments.$inferInsert;
type StayRow = typeof stays.$inferInsert;
type RoomTypeRow = typeof roomTypes.$inferInsert;

/**
 * Signup settings an event may leave to their defaults (payment term, cancellations, refunds,
 * T-shirts, payment methods, transfers, a certificate uploaded later and its reminders, a waiting
 * list's offers, when check-in opens, the federation cards accepted).
 */
type SignupSettings =
  | "acceptedCards"
  | "offerHours"
  | "checkInOpensDaysBefore"
  | "certificateLater"
  | "certificateReminderDays"
  | "paymentTermDays"
  | "cancellationDaysBefore"
  | "transferDaysBefore"
  | "transferFee"
  | "refundDaysBefore"
  | "tshirtSizes"
  | "paymentMethods";

/** An event as the demo writes it: the row without ids or derived columns, every rule spelled out. */
export type DemoEventFields = Required<
  Omit<EventRow, "id" | "searchText" | "createdAt" | "updatedAt" | SignupSettings>
> &
  Pick<EventRow, SignupSettings>;
export type DemoAppointment = Required<Omit<AppointmentRow, "id" | "eventId">>;
export type DemoRoomType = Required<Omit<RoomTypeRow, "id" | "stayId" | "position">>;

export interface DemoStay extends Required<Omit<StayRow, "id" | "eventId">> {
  roomTypes: DemoRoomType[];
}

export interface DemoEvent {
  event: DemoEventFields;
  appointments: DemoAppointment[];
  stays: DemoStay[];
}

/** One event of the demo catalogue, built against a clock so its dates follow "now". */
export type DemoEventBuilder = (clock: Clock) => DemoEvent;

/** Markdown paragraphs (or lists) separated by blank lines. */
export function md(...blocks: string[]): string {
  return blocks.join("\n\n");
}

/** Prices by date: each `[until, amount]` pair ends on its local day; the last amount is open-ended. */
export function tiers(...steps: [...[string, number][], number]): PriceTier[] {
  const last = steps[steps.length - 1];
  const dated = steps.slice(0, -1) as [string, number][];
  return [...dated.map(([until, amount]) => ({ until, amount })), { until: null, amount: last as number }];
}

/** A catalogue text in the five languages the site speaks: Italian, English, German, French, Spanish. */
export function text(it: string, en: string, de: string, fr: string, es: string): LocalizedText {
  return { "it-IT": it, "en-US": en, "de-DE": de, "fr-FR": fr, "es-ES": es };
}

/** The defaults every appointment shares unless it says otherwise. */
export function appointment(
  fields: Pick<
    DemoAppointment,
    "slug" | "title" | "description" | "startsAt" | "endsAt" | "capacity" | "placesTaken" | "priceTiers"
  > &
    Partial<DemoAppointment>,
): DemoAppointment {
  return {
    currency: "EUR",
    signupDeadline: null,
    minAge: null,
    maxAge: null,
    gender: "any",
    implicit: false,
    bibFirst: null,
    bibLast: null,
    cancelledAt: null,
    waitingList: true,
    courseDistance: null,
    courseElevationGain: null,
    courseElevationLoss: null,
    ...fields,
  };
}

export function roomType(
  name: LocalizedText,
  guests: number,
  pricePerNight: number,
  roomsPerNight: number,
): DemoRoomType {
  return { name, guests, pricePerNight, currency: "EUR", roomsPerNight };
}

/** What most demo events share: an Italian venue, published, signups per appointment of one runner each. */
const EVENT_DEFAULTS = {
  country: "IT",
  timeZone: "Europe/Rome",
  status: "published",
  signupMode: "appointment",
  maxAge: null,
  ageRule: "event-date",
  participantsPerSignup: 1,
  holdMinutes: 15,
} as const satisfies Partial<DemoEventFields>;

/** A demo event from what sets it apart: the fields of `EVENT_DEFAULTS` it leaves out take their value there. */
export function demoEvent(
  fields: Omit<DemoEventFields, keyof typeof EVENT_DEFAULTS> &
    Partial<Pick<DemoEventFields, keyof typeof EVENT_DEFAULTS>>,
): DemoEventFields {
  return { ...EVENT_DEFAULTS, ...fields };
}
