import type { ParticipantRecord, RoomTypeWithStay, SignupRecord, StayBookingRecord } from "@sports/db";
import {
  type Appointment,
  type Event,
  type Locale,
  type PriceBreakdown,
  pickText,
  priceSignup,
  SignupRuleError,
  type StayLine,
} from "@sports/domain";
import type {
  CertificateAttributes,
  ParticipantAttributes,
  PaymentMethod,
  ResourceObject,
  SignupAttributes,
  StayBookingAttributes,
} from "@sports/jsonapi";
import { appointmentResource, eventResource, type SerializeContext } from "../catalogue/serializers.ts";

const DAY_MS = 86_400_000;

/** A signup with what it is for and what it holds: everything its resource and its price need. */
export interface SignupView {
  signup: SignupRecord;
  appointment: Appointment;
  event: Event;
  participants: ParticipantRecord[];
  stayBookings: StayBookingRecord[];
  roomTypes: Map<string, RoomTypeWithStay>;
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

/** What the signup costs at `now`, or null once the appointment's prices have ended. */
export function priceOf(view: SignupView, now: Date): PriceBreakdown | null {
  try {
    return priceSignup({
      tiers: view.appointment.priceTiers,
      currency: view.appointment.currency,
      timeZone: view.event.timeZone,
      now,
      participantCount: view.participants.length || view.signup.places,
      stays: stayLines(view.stayBookings, view.roomTypes),
    });
  } catch (error) {
    if (error instanceof SignupRuleError) return null;
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

/** The site's address of a signup's recap, in its language (an implicit appointment's slug left out). */
export function signupRecapUrl(origin: string, view: Pick<SignupView, "event" | "appointment" | "signup">): string {
  const { event, appointment, signup } = view;
  const segment = appointment.implicit ? "" : `/${appointment.slug}`;
  return `${origin}/${signup.locale}/evento/${event.slug}/appuntamento${segment}/iscrizione/${signup.id}/recap`;
}

/** A signup's short reference for people: on receipts, in mails, as a bank transfer's reason. */
export function signupReference(signupId: string): string {
  return `SE-${signupId.slice(0, 8).toUpperCase()}`;
}

export function signupResource(view: SignupView, now: Date): ResourceObject<"signups", SignupAttributes> {
  const { signup, appointment, event } = view;
  const open = signup.state === "held" || signup.state === "awaiting-payment";
  const attributes: SignupAttributes = {
    state: signup.state,
    reference: signupReference(signup.id),
    places: signup.places,
    holdExpiresAt: signup.holdExpiresAt.toISOString(),
    paymentDueAt: signup.paymentDueAt?.toISOString() ?? null,
    paymentMethod: signup.paymentMethod as PaymentMethod | null,
    termsAccepted: signup.termsAcceptedAt !== null,
    staysChosen: signup.staysChosen,
    price: priceOf(view, now),
    cancellable: open || (signup.state === "confirmed" && confirmedCancellable(event, appointment, now)),
    createdAt: signup.createdAt.toISOString(),
  };
  return {
    type: "signups",
    id: signup.id,
    attributes,
    relationships: {
      event: { data: { type: "events", id: event.id } },
      appointment: { data: { type: "appointments", id: appointment.id } },
      participants: {
        data: view.participants.map((participant) => ({ type: "participants", id: participant.id })),
        links: { related: `/api/signups/${signup.id}/participants` },
      },
      stayBookings: {
        data: view.stayBookings.map((booking) => ({ type: "stay-bookings", id: booking.id })),
        links: { related: `/api/signups/${signup.id}/stay-bookings` },
      },
    },
    links: { self: `/api/signups/${signup.id}` },
  };
}

export function participantResource(
  participant: ParticipantRecord,
): ResourceObject<"participants", ParticipantAttributes> {
  const { id, signupId: _signupId, consentsAcceptedAt, ...fields } = participant;
  return {
    type: "participants",
    id,
    attributes: { ...fields, termsAccepted: consentsAcceptedAt !== null, privacyAccepted: consentsAcceptedAt !== null },
  };
}

export function stayBookingResource(
  booking: StayBookingRecord,
): ResourceObject<"stay-bookings", StayBookingAttributes> {
  const { id, signupId: _signupId, ...attributes } = booking;
  return { type: "stay-bookings", id, attributes };
}

export function certificateResource(
  signupId: string,
  file: { id: string; fileName: string; mediaType: string; size: number; createdAt: Date },
): ResourceObject<"certificates", CertificateAttributes> {
  return {
    type: "certificates",
    id: file.id,
    attributes: {
      fileName: file.fileName,
      mediaType: file.mediaType as CertificateAttributes["mediaType"],
      size: file.size,
      createdAt: file.createdAt.toISOString(),
    },
    links: { self: `/api/signups/${signupId}/certificates/${file.id}` },
  };
}

/** The resources a signup's document includes: its appointment and event, participants and stays. */
export function includedOf(views: readonly SignupView[], context: SerializeContext): ResourceObject[] {
  const included = new Map<string, ResourceObject>();
  const add = (resource: ResourceObject) => included.set(`${resource.type}:${resource.id}`, resource);
  for (const view of views) {
    add(eventResource(view.event, [], { ...context, includeAppointments: false }));
    add(appointmentResource(view.appointment, view.event, context));
    for (const participant of view.participants) add(participantResource(participant));
    for (const booking of view.stayBookings) add(stayBookingResource(booking));
  }
  return [...included.values()];
}
