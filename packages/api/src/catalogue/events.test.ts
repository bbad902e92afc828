import { insertAppointment, insertEvent } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

let api: TestApi;
const ids: Record<string, string> = {};

beforeAll(async () => {
  api = await openTestApi();
  const db = api.database.db;
  const trail = await insertEvent(db, NOW, {
    slug: "trail-dolomiti",
    sport: "trail-running",
    title: { "en-US": "Dolomites Trail", "it-IT": "Trail delle Dolomiti", "de-DE": "Dolomiten-Trail" },
    startsAt: inDays(40),
    endsAt: inDays(41),
    locality: "Cortina d'Ampezzo",
    signupOpensAt: inDays(-30),
  });
  ids.trail = trail.id;
  ids.ultra = (
    await insertAppointment(db, trail, {
      slug: "ultra",
      capacity: 300,
      placesTaken: 120,
      priceTiers: [
        { until: "2027-05-31", amount: 9000 },
        { until: null, amount: 11000 },
      ],
    })
  ).id;
  ids.short = (
    await insertAppointment(db, trail, {
      slug: "short",
      startsAt: inDays(40.1),
      capacity: 500,
      placesTaken: 500,
      priceTiers: [{ until: null, amount: 3500 }],
    })
  ).id;
  const marathon = await insertEvent(db, NOW, {
    slug: "maratona-roma",
    sport: "road-running",
    title: { "en-US": "Rome Marathon", "it-IT": "Maratona di Roma" },
    startsAt: inDays(10),
    endsAt: inDays(10),
    locality: "Roma",
  });
  ids.marathon = marathon.id;
  await insertAppointment(db, marathon, { slug: "42k", capacity: 1000, priceTiers: [{ until: null, amount: 6000 }] });
  const past = await insertEvent(db, NOW, {
    slug: "granfondo-2026",
    sport: "cycling",
    title: { "en-US": "Gran Fondo 2026" },
    startsAt: inDays(-60),
    endsAt: inDays(-60),
    locality: "Siena",
  });
  await insertAppointment(db, past, { slug: "long", priceTiers: [{ until: null, amount: 5000 }] });
  await insertEvent(db, NOW, {
    slug: "secret-draft",
    status: "draft",
    title: { "en-US": "Draft" },
    startsAt: inDays(5),
  });
  const cancelled = await insertEvent(db, NOW, {
    slug: "swim-cancelled",
    sport: "swimming",
    status: "cancelled",
    title: { "en-US": "Lake Swim" },
    startsAt: inDays(20),
    endsAt: inDays(20),
    locality: "Como",
  });
  await insertAppointment(db, cancelled, { slug: "2k" });
});
afterAll(() => api.database.close());

const slugsOf = (body: { data: { attributes: { slug: string } }[] }) => body.data.map((e) => e.attributes.slug);

