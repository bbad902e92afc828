/**
 * The catalogue's resources as the API serves them: the contract between packages/api and the site.
 * Texts are already in the answer's language (see `Content-Language`); money is in minor units.
 */

import type { Gender } from "./accounts.ts";
import type { AthletePartName } from "./athletes.ts";
import type { BillingAttributes } from "./billing.ts";
import type { ResultsState } from "./race-times.ts";
import type { Sport } from "./sports.ts";

export interface Money {
  amount: number;
  currency: string;
}

export type AvailabilityState = "open" | "not-yet-open" | "closed" | "sold-out";

export interface Availability {
  capacity: number;
  remaining: number;
  state: AvailabilityState;
}

export interface EventAttributes {
  slug: string;
  sport: Sport;
  status: "published" | "cancelled";
  title: string;
  summary: string | null;
  description: string | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: {
    name: string;
    street: string | null;
    locality: string;
    region: string | null;
    postalCode: string | null;
    country: string;
    latitude: number | null;
    longitude: number | null;
  };
  /** `width`, `height` and `srcset` for an uploaded cover (docs/api.md#put-apieventsidcover). */
  cover: {
    url: string;
    alt: string;
    width?: number;
    height?: number;
    srcset?: { webp: string; jpeg: string };
  } | null;
  signupOpensAt: string | null;
  signupClosesAt: string | null;
  signupMode: "appointment" | "event";
  rules: {
    minAge: number | null;
    maxAge: number | null;
    ageRule: "event-date" | "birth-year";
    medicalCertificate: "none" | "non-competitive" | "competitive";
    /** A participant may be signed up with the certificate still to upload (from My signups). */
    certificateLater: boolean;
    federationCardRequired: boolean;
    participantsPerSignup: number;
    holdMinutes: number;
    paymentTermDays: number;
    /** Confirmed signups may be cancelled until this many days before; null: they cannot be. */
    cancellationDaysBefore: number | null;
    /** A confirmed signup's places may be transferred to others until this many days before; null: never. */
    transferDaysBefore: number | null;
    /** What a transfer costs its owner, in minor units of the appointments' currency; null: free. */
    transferFee: number | null;
    /** T-shirt sizes offered to participants; empty when there is none. */
    tshirtSizes: string[];
    /** A cancelled paid signup is refunded in full until this many days before, then not at all; null: never. */
    refundDaysBefore: number | null;
    /** How a visitor may pay for this event's signups: the providers it offers that the site has live. */
    paymentMethods: PaymentMethod[];
  };
  priceFrom: Money | null;
  availability: Availability | null;
  updatedAt: string;
  /**
   * The opening's waiting room (`GET /api/events/{id}` only): when it opens (`shuffleMinutes` before
   * `signupOpensAt`) and its pace; null without one (docs/decisions/072-waiting-room.md).
   */
  waitingRoom?: { opensAt: string; shuffleMinutes: number; admitPerMinute: number } | null;
}

export interface AppointmentAttributes extends Availability {
  slug: string;
  title: string;
  description: string | null;
  startsAt: string;
  endsAt: string;
  currency: string;
  priceTiers: { until: string | null; amount: number }[];
  currentPrice: Money | null;
  /** When signups close: the appointment's own deadline, else the event's window, else its start. */
  signupDeadline: string;
  eligibility: { minAge: number | null; maxAge: number | null; gender: "any" | "female" | "male" };
  implicit: boolean;
  /** "cancelled" once the organiser called the appointment off (it then reads as closed). */
  status: "open" | "cancelled";
  cancelledAt: string | null;
  /** Whether a runner may join its waiting list once it is sold out (`POST /api/waiting-list-entries`). */
  waitingList: boolean;
  /** The course's figures when the organiser uploaded a GPX (the whole course: `GET /api/appointments/{id}/course`). */
  course: CourseSummary | null;
  /** Where the race's results stand: linked from its pages once `provisional` or `official`. */
  resultsState: ResultsState;
}

/** A course's figures, in metres: what the list of races shows. */
export interface CourseSummary {
  distance: number;
  /** Climb and descent, from the smoothed elevations (GPS noise does not add up to a climb). */
  elevationGain: number;
  elevationLoss: number;
}

/** A point the organiser marked on the course (an aid station, a summit), with how far along it is. */
export interface CourseWaypoint {
  name: string;
  /** Metres from the start, along the track. */
  distance: number;
  elevation: number | null;
  longitude: number;
  latitude: number;
}

/**
 * An appointment's course (`courses`, the same id as its appointment), drawn from the organiser's
 * GPX: the simplified track for the map and its outline, the smoothed elevation profile, the waypoints.
 */
