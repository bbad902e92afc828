import { type ContentPage, courseSummaryOf, type Stay, type WaitingRoomRules } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import type { AppointmentRecord, ConsoleEvent, RaceResultsRecord, RoomTypeRecord, StayRecord } from "@sports/usecases";
import { venueOf } from "../catalogue/serializers.ts";
import { raceResultsAttributes } from "../results/serializers.ts";

/**
 * The catalogue as the console reads it: every translated text as an object keyed by language tag
 * (the public API picks one language), the venue as the public API shows it, drafts included.
 */

export function consoleEventResource(
  event: ConsoleEvent,
  appointments?: readonly AppointmentRecord[],
  stays?: readonly Stay[],
  /** The event's waiting room (null: none); left out where the answer does not read it. */
  waitingRoom?: WaitingRoomRules | null,
): ResourceObject<"events", Record<string, unknown>> {
  return {
    type: "events",
    id: event.id,
    attributes: {
      slug: event.slug,
      sport: event.sport,
      status: event.status,
      title: event.title,
      summary: event.summary,
      description: event.description,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      timeZone: event.timeZone,
      venue: venueOf(event),
      cover: event.coverImage ? { url: event.coverImage } : null,
      coverAlt: event.coverAlt,
      signupOpensAt: event.signupOpensAt?.toISOString() ?? null,
      signupClosesAt: event.signupClosesAt?.toISOString() ?? null,
      signupMode: event.signupMode,
      minAge: event.minAge,
      maxAge: event.maxAge,
      ageRule: event.ageRule,
      medicalCertificate: event.medicalCertificate,
      certificateLater: event.certificateLater,
      certificateReminderDays: event.certificateReminderDays,
      federationCardRequired: event.federationCardRequired,
      acceptedCards: event.acceptedCards,
      participantsPerSignup: event.participantsPerSignup,
      holdMinutes: event.holdMinutes,
      offerHours: event.offerHours,
      paymentTermDays: event.paymentTermDays,
      cancellationDaysBefore: event.cancellationDaysBefore,
      transferDaysBefore: event.transferDaysBefore,
      transferFee: event.transferFee,
      refundDaysBefore: event.refundDaysBefore,
      checkInOpensDaysBefore: event.checkInOpensDaysBefore,
      paymentMethods: event.paymentMethods,
      tshirtSizes: event.tshirtSizes,
      ...(waitingRoom !== undefined ? { waitingRoom } : {}),
      createdAt: event.createdAt.toISOString(),
      updatedAt: event.updatedAt.toISOString(),
    },
    relationships: {
      appointments: {
        links: { related: `/api/events/${event.id}/appointments` },
        ...(appointments ? { data: appointments.map((a) => ({ type: "appointments", id: a.id })) } : {}),
      },
      stays: {
        links: { related: `/api/events/${event.id}/stays` },
        ...(stays ? { data: stays.map((s) => ({ type: "stays", id: s.id })) } : {}),
      },
    },
    links: { self: `/api/console/events/${event.id}` },
  };
}

export function consoleAppointmentResource(
  appointment: AppointmentRecord,
  results?: RaceResultsRecord,
): ResourceObject<"appointments", Record<string, unknown>> {
  return {
    type: "appointments",
    id: appointment.id,
    attributes: {
      slug: appointment.slug,
      title: appointment.title,
      description: appointment.description,
      startsAt: appointment.startsAt.toISOString(),
      endsAt: appointment.endsAt.toISOString(),
      capacity: appointment.capacity,
      placesTaken: appointment.placesTaken,
      currency: appointment.currency,
      priceTiers: appointment.priceTiers,
      signupDeadline: appointment.signupDeadline?.toISOString() ?? null,
      minAge: appointment.minAge,
      maxAge: appointment.maxAge,
      gender: appointment.gender,
      bibFirst: appointment.bibFirst,
      bibLast: appointment.bibLast,
      waitingList: appointment.waitingList,
      implicit: appointment.implicit,
      status: appointment.cancelledAt ? "cancelled" : "open",
      cancelledAt: appointment.cancelledAt?.toISOString() ?? null,
      // The course's figures (null: none uploaded); the course itself: GET /api/appointments/{id}/course.
      course: courseSummaryOf(appointment),
      // How its results are worked out and where they stand, when the change was about them.
      ...(results ? raceResultsAttributes(results) : {}),
    },
    relationships: {
      event: { data: { type: "events", id: appointment.eventId } },
    },
    links: { self: `/api/appointments/${appointment.id}` },
  };
}

/** What a stay says of itself, as both of its resources below write it. */
const stayAttributes = (stay: Stay | StayRecord) => ({
  slug: stay.slug,
  name: stay.name,
  description: stay.description,
  address: stay.address,
  firstNight: stay.firstNight,
  lastNight: stay.lastNight,
});

export function consoleStayResource(stay: Stay): ResourceObject<"stays", Record<string, unknown>> {
  return {
    type: "stays",
    id: stay.id,
    attributes: {
      ...stayAttributes(stay),
      roomTypes: stay.roomTypes.map((room) => ({
        id: room.id,
        name: room.name,
        guests: room.guests,
        pricePerNight: { amount: room.pricePerNight, currency: room.currency },
        roomsPerNight: room.roomsPerNight,
      })),
    },
    relationships: { event: { data: { type: "events", id: stay.eventId } } },
  };
}

/** A stay as it stands after a change, without its room types (read them with the event). */
export function consoleStayRecordResource(stay: StayRecord): ResourceObject<"stays", Record<string, unknown>> {
  return {
    type: "stays",
    id: stay.id,
    attributes: stayAttributes(stay),
    relationships: { event: { data: { type: "events", id: stay.eventId } } },
    links: { self: `/api/stays/${stay.id}` },
  };
}

export function consoleRoomTypeResource(room: RoomTypeRecord): ResourceObject<"room-types", Record<string, unknown>> {
  return {
    type: "room-types",
    id: room.id,
    attributes: {
      name: room.name,
      guests: room.guests,
      pricePerNight: { amount: room.pricePerNight, currency: room.currency },
      roomsPerNight: room.roomsPerNight,
      position: room.position,
    },
    relationships: { stay: { data: { type: "stays", id: room.stayId } } },
    links: { self: `/api/room-types/${room.id}` },
  };
}

/** A content page in every language. */
export function consolePageResource(page: ContentPage): ResourceObject<"pages", Record<string, unknown>> {
  return {
    type: "pages",
    id: page.slug,
    attributes: { slug: page.slug, title: page.title, body: page.body, updatedAt: page.updatedAt.toISOString() },
    links: { self: `/api/console/pages/${page.slug}` },
  };
}
