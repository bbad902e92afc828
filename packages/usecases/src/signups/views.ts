import {
  appointmentsWithEvents,
  bibsOfSignups,
  checkedInSignups,
  type Database,
  type DiscountCodeRecord,
  discountCodesById,
  findOrganisation,
  type ParticipantRecord,
  type PaymentRecord,
  participantsOf,
  paymentsOfSignups,
  pendingTransfersOfSignups,
  type RoomTypeWithStay,
  roomTypesById,
  type SignupRecord,
  type StayBookingRecord,
  snapshotOf,
  stayBookingsOf,
  type Transaction,
  type TransferRecord,
} from "@sports/db";
import {
  type Appointment,
  type BillingRules,
  type Event,
  expire,
  isLapsed,
  isRefusal,
  type Locale,
  type PriceBreakdown,
  pickText,
  priceSignup,
  type StayLine,
  type User,
} from "@sports/domain";
import { localizedUrl, placeOf, signupPath } from "@sports/jsonapi";
import { billingRulesOf } from "../billing/rules.ts";
import type { Deps } from "../deps.ts";
import type { SignupDetails } from "../mail/templates.ts";
import { applyTransition, withSignup } from "./transitions.ts";

const DAY_MS = 86_400_000;

/** A signup with what it is for and what it holds: everything its answer and its price need. */
export interface SignupView {
  signup: SignupRecord;
  appointment: Appointment;
  event: Event;
  participants: ParticipantRecord[];
  stayBookings: StayBookingRecord[];
  roomTypes: Map<string, RoomTypeWithStay>;
  /** Its payment attempts, newest first. */
  payments: PaymentRecord[];
  /** The discount code applied at the recap, if any (decision 029). */
  discountCode: DiscountCodeRecord | null;
  /** Its participants' transfers waiting for their fee (decision 028). */
  pendingTransfers: TransferRecord[];
  /** The bib each participant was given, by participant id (a confirmed signup's, once bibs are given). */
  bibs: Map<string, number>;
  /** Whether one of its participants has been checked in: its owner may then neither cancel nor transfer. */
  checkedIn: boolean;
  /** The organiser's VAT and stamp duty rules (decision 066); null while no fiscal identity is set. */
  billingRules: BillingRules | null;
  /** What a private person gets by the organiser's settings, unless they ask for an invoice; null: nothing is issued. */
  personDocument: "receipt" | "invoice" | null;
}

/**
 * Loads what the given signups are for, hold and paid, in ten queries at most whatever their
 * number: fewer for signups under way, and none for what they are for when `target` is it.
 */
export async function views(
  db: Database | Transaction,
  signups: readonly SignupRecord[],
  target?: { appointment: Appointment; event: Event },
): Promise<SignupView[]> {
  const ids = signups.map((signup) => signup.id);
  const confirmed = signups.filter((signup) => signup.state === "confirmed").map((signup) => signup.id);
  // A payment is started only for a submitted signup (payments/start-payment.ts, mark-paid.ts): a
  // hold, however long, has none to read.
  const submitted = signups.filter((signup) => signup.state !== "held").map((signup) => signup.id);
  const [targets, people, bookings, attempts, codes, pending, given, checkedIn, organisation] = await Promise.all([
    target && signups.every((signup) => signup.appointmentId === target.appointment.id)
      ? new Map([[target.appointment.id, target]])
      : appointmentsWithEvents(
          db,
          signups.map((signup) => signup.appointmentId),
        ),
    participantsOf(db, ids),
    stayBookingsOf(db, ids),
    paymentsOfSignups(db, submitted),
    discountCodesById(
      db,
      signups.flatMap((signup) => (signup.discountCodeId ? [signup.discountCodeId] : [])),
    ),
    // Only a confirmed signup's places are transferred, given bibs and checked in: the steps of a
    // signup under way read nothing here.
    pendingTransfersOfSignups(db, confirmed),
    bibsOfSignups(db, confirmed),
    checkedInSignups(db, confirmed),
    findOrganisation(db),
  ]);
  const billingRules = billingRulesOf(organisation);
  const personDocument = organisation?.personDocument ?? null;
  const rooms = await roomTypesById(
    db,
    bookings.map((booking) => booking.roomTypeId),
  );
  return signups.map((signup) => {
    const target = targets.get(signup.appointmentId);
    if (!target) throw new Error(`The appointment of signup ${signup.id} is missing.`);
    return {
      signup,
      ...target,
      participants: people.filter((person) => person.signupId === signup.id),
      stayBookings: bookings.filter((booking) => booking.signupId === signup.id),
      roomTypes: rooms,
      payments: attempts.filter((payment) => payment.signupId === signup.id),
      discountCode: (signup.discountCodeId && codes.get(signup.discountCodeId)) || null,
      pendingTransfers: pending.filter((transfer) => transfer.signupId === signup.id),
      bibs: given,
      checkedIn: checkedIn.has(signup.id),
      billingRules,
      personDocument,
    };
  });
}