export interface CourseAttributes extends CourseSummary {
  /** Highest and lowest smoothed elevation; null when the GPX has no elevations. */
  highest: number | null;
  lowest: number | null;
  /** The simplified track: `[longitude, latitude]` pairs, in order. */
  track: [number, number][];
  /** The elevation profile: `[metres from the start, elevation]` pairs, at most a few hundred; empty without elevations. */
  profile: [number, number][];
  waypoints: CourseWaypoint[];
  /** `[west, south, east, north]`. */
  bounds: [number, number, number, number];
  /** Where the organiser's GPX is downloaded (`GET /api/appointments/{id}/course.gpx`). */
  gpxUrl: string;
  updatedAt: string;
}

export interface StayAttributes {
  slug: string;
  name: string;
  description: string | null;
  address: string | null;
  firstNight: string;
  lastNight: string;
  roomTypes: { id: string; name: string; guests: number; pricePerNight: Money; roomsPerNight: number }[];
}

export interface PageAttributes {
  slug: string;
  title: string;
  body: string;
  updatedAt: string;
}

/**
 * Signups (`/api/signups`). A signup holds its places from the start; `holdExpiresAt` is when an
 * unfinished one lets them go, `paymentDueAt` when an unpaid one does.
 */
export const SIGNUP_STATES = ["held", "awaiting-payment", "confirmed", "expired", "cancelled"] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

/**
 * How a visitor may pay: each is a payment provider. `stripe` is a card on Stripe's hosted page,
 * `demo` the built-in demonstration (no money moves), `bank-transfer` the organiser's account.
 * An event offers those of them the site has configured (`EventAttributes.paymentMethods`).
 */
