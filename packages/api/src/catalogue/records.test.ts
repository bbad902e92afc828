import { insertAppointment, insertEvent, insertPage, insertStay } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

const DAY = 86_400_000;
let api: TestApi;
let event: Awaited<ReturnType<typeof insertEvent>>;
let appointment: Awaited<ReturnType<typeof insertAppointment>>;
let draftAppointmentId: string;

beforeAll(async () => {
  api = await openTestApi();
  const db = api.database.db;
  event = await insertEvent(db, NOW, {
    slug: "padel-open",
    sport: "padel",
    timeZone: "Europe/Rome",
    minAge: 16,
    participantsPerSignup: 2,
    signupClosesAt: new Date(NOW.getTime() + 20 * DAY),
  });
  appointment = await insertAppointment(db, event, {
    slug: "women",
    title: { "en-US": "Women's draw", "it-IT": "Tabellone femminile" },
    gender: "female",
    capacity: 32,
    placesTaken: 10,
    // The first tier ends on 1 May in Rome: at NOW (noon in Rome) it still applies.
    priceTiers: [
      { until: null, amount: 5000 },
      { until: "2027-05-01", amount: 4000 },
    ],
  });
  await insertAppointment(db, event, {
    slug: "men",
    startsAt: new Date(event.startsAt.getTime() + DAY),
    endsAt: new Date(event.endsAt.getTime() + DAY),
  });
  await insertStay(db, event, { slug: "hotel-centrale", firstNight: "2027-05-30", lastNight: "2027-06-01" });
  const draft = await insertEvent(db, NOW, { slug: "draft", status: "draft" });
  draftAppointmentId = (await insertAppointment(db, draft)).id;
  await insertPage(db, { slug: "about" });
});
afterAll(() => api.database.close());

describe("GET /api/events/{id}", () => {
  it("finds an event by id and by slug", async () => {
    const byId = await api.get(`/api/events/${event.id}`);
    const bySlug = await api.get("/api/events/padel-open");
    expect(byId.status).toBe(200);
    expect(bySlug.body.data).toEqual(byId.body.data);
    expect(byId.body.data.attributes.rules).toEqual({
      minAge: 16,
      maxAge: null,
      ageRule: "event-date",
      medicalCertificate: "none",
      certificateLater: false,
      federationCardRequired: false,
      participantsPerSignup: 2,
      holdMinutes: 15,
      paymentTermDays: 5,
      cancellationDaysBefore: null,
      transferDaysBefore: null,
      transferFee: null,
      tshirtSizes: [],
      refundDaysBefore: null,
      paymentMethods: ["demo", "bank-transfer"],
    });
  });

  it("includes appointments and stays", async () => {
    const { body } = await api.get("/api/events/padel-open?include=appointments,stays");
    expect(body.included.map((r: { type: string }) => r.type)).toEqual(["appointments", "appointments", "stays"]);
    expect(body.data.relationships.stays.data).toHaveLength(1);
  });

  it("answers 404 for an unknown id, an unknown slug and a draft", async () => {
    for (const ref of ["00000000-0000-4000-8000-000000000000", "no-such-event", "draft"]) {
      const { status, body } = await api.get(`/api/events/${ref}`);
      expect(status).toBe(404);
      expect(body.errors[0]).toMatchObject({ status: "404", code: "not-found" });
    }
  });
});

describe("appointments", () => {
  it("lists an event's appointments in date order", async () => {
    const { status, body } = await api.get("/api/events/padel-open/appointments");
    expect(status).toBe(200);
    expect(body.data.map((a: { attributes: { slug: string } }) => a.attributes.slug)).toEqual(["women", "men"]);
  });

  it("shows an appointment's availability, price tiers and eligibility", async () => {
    const { status, body } = await api.get(`/api/appointments/${appointment.id}`, { "accept-language": "it-IT" });
    expect(status).toBe(200);
    expect(body.data.attributes).toEqual({
      slug: "women",
      title: "Tabellone femminile",
      description: null,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      capacity: 32,
      remaining: 22,
      state: "open",
      currency: "EUR",
      priceTiers: [
        { until: "2027-05-01", amount: 4000 },
        { until: null, amount: 5000 },
      ],
      currentPrice: { amount: 4000, currency: "EUR" },
      signupDeadline: new Date(NOW.getTime() + 20 * DAY).toISOString(),
      eligibility: { minAge: 16, maxAge: null, gender: "female" },
      implicit: false,
      status: "open",
      cancelledAt: null,
      waitingList: true,
      course: null,
      resultsState: "unpublished",
    });
    expect(body.data.relationships.event.data).toEqual({ type: "events", id: event.id });
  });

  it("includes the appointment's event", async () => {
    const { body } = await api.get(`/api/appointments/${appointment.id}?include=event&fields[events]=slug`);
    expect(body.included).toEqual([
      expect.objectContaining({ type: "events", id: event.id, attributes: { slug: "padel-open" } }),
    ]);
  });

  it("answers 404 for an unknown or malformed id and for a draft event's appointment", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", draftAppointmentId]) {
      expect((await api.get(`/api/appointments/${id}`)).status).toBe(404);
    }
    expect((await api.get("/api/events/no-such-event/appointments")).status).toBe(404);
  });
});

describe("GET /api/events/{id}/stays", () => {
  it("lists the stays with their room types and prices per night", async () => {
    const { status, body } = await api.get("/api/events/padel-open/stays", { "accept-language": "it-IT" });
    expect(status).toBe(200);
    expect(body.data[0].attributes).toMatchObject({
      slug: "hotel-centrale",
      firstNight: "2027-05-30",
      lastNight: "2027-06-01",
      roomTypes: [
        { name: "Camera doppia", guests: 2, pricePerNight: { amount: 9000, currency: "EUR" }, roomsPerNight: 10 },
        // No Italian name: the English one.
        { name: "Single room", guests: 1, pricePerNight: { amount: 6000, currency: "EUR" }, roomsPerNight: 4 },
      ],
    });
    expect((await api.get("/api/events/no-such-event/stays")).status).toBe(404);
  });
});

describe("GET /api/pages/{slug}", () => {
  it("serves a content page in the requested language", async () => {
    const { status, body, headers } = await api.get("/api/pages/about?locale=it-IT");
    expect(status).toBe(200);
    expect(headers.get("content-language")).toBe("it-IT");
    expect(body.data).toMatchObject({
      type: "pages",
      id: "about",
      attributes: { title: "Chi siamo", body: "Organizziamo **gare**." },
    });
    expect((await api.get("/api/pages/nope")).status).toBe(404);
  });
});