/** The view of one signup. */
export async function viewOf(db: Database | Transaction, signup: SignupRecord): Promise<SignupView> {
  const [view] = await views(db, [signup]);
  if (!view) throw new Error(`No view of signup ${signup.id}.`);
  return view;
}

/** Expires a lapsed signup before it is shown or changed: nobody has to wait for the expiry job. */
export async function settleLapsed(deps: Deps, signup: SignupRecord): Promise<SignupRecord> {
  if (!isLapsed(signup, deps.now)) return signup;
  return withSignup(deps, signup.id, async (tx, locked) => {
    if (!isLapsed(locked, deps.now)) return locked;
    return applyTransition(deps, tx, locked, expire(snapshotOf(locked, 0), deps.now));
  });
}

/** The stays a signup books, as the price computation takes them. */
export function stayLines(bookings: readonly StayBookingRecord[], rooms: Map<string, RoomTypeWithStay>): StayLine[] {
  return bookings.map((booking) => {
    const room = rooms.get(booking.roomTypeId)?.room;
    if (!room) throw new Error(`Room type ${booking.roomTypeId} of a booking is missing.`);
    return {
      roomTypeId: booking.roomTypeId,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      rooms: booking.rooms,
      pricePerNight: { amount: room.pricePerNight, currency: room.currency },
    };
  });
}

/** What the signup costs at `now`, its discount code taken off, or null once the appointment's prices have ended. */
export function priceOf(view: SignupView, now: Date): PriceBreakdown | null {
  try {
    return priceSignup({
      tiers: view.appointment.priceTiers,
      currency: view.appointment.currency,
      timeZone: view.event.timeZone,
      now,
      participantCount: view.participants.length || view.signup.places,
      stays: stayLines(view.stayBookings, view.roomTypes),
      discount: view.discountCode,
      billing: view.billingRules,
    });
  } catch (error) {
    if (isRefusal(error, "closed")) return null;
    throw error;
  }
}

/** Whether a confirmed signup may still be cancelled: until the event's days before the appointment. */
export function confirmedCancellable(event: Event, appointment: Appointment, now: Date): boolean {
  if (event.cancellationDaysBefore === null) return false;
  return now.getTime() < appointment.startsAt.getTime() - event.cancellationDaysBefore * DAY_MS;
}

/** What a signup is for, in one line: "event – appointment" in the given language. */
export function signupTitle(view: Pick<SignupView, "event" | "appointment">, locale: Locale): string {
  return [pickText(view.event.title, locale), pickText(view.appointment.title, locale)].filter(Boolean).join(" – ");
}

/** The site's address of a signup's recap, in the given language (by default the signup's). */
export function signupRecapUrl(
  siteUrl: string,
  view: Pick<SignupView, "event" | "appointment" | "signup">,
  locale: Locale = view.signup.locale,
): string {
  const path = signupPath(placeOf(view.event, view.appointment), view.signup.id, "recap");
  return localizedUrl(siteUrl, locale, path);
}

/**
 * The language a signup's mails are written in (docs/decisions/018-mail-language.md): its owner's
 * account language as it is when the mail is written, whatever page the signup was started on.
 */
export function mailLanguage(owner: Pick<User, "preferredLocale">): Locale {
  return owner.preferredLocale;
}

/** What a signup's mails say it is for: the appointment's start, the event's place and the lodging booked. */
export function signupDetails(view: SignupView, locale: Locale): SignupDetails {
  const { event, appointment } = view;
  return {
    startsAt: appointment.startsAt,
    timeZone: event.timeZone,
    place: [event.venueName, event.street, [event.postalCode, event.locality].filter(Boolean).join(" ")].filter(
      (part): part is string => Boolean(part),
    ),
    stays: view.stayBookings.map((booking) => {
      const found = view.roomTypes.get(booking.roomTypeId);
      return {
        room: (found && pickText(found.room.name, locale)) ?? "",
        stay: (found && pickText(found.stay.name, locale)) ?? "",
        checkIn: booking.checkIn,
        checkOut: booking.checkOut,
        rooms: booking.rooms,
        guests: booking.guests,
      };
    }),
  };
}

/** A signup's short reference for people: on receipts, in mails, as a bank transfer's reason. */
export function signupReference(signupId: string): string {
  return `SE-${signupId.slice(0, 8).toUpperCase()}`;
}