export const PAYMENT_METHODS = ["stripe", "demo", "bank-transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Payments (`/api/payments`): one attempt to pay a signup with one provider. `pending` while the
 * visitor is on the provider's page or the transfer is awaited, `processing` while a delayed
 * method settles.
 */
export const PAYMENT_STATES = [
  "created",
  "pending",
  "processing",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "refunded",
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What a bank transfer needs: shown on the recap and the payment result page. */
export interface BankTransferInstructions {
  beneficiary: string;
  /** The demonstration's sample account: no money reaches it (pages say so in their language). */
  sampleAccount: boolean;
  iban: string;
  /** The transfer's reason: the signup's reference. */
  reference: string;
  amount: Money;
  dueAt: string;
}

export interface PaymentAttributes {
  provider: PaymentMethod;
  state: PaymentState;
  amount: Money;
  /** The signup's short reference, as on the receipt and the transfer. */
  reference: string;
  /** Where to send the visitor to pay; null once that page has nothing more to do, and for bank transfers. */
  redirectUrl: string | null;
  /** Set for bank transfers. */
  bankTransfer: BankTransferInstructions | null;
  /** What has been given back, in minor units. */
  refundedAmount: number;
  createdAt: string;
  paidAt: string | null;
  /**
   * Set for a transfer's fee (docs/decisions/028-transfers.md): the transfer it pays, its state and
   * who takes the place; null for a signup's own payment.
   */
  transfer: { id: string; state: "pending" | "done" | "lapsed"; to: string } | null;
}

export interface PriceBreakdown {
  participants: { count: number; unit: Money; amount: number };
  stays: { roomTypeId: string; nights: number; rooms: number; unit: Money; amount: number }[];
  /** The discount code applied at the recap and what it takes off (a percentage rounded half up); null without one. */
  discount: { code: string; kind: "percent" | "amount"; value: number; amount: Money } | null;
  /** The stamp duty the organiser charges the buyer, already in the total; null when none is due. */
  stampDuty: Money | null;
  total: Money;
}

/** A transfer of a participant's place waiting for its fee (`SignupAttributes.pendingTransfers`). */
export interface PendingTransfer {
  id: string;
  participant: string;
  to: { givenName: string; familyName: string };
  fee: number | null;
  expiresAt: string | null;
}

export interface SignupAttributes {
  state: SignupState;
  /** A short reference for people (receipts, bank transfers), such as SE-1A2B3C4D. */
  reference: string;
  places: number;
  holdExpiresAt: string;
  paymentDueAt: string | null;
  paymentMethod: PaymentMethod | null;
  /**
   * Whether another of the event's ways to pay may be chosen now (`provider` on a new payment): its
   * last payment attempt failed, was cancelled or expired, so no money is on its way.
   */
  paymentMethodChangeable: boolean;
  termsAccepted: boolean;
  /** Whether the visitor has been through the stays step (skipping it counts). */
  staysChosen: boolean;
  /** What the signup costs today, computed by the server; null once the appointment's prices have ended. */
  price: PriceBreakdown | null;
  /** Whether its owner may cancel it now (never once one of its participants is checked in). */
  cancellable: boolean;
  /**
   * Whether its owner may now transfer a participant's place to someone else (confirmed, before the
   * event's transfer deadline, none of its participants checked in).
   */
  transferable: boolean;
  /**
   * Its participants' transfers waiting for their fee (decision 028): whose place, to whom, until
   * when the fee may be paid. A place with one is not transferred again meanwhile.
   */
  pendingTransfers: PendingTransfer[];
  /** What cancelling it now gives back (while it may be cancelled), or what its cancellation gave back; null otherwise. */
  refund: SignupRefund | null;
  /** Who its receipt or invoice names, as given at the recap; null until given (the owner's name then). */
  billing: BillingAttributes | null;
  /** The owner's billing details of their last recap, to offer again; only in the answer about one signup. */
  lastBilling: BillingAttributes | null;
  /** What its payment will issue (a business always gets an invoice); null when the organiser issues no documents. */
  document: "receipt" | "invoice" | null;
  createdAt: string;
}

/**
 * A signup's refund under its event's policy: everything paid until the last refund day, nothing
 * after. Before a cancellation, what it would give back; after it, what it owed and whether it went back.
 */
export interface SignupRefund {
  amount: Money;
  /** Why it is what it is: in full, the last refund day has passed, the event gives no refunds, nothing was paid. */
  reason: "in-full" | "deadline-passed" | "no-refunds" | "nothing-paid";
  /** The last moment a cancellation is refunded in full; null when the event gives no refunds. */
  refundableUntil: string | null;
  /** `if-cancelled` before a cancellation; after it `owed` (not given back yet), `refunded`, or `none`. */
  state: "if-cancelled" | "owed" | "refunded" | "none";
}

/** What a participant's fields accept: the API checks these, the site's form mirrors them. */
export const PARTICIPANT_TEXT_LIMITS = {
  givenName: 100,
  familyName: 100,
  email: 254,
  phone: 30,
  nationality: 2,
  club: 150,
  federationCard: 50,
  tshirtSize: 10,
  emergencyContactName: 200,
  emergencyContactPhone: 30,
} as const;

export interface ParticipantAttributes {
  position: number;
  givenName: string;
  familyName: string;
  birthDate: string | null;
  gender: Gender | null;
  email: string | null;
  phone: string | null;
  /** ISO 3166-1 alpha-2. */
  nationality: string | null;
  club: string | null;
  federationCard: string | null;
  tshirtSize: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  /** The uploaded medical certificate (see `certificates`), and the day it expires. */
  certificateId: string | null;
  certificateExpiresOn: string | null;
  /** The organiser's word on the certificate (null: not looked at yet, or none). */
  certificateReview?: "approved" | "rejected" | null;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  /**
   * A club's athlete (docs/decisions/068-club-entries.md): what they have still to give through their
   * own link, and whether that keeps them from checking in (consents or emergency contact missing).
   * Always none, and false, for a runner's signup.
   */
  missing?: AthletePartName[];
  incomplete?: boolean;
  /**
   * For the signup's owner once it is confirmed: the ticket code the check-in desk reads, and its QR
   * code as an SVG document drawn by the server; null otherwise.
   */
  ticketCode?: string | null;
  ticketQr?: string | null;
  /** For the signup's owner once it is confirmed: the bib the organiser gave, or null while none is. */
  bib?: number | null;
}

export interface StayBookingAttributes {
  roomTypeId: string;
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: number;
}

/** Medical certificates: a PDF, JPEG or PNG of at most 5 MB, recognised by its content. */
export const CERTIFICATE_MEDIA_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

export interface CertificateAttributes {
  fileName: string;
  mediaType: (typeof CERTIFICATE_MEDIA_TYPES)[number];
  size: number;
  createdAt: string;
}

/**
 * An account's place in an event's waiting room (`/api/queue-entries`, docs/decisions/072-waiting-room.md):
 * read again after `meta.refreshAfter` seconds while it waits.
 */
export interface QueueEntryAttributes {
  state: "waiting" | "admitted" | "expired" | "used" | "sold-out";
  /** Null before the opening's draw, for those who joined before it. */
  place: number | null;
  /** 1 for the next to be admitted, while waiting. */
  position: number | null;
  ahead: number | null;
  /** Seconds until the admission (until the opening, before the draw). */
  estimatedWait: number | null;
  pass: string | null;
  passExpiresAt: string | null;
  /** The event's signup opening. */
  opensAt: string;
  joinedAt: string;
}
