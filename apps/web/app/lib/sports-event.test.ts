import type { AppointmentAttributes, AvailabilityState, EventAttributes } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { type EventPageSite, sportsEvent } from "./sports-event.ts";

const site: EventPageSite = {
  origin: "https://events.example.org",
  name: "Sport Events",
  localPath: (path) => `/it-IT${path}`,
};

function event(fields: Partial<EventAttributes> = {}): EventAttributes {
  return {
    slug: "cortina-crode-trail",
    sport: "trail-running",
    status: "published",
    title: "Cortina Crode Trail",
    summary: null,
    description: null,
    startsAt: "2026-09-12T03:00:00Z",
    endsAt: "2026-09-12T19:00:00Z",
    timeZone: "Europe/Rome",
    venue: {
      name: "Piazza Angelo Dibona",
      street: null,
      locality: "Cortina d'Ampezzo",
      region: null,
      postalCode: null,
      country: "IT",
      latitude: null,
      longitude: null,
    },
    cover: null,
    signupOpensAt: "2026-06-01T10:00:00Z",
    signupClosesAt: null,
    signupMode: "appointment",
    rules: {
      minAge: null,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "none",
      certificateLater: false,
      federationCardRequired: false,
      participantsPerSignup: 1,
      holdMinutes: 20,
      paymentTermDays: 3,
      cancellationDaysBefore: null,
      transferDaysBefore: null,
      transferFee: null,
      tshirtSizes: [],
      refundDaysBefore: null,
      paymentMethods: ["demo"],
    },
    priceFrom: null,
    availability: null,
    updatedAt: "2026-05-01T00:00:00Z",
    ...fields,
  };
}

function appointment(slug: string, state: AvailabilityState, fields: Partial<AppointmentAttributes> = {}) {
  return {
    slug,
    title: slug,
    description: null,
    startsAt: "2026-09-12T03:00:00Z",
    endsAt: "2026-09-12T19:00:00Z",
    currency: "EUR",
    priceTiers: [{ until: null, amount: 4500 }],
    currentPrice: { amount: 4500, currency: "EUR" },
    signupDeadline: "2026-09-01T21:59:00Z",
    eligibility: { minAge: null, maxAge: null, gender: "any" },
    implicit: false,
    status: "open",
    cancelledAt: null,
    waitingList: true,
    course: null,
    resultsState: "unpublished",
    capacity: 100,
    remaining: state === "sold-out" ? 0 : 40,
    state,
    ...fields,
  } satisfies AppointmentAttributes;
}

describe("the event page's SportsEvent data", () => {
  it("names the site as the organizer, with its address", () => {
    expect(sportsEvent(event(), [], site).organizer).toEqual({
      "@type": "Organization",
      name: "Sport Events",
      url: "https://events.example.org",
    });
  });

  it("offers each appointment at its own page in the page's language, from when signups open", () => {
    const [offer] = sportsEvent(event(), [appointment("ultra-72k", "open")], site).offers ?? [];
    expect(offer).toEqual({
      "@type": "Offer",
      name: "ultra-72k",
      url: "https://events.example.org/it-IT/evento/cortina-crode-trail/appuntamento/ultra-72k",
      price: "45.00",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      validFrom: "2026-06-01T10:00:00Z",
    });
  });

  it("says sold out, not yet on sale, and leaves out the appointments whose signups have closed", () => {
    const offers = sportsEvent(
      event(),
      [
        appointment("open", "open"),
        appointment("full", "sold-out"),
        appointment("soon", "not-yet-open"),
        appointment("over", "closed"),
      ],
      site,
    ).offers;
    expect(offers?.map((offer) => [offer.name, offer.availability])).toEqual([
      ["open", "https://schema.org/InStock"],
      ["full", "https://schema.org/SoldOut"],
      ["soon", "https://schema.org/PreOrder"],
    ]);
  });

  it("has no validFrom when the event does not say when signups open", () => {
    const [offer] = sportsEvent(event({ signupOpensAt: null }), [appointment("a", "open")], site).offers ?? [];
    expect(offer).toBeDefined();
    expect(JSON.parse(JSON.stringify(offer))).not.toHaveProperty("validFrom");
  });

  it("sends an event taking signups as a whole to its own page", () => {
    const [offer] =
      sportsEvent(
        event({ slug: "camp-multisport-molveno", signupMode: "event" }),
        [appointment("iscrizione", "open", { implicit: true })],
        site,
      ).offers ?? [];
    expect(offer?.url).toBe("https://events.example.org/it-IT/evento/camp-multisport-molveno");
  });

  it("marks a cancelled event EventCancelled, offering nothing", () => {
    const data = sportsEvent(event({ status: "cancelled" }), [appointment("a", "closed")], site);
    expect(data.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(JSON.parse(JSON.stringify(data))).not.toHaveProperty("offers");
    expect(data.organizer.name).toBe("Sport Events");
  });
});
