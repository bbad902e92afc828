import { type EventRow, searchTextOf } from "@sports/db";
import type {
  AgeRule,
  CardKind,
  EventStatus,
  FieldProblem,
  GenderRestriction,
  LocalizedText,
  MedicalCertificate,
  PaymentProviderId,
  PriceTier,
  SignupMode,
  Sport,
} from "@sports/domain";

/**
 * What the organiser gives for an event, as the columns of its record (the API reads the venue as
 * one object and spreads it here). Every field is optional on a change; a new event needs those of
 * `REQUIRED_EVENT_FIELDS`.
 */
export interface EventFields {
  slug?: string;
  sport?: Sport;
  status?: EventStatus;
  title?: LocalizedText;
  summary?: LocalizedText;
  description?: LocalizedText;
  startsAt?: Date;
  endsAt?: Date;
  timeZone?: string;
  venueName?: string;
  street?: string | null;
  locality?: string;
  region?: string | null;
  postalCode?: string | null;
  country?: string;
  latitude?: number | null;
  longitude?: number | null;
  coverAlt?: LocalizedText;
  signupOpensAt?: Date | null;
  signupClosesAt?: Date | null;
  signupMode?: SignupMode;
  minAge?: number | null;
  maxAge?: number | null;
  ageRule?: AgeRule;
  medicalCertificate?: MedicalCertificate;
  certificateLater?: boolean;
  certificateReminderDays?: number[];
  federationCardRequired?: boolean;
  /** The kinds of federation card a runner may give; empty: no card asked. */
  acceptedCards?: CardKind[];
  participantsPerSignup?: number;
  holdMinutes?: number;
  /** Hours a place offered to the first in a waiting list is held for them (decision 027). */
  offerHours?: number;
  paymentTermDays?: number;
  cancellationDaysBefore?: number | null;
  transferDaysBefore?: number | null;
  /** What an owner's transfer costs, in minor units of the appointments' currency; null or 0: free (decision 028). */
  transferFee?: number | null;
  refundDaysBefore?: number | null;
  /** Check-in opens at the start of the day this many days before an appointment's day (packages/domain/src/check-in.ts). */
  checkInOpensDaysBefore?: number;
  paymentMethods?: PaymentProviderId[];
  tshirtSizes?: string[];
}

export const REQUIRED_EVENT_FIELDS = [
  "slug",
  "sport",
  "title",
  "startsAt",
  "endsAt",
  "venueName",
  "locality",
  "country",
] as const satisfies readonly (keyof EventFields)[];

/** What the organiser gives for an appointment. */
export interface AppointmentFields {
  slug?: string;
  title?: LocalizedText;
  description?: LocalizedText;
  startsAt?: Date;
  endsAt?: Date;
  capacity?: number;
  currency?: string;
  priceTiers?: PriceTier[];
  signupDeadline?: Date | null;
  minAge?: number | null;
  maxAge?: number | null;
  gender?: GenderRestriction;
  bibFirst?: number | null;
  bibLast?: number | null;
  /** Whether runners may join the waiting list once it is sold out (decision 027). */
  waitingList?: boolean;
}

export const REQUIRED_APPOINTMENT_FIELDS = [
  "slug",
  "startsAt",
  "endsAt",
  "capacity",
  "priceTiers",
] as const satisfies readonly (keyof AppointmentFields)[];

/** The fields given that the record lacks: `required` problems, one per field. */
export function missingFields(given: object, required: readonly string[]): FieldProblem[] {
  return required
    .filter((name) => (given as Record<string, unknown>)[name] === undefined)
    .map((attribute) => ({ attribute, code: "required", detail: `Give ${attribute}.` }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `change` that differ from `record`, before and after: what an audit line keeps.
 * Empty when nothing changes.
 */
export function changedFields(
  record: object,
  change: object,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) continue;
    const old = (record as Record<string, unknown>)[name];
    if (same(old, value)) continue;
    before[name] = old ?? null;
    after[name] = value;
  }
  return { before, after };
}

/** The rules across fields of an event as it would be after a change (the table's checks, said first). */
export function eventProblems(event: {
  startsAt: Date;
  endsAt: Date;
  minAge: number | null;
  maxAge: number | null;
  latitude: number | null;
  longitude: number | null;
  signupOpensAt: Date | null;
  signupClosesAt: Date | null;
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (event.endsAt < event.startsAt)
    problems.push({ attribute: "endsAt", code: "before-start", detail: "The event cannot end before it starts." });
  if (event.minAge !== null && event.maxAge !== null && event.minAge > event.maxAge)
    problems.push({ attribute: "maxAge", code: "below-min-age", detail: "The highest age is below the lowest." });
  if ((event.latitude === null) !== (event.longitude === null))
    problems.push({
      attribute: "venue/latitude",
      code: "coordinates-incomplete",
      detail: "Give both latitude and longitude, or neither.",
    });
  if (event.signupOpensAt && event.signupClosesAt && event.signupClosesAt < event.signupOpensAt)
    problems.push({
      attribute: "signupClosesAt",
      code: "before-opening",
      detail: "Signups cannot close before they open.",
    });
  return problems;
}

/** The rules across fields of an appointment as it would be after a change. */
export function appointmentProblems(appointment: {
  startsAt: Date;
  endsAt: Date;
  minAge: number | null;
  maxAge: number | null;
  bibFirst: number | null;
  bibLast: number | null;
}): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (appointment.endsAt < appointment.startsAt)
    problems.push({ attribute: "endsAt", code: "before-start", detail: "It cannot end before it starts." });
  if (appointment.minAge !== null && appointment.maxAge !== null && appointment.minAge > appointment.maxAge)
    problems.push({ attribute: "maxAge", code: "below-min-age", detail: "The highest age is below the lowest." });
  if ((appointment.bibFirst === null) !== (appointment.bibLast === null))
    problems.push({
      attribute: "bibLast",
      code: "bibs-incomplete",
      detail: "Give the first and the last bib, or neither.",
    });
  else if (appointment.bibFirst !== null && appointment.bibLast !== null && appointment.bibFirst > appointment.bibLast)
    problems.push({ attribute: "bibLast", code: "below-first-bib", detail: "The last bib is below the first." });
  return problems;
}

/** The search text of an event record after a change of its titles, summaries or place. */
export function searchTextFor(
  event: Pick<EventRow, "title" | "summary" | "venueName" | "locality" | "region">,
): string {
  return searchTextOf({
    title: event.title ?? {},
    summary: event.summary ?? {},
    venueName: event.venueName,
    locality: event.locality,
    region: event.region ?? null,
  });
}
