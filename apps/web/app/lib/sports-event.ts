import {
  type AppointmentAttributes,
  type AvailabilityState,
  appointmentPath,
  type EventAttributes,
  eventPath,
} from "@sports/jsonapi";
import { sportName } from "./sports.ts";

/** What the event's structured data needs of the site the page is on. */
export interface EventPageSite {
  /** The site's public address: its pages' absolute URLs start with it. */
  origin: string;
  /** The site's name, which is the organiser's. */
  name: string;
  /** A path of the site in the page's language (the language prefix added when it has one). */
  localPath: (path: string) => string;
}

/**
 * How an appointment's availability reads as a schema.org ItemAvailability. Google's Event
 * guidelines take InStock, SoldOut and PreOrder only, so "few places left" has no value of its own
 * (and the data never says "few": the badge shows the count). A closed appointment has no value:
 * nobody can sign up any more, and SoldOut would claim it filled up, which packages/domain/src/catalogue.ts
 * refuses to say of a closed one; its offer is left out instead.
 */
const OFFER_AVAILABILITY: Record<AvailabilityState, string | null> = {
  open: "https://schema.org/InStock",
  "sold-out": "https://schema.org/SoldOut",
  "not-yet-open": "https://schema.org/PreOrder",
  closed: null,
};

export function offerAvailability(state: AvailabilityState): string | null {
  return OFFER_AVAILABILITY[state];
}

/**
 * schema.org's SportsEvent, for search engines' event listings: one offer per appointment that
 * takes or will take signups, pointing at the page where a visitor signs up for it.
 */
export function sportsEvent(event: EventAttributes, appointments: AppointmentAttributes[], site: EventPageSite) {
  const absolute = (path: string) => `${site.origin}${site.localPath(path)}`;
  const cancelled = event.status === "cancelled";
  // A cancelled event stays described, marked EventCancelled as Google's guidelines ask; it sells nothing.
  const offers = cancelled
    ? []
    : appointments.flatMap((appointment) => {
        const availability = offerAvailability(appointment.state);
        if (!availability || !appointment.currentPrice) return [];
        // An event taking signups as a whole is signed up for on its own page, which has the only button.
        const path =
          event.signupMode === "event" || appointment.implicit
            ? eventPath(event.slug)
            : appointmentPath(event.slug, appointment.slug);
        return [
          {
            "@type": "Offer",
            name: appointment.title,
            url: absolute(path),
            price: (appointment.currentPrice.amount / 100).toFixed(2),
            priceCurrency: appointment.currentPrice.currency,
            availability,
            validFrom: event.signupOpensAt ?? undefined,
          },
        ];
      });
  return {
    "@context": "https://schema.org",
    "@type": "SportsEvent",
    name: event.title,
    description: event.summary ?? undefined,
    sport: sportName(event.sport),
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: cancelled ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    image: event.cover ? [new URL(event.cover.url, site.origin || "http://localhost").href] : undefined,
    location: {
      "@type": "Place",
      name: event.venue.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: event.venue.street ?? undefined,
        addressLocality: event.venue.locality,
        addressRegion: event.venue.region ?? undefined,
        postalCode: event.venue.postalCode ?? undefined,
        addressCountry: event.venue.country,
      },
      ...(event.venue.latitude !== null
        ? { geo: { "@type": "GeoCoordinates", latitude: event.venue.latitude, longitude: event.venue.longitude } }
        : {}),
    },
    organizer: { "@type": "Organization", name: site.name, url: site.origin || undefined },
    offers: offers.length > 0 ? offers : undefined,
  };
}
