import type { AgeRule, EventStatus, GenderRestriction, MedicalCertificate, SignupMode, Sport } from "./catalogue.ts";
import type { LocalizedText } from "./locale.ts";
import type { PaymentProviderId } from "./payment.ts";
import type { PriceTier } from "./price.ts";

/** A sports gathering (race day, tournament, camp) as the catalogue stores it. */
export interface Event {
  id: string;
  slug: string;
  sport: Sport;
  status: EventStatus;
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueName: string;
  street: string | null;
  locality: string;
  region: string | null;
  postalCode: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  coverImage: string | null;
  coverAlt: LocalizedText;
  signupOpensAt: Date | null;
  signupClosesAt: Date | null;
  signupMode: SignupMode;
  minAge: number | null;
  maxAge: number | null;
  ageRule: AgeRule;
  medicalCertificate: MedicalCertificate;
  /** A participant may be signed up (and pay) with the certificate still to upload. */
  certificateLater: boolean;
  /** Days before the race a participant whose certificate is still missing is reminded. */
  certificateReminderDays: number[];
  federationCardRequired: boolean;
  participantsPerSignup: number;
  holdMinutes: number;
  /** Hours a place offered from the waiting list is held for its runner (waiting-list.ts). */
  offerHours: number;
  /** Days an unpaid signup keeps its places once submitted. */
  paymentTermDays: number;
  /** Confirmed signups may be cancelled until this many days before the appointment; null: never. */
  cancellationDaysBefore: number | null;
  /** A confirmed signup's places may be passed to others until this many days before; null: never (transfer.ts). */
  transferDaysBefore: number | null;
  /** What the owner pays for a transfer, in minor units of the appointments' currency; null or 0: free (transfer.ts). */
  transferFee: number | null;
  /** T-shirt sizes offered to participants; empty when there is none. */
  tshirtSizes: string[];
  /** Check-in opens at the start of the day this many days before an appointment's day (check-in.ts). */
  checkInOpensDaysBefore: number;
  /** A cancelled paid signup is refunded in full until this many days before; null: never. */
  refundDaysBefore: number | null;
  /** The payment providers this event offers. */
  paymentMethods: PaymentProviderId[];
  updatedAt: Date;
}

/** One dated occurrence inside an event, with its own capacity, prices and eligibility. */
export interface Appointment {
  id: string;
  eventId: string;
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  placesTaken: number;
  currency: string;
  priceTiers: PriceTier[];
  signupDeadline: Date | null;
  minAge: number | null;
  maxAge: number | null;
  gender: GenderRestriction;
  /** The single appointment through which an event in "event" signup mode takes signups. */
  implicit: boolean;
  /** When the organiser called it off: it takes no signups since. Null: it goes ahead. */
  cancelledAt: Date | null;
  /** Whether runners may join a waiting list once it is sold out (waiting-list.ts). */
  waitingList: boolean;
  /** The course's length, climb and descent in metres (course.ts); null without a course. */
  courseDistance: number | null;
  courseElevationGain: number | null;
  courseElevationLoss: number | null;
}

export interface RoomType {
  id: string;
  name: LocalizedText;
  guests: number;
  pricePerNight: number;
  currency: string;
  roomsPerNight: number;
}

/** Lodging offered with an event, bookable by the night between its first and last night. */
export interface Stay {
  id: string;
  eventId: string;
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  address: string | null;
  firstNight: string;
  lastNight: string;
  roomTypes: RoomType[];
}

/** An editorial page (about, privacy, terms, FAQ) whose body is a safe subset of Markdown. */
export interface ContentPage {
  id: string;
  slug: string;
  title: LocalizedText;
  body: LocalizedText;
  updatedAt: Date;
}