describe("GET /api/events", () => {
  it("lists public events by start date, never drafts, as a JSON:API document", async () => {
    const { status, headers, body } = await api.get("/api/events");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/vnd.api+json");
    expect(body.jsonapi).toEqual({ version: "1.1" });
    expect(slugsOf(body)).toEqual(["granfondo-2026", "maratona-roma", "swim-cancelled", "trail-dolomiti"]);
    expect(body.meta).toEqual({ total: 4, page: { number: 1, size: 20 } });
  });

  it("describes an event with its price from, availability and links", async () => {
    const { body } = await api.get("/api/events?filter[sport]=trail-running");
    const [trail] = body.data;
    expect(trail).toMatchObject({
      type: "events",
      id: ids.trail,
      links: { self: `/api/events/${ids.trail}` },
      relationships: { appointments: { links: { related: `/api/events/${ids.trail}/appointments` } } },
    });
    expect(trail.attributes).toMatchObject({
      title: "Dolomites Trail",
      sport: "trail-running",
      status: "published",
      venue: { locality: "Cortina d'Ampezzo", country: "IT" },
      priceFrom: { amount: 9000, currency: "EUR" },
      availability: { capacity: 800, remaining: 180, state: "open" },
    });
  });

  it("reports a cancelled event as cancelled and closed", async () => {
    const { body } = await api.get("/api/events?filter[sport]=swimming");
    expect(body.data[0].attributes).toMatchObject({ status: "cancelled", availability: { state: "closed" } });
  });

  it.each([
    ["filter[sport]=road-running,cycling", ["granfondo-2026", "maratona-roma"]],
    ["filter[when]=upcoming", ["maratona-roma", "swim-cancelled", "trail-dolomiti"]],
    ["filter[when]=past", ["granfondo-2026"]],
    ["filter[q]=DOLOMITI", ["trail-dolomiti"]],
    ["filter[q]=dolomiten", ["trail-dolomiti"]],
    ["filter[q]=roma", ["maratona-roma"]],
    ["filter[q]=100%25", []],
    ["filter[from]=2027-05-15&filter[to]=2027-05-31", ["swim-cancelled"]],
    ["filter[from]=2027-05-11T11:00:00Z", ["swim-cancelled", "trail-dolomiti"]],
    ["filter[from]=2027-05-11T09:00:00%2B02:00", ["maratona-roma", "swim-cancelled", "trail-dolomiti"]],
    ["filter[to]=2027-05-11", ["granfondo-2026", "maratona-roma"]],
    [
      "filter[from]=0001-01-01&filter[to]=9999-12-31",
      ["granfondo-2026", "maratona-roma", "swim-cancelled", "trail-dolomiti"],
    ],
    ["sort=-startsAt", ["trail-dolomiti", "swim-cancelled", "maratona-roma", "granfondo-2026"]],
    ["sort=title", ["trail-dolomiti", "granfondo-2026", "swim-cancelled", "maratona-roma"]],
    ["sort=title&locale=it-IT", ["granfondo-2026", "swim-cancelled", "maratona-roma", "trail-dolomiti"]],
  ])("?%s", async (query, expected) => {
    const { status, body } = await api.get(`/api/events?${query}`);
    expect(status).toBe(200);
    expect(slugsOf(body)).toEqual(expected);
  });

  it("sorts by price from, lowest or highest first, as each event shows it", async () => {
    const ascending = await api.get("/api/events?sort=priceFrom");
    expect(ascending.status).toBe(200);
    const prices = ascending.body.data.map(
      (event: { attributes: { priceFrom: { amount: number } | null } }) => event.attributes.priceFrom?.amount ?? null,
    );
    const known = prices.filter((price: number | null) => price !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(prices.slice(known.length).every((price: number | null) => price === null)).toBe(true);
    // The trail's sold-out short race (35.00) is not what it costs now: its ultra (90.00) is.
    expect(slugsOf(ascending.body)).toEqual(["swim-cancelled", "granfondo-2026", "maratona-roma", "trail-dolomiti"]);
    const descending = await api.get("/api/events?sort=-priceFrom&filter[when]=upcoming");
    expect(slugsOf(descending.body)).toEqual(["trail-dolomiti", "maratona-roma", "swim-cancelled"]);
  });

  it("paginates with first, prev, next and last links that keep the other parameters", async () => {
    const { body } = await api.get("/api/events?filter[when]=upcoming&page[size]=2&page[number]=2");
    expect(slugsOf(body)).toEqual(["trail-dolomiti"]);
    expect(body.meta.total).toBe(3);
    const link = (name: string) => body.links[name] && decodeURIComponent(body.links[name]);
    expect(link("first")).toBe("/api/events?filter[when]=upcoming&page[size]=2&page[number]=1");
    expect(link("prev")).toBe("/api/events?filter[when]=upcoming&page[size]=2&page[number]=1");
    expect(body.links.next).toBeNull();
    expect(link("last")).toBe("/api/events?filter[when]=upcoming&page[size]=2&page[number]=2");
    const first = await api.get(body.links.first);
    expect(slugsOf(first.body)).toEqual(["maratona-roma", "swim-cancelled"]);
    expect(decodeURIComponent(first.body.links.next)).toBe(
      "/api/events?filter[when]=upcoming&page[size]=2&page[number]=2",
    );
    expect(first.body.links.prev).toBeNull();
  });

  it("answers an empty page past the last one", async () => {
    const { status, body } = await api.get("/api/events?page[number]=9");
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(4);
  });

  it("includes the appointments once each, linked from their event", async () => {
    const { body } = await api.get("/api/events?filter[sport]=trail-running&include=appointments");
    expect(body.data[0].relationships.appointments.data).toEqual([
      { type: "appointments", id: ids.ultra },
      { type: "appointments", id: ids.short },
    ]);
    expect(body.included.map((r: { type: string; id: string }) => `${r.type}/${r.id}`)).toEqual([
      `appointments/${ids.ultra}`,
      `appointments/${ids.short}`,
    ]);
    expect(body.included[1].attributes).toMatchObject({ slug: "short", state: "sold-out", remaining: 0 });
  });

  it("narrows attributes to a sparse fieldset", async () => {
    const { body } = await api.get(
      "/api/events?filter[sport]=trail-running&include=appointments&fields[events]=title,appointments&fields[appointments]=slug",
    );
    expect(Object.keys(body.data[0].attributes)).toEqual(["title"]);
    expect(Object.keys(body.data[0].relationships)).toEqual(["appointments"]);
    expect(body.included[0].attributes).toEqual({ slug: "ultra" });
  });

  it("answers in the language asked for, with fallback, and says which", async () => {
    const italian = await api.get("/api/events?filter[sport]=trail-running", { "accept-language": "it-IT,it;q=0.9" });
    expect(italian.body.data[0].attributes.title).toBe("Trail delle Dolomiti");
    expect(italian.headers.get("content-language")).toBe("it-IT");
    const query = await api.get("/api/events?filter[sport]=trail-running&locale=de-DE", { "accept-language": "it" });
    expect(query.body.data[0].attributes.title).toBe("Dolomiten-Trail");
    expect(query.headers.get("content-language")).toBe("de-DE");
    const french = await api.get("/api/events?filter[sport]=cycling", { "accept-language": "fr" });
    expect(french.body.data[0].attributes.title).toBe("Gran Fondo 2026");
    expect(french.headers.get("content-language")).toBe("fr-FR");
    const unknown = await api.get("/api/events?filter[sport]=trail-running", { "accept-language": "ja" });
    expect(unknown.headers.get("content-language")).toBe("en-US");
    expect(unknown.body.data[0].attributes.title).toBe("Dolomites Trail");
  });
});
