import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  type AvailabilityState,
  appointmentAvailability,
  eventAvailability,
  localDate,
  type Sport,
  sortTiers,
} from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../database.ts";
import { appointments, contentPages, events, raceResults, rawTimes, results, roomTypes, stays } from "../schema.ts";
import { seedDemoData } from "./seed.ts";

const publicDir = new URL("../../../../apps/web/public/", import.meta.url);
const now = new Date();

let handle: DatabaseHandle;
let eventRows: (typeof events.$inferSelect)[];
let appointmentRows: (typeof appointments.$inferSelect)[];
let stayRows: (typeof stays.$inferSelect)[];
let roomTypeRows: (typeof roomTypes.$inferSelect)[];
let pageRows: (typeof contentPages.$inferSelect)[];
let firstResult: { events: number; pages: number };
let secondResult: { events: number; pages: number };

beforeAll(async () => {
  handle = await openDatabase({ memory: true });
  await handle.migrate();
  // Seeding twice, at different "now"s: the second run must replace the first, not add to it.
  firstResult = await seedDemoData(handle.db, { now: new Date(now.getTime() - 200 * 86_400_000) });
  secondResult = await seedDemoData(handle.db, { now });
  eventRows = await handle.db.select().from(events);
  appointmentRows = await handle.db.select().from(appointments);
  stayRows = await handle.db.select().from(stays);
  roomTypeRows = await handle.db.select().from(roomTypes);
  pageRows = await handle.db.select().from(contentPages);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

function appointmentsOf(eventId: string) {
  return appointmentRows.filter((a) => a.eventId === eventId);
}

function stateOf(event: typeof events.$inferSelect): AvailabilityState | undefined {
  const availabilities = appointmentsOf(event.id).map((a) =>
    appointmentAvailability({
      now,
      eventStatus: event.status,
      signupOpensAt: event.signupOpensAt,
      signupClosesAt: event.signupClosesAt,
      signupDeadline: a.signupDeadline,
      startsAt: a.startsAt,
      capacity: a.capacity,
      placesTaken: a.placesTaken,
    }),
  );
  return eventAvailability(availabilities)?.state;
}

describe("seedDemoData", () => {
  it("replaces the catalogue instead of adding to it", () => {
    expect(secondResult).toEqual(firstResult);
    expect(eventRows).toHaveLength(secondResult.events);
    expect(pageRows).toHaveLength(4);
    expect(new Set(eventRows.map((e) => e.slug)).size).toBe(eventRows.length);
    // Every row left belongs to the second run: its dates follow the second "now".
    expect(eventRows.every((e) => e.updatedAt.getTime() === now.getTime())).toBe(true);
  });

  it("has at least ten events, eight of them published", () => {
    expect(eventRows.length).toBeGreaterThanOrEqual(10);
    expect(eventRows.filter((e) => e.status === "published").length).toBeGreaterThanOrEqual(8);
    expect(eventRows.some((e) => e.status === "draft")).toBe(true);
    expect(eventRows.some((e) => e.status === "cancelled")).toBe(true);
  });

  it("covers every sport the organiser runs", () => {
    const sports = new Set(eventRows.map((e) => e.sport));
    const expected: Sport[] = [
      "trail-running",
      "road-running",
      "cycling",
      "swimming",
      "padel",
      "tennis",
      "triathlon",
      "multisport-camp",
    ];
    for (const sport of expected) expect(sports, sport).toContain(sport);
  });

  it("has past, open, not-yet-open and sold-out events", () => {
    const published = eventRows.filter((e) => e.status === "published");
    const past = published.filter((e) => e.endsAt < now);
    expect(past.length).toBeGreaterThanOrEqual(2);
    for (const event of past) expect(stateOf(event), event.slug).toBe("closed");
    const soldOut = published.filter((e) => stateOf(e) === "sold-out");
    expect(soldOut.length).toBeGreaterThanOrEqual(1);
    for (const event of soldOut) {
      for (const a of appointmentsOf(event.id)) expect(a.placesTaken).toBe(a.capacity);
    }
    expect(published.some((e) => stateOf(e) === "not-yet-open")).toBe(true);
    expect(published.filter((e) => stateOf(e) === "open").length).toBeGreaterThanOrEqual(5);
  });

  it("takes whole-event signups through exactly one implicit appointment", () => {
    const eventMode = eventRows.filter((e) => e.signupMode === "event");
    expect(eventMode.length).toBeGreaterThanOrEqual(1);
    for (const event of eventMode) {
      const own = appointmentsOf(event.id);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ implicit: true, slug: "iscrizione" });
    }
    const implicit = appointmentRows.filter((a) => a.implicit);
    expect(implicit.every((a) => eventMode.some((e) => e.id === a.eventId))).toBe(true);
  });

  it("offers lodging with at least two events, each stay with room types", () => {
    const withStays = new Set(stayRows.map((s) => s.eventId));
    expect(withStays.size).toBeGreaterThanOrEqual(2);
    for (const stay of stayRows) {
      expect(roomTypeRows.filter((r) => r.stayId === stay.id).length).toBeGreaterThanOrEqual(2);
      expect(stay.lastNight >= stay.firstNight).toBe(true);
    }
  });

  it("writes every text in Italian and English", () => {
    for (const event of eventRows) {
      for (const field of [event.title, event.summary, event.description, event.coverAlt]) {
        expect(field["it-IT"], event.slug).toBeTruthy();
        expect(field["en-US"], event.slug).toBeTruthy();
      }
      expect(event.searchText).toContain(event.locality.toLowerCase());
    }
    for (const a of appointmentRows) {
      expect(a.title["it-IT"] && a.title["en-US"]).toBeTruthy();
    }
    expect(pageRows.map((p) => p.slug).sort()).toEqual(["about", "faq", "privacy", "terms"]);
    for (const page of pageRows) {
      expect(page.title["it-IT"] && page.title["en-US"]).toBeTruthy();
      expect(page.body["it-IT"]?.length).toBeGreaterThan(800);
      expect(page.body["en-US"]?.length).toBeGreaterThan(800);
    }
  });

  it("keeps prices, places and dates consistent", () => {
    for (const a of appointmentRows) {
      const event = eventRows.find((e) => e.id === a.eventId);
      if (!event) throw new Error(`orphan appointment ${a.slug}`);
      expect(a.placesTaken).toBeLessThanOrEqual(a.capacity);
      expect(a.placesTaken % event.participantsPerSignup, a.slug).toBe(0);
      expect(a.startsAt >= event.startsAt && a.endsAt <= event.endsAt, a.slug).toBe(true);
      expect(sortTiers(a.priceTiers)).toEqual(a.priceTiers);
      expect(a.priceTiers.at(-1)?.until).toBeNull();
      const firstDay = localDate(event.startsAt, event.timeZone);
      for (const tier of a.priceTiers) {
        expect(Number.isInteger(tier.amount) && tier.amount > 0).toBe(true);
        if (tier.until) expect(tier.until < firstDay, `${event.slug}/${a.slug}`).toBe(true);
      }
    }
  });

  it("points every cover image at a file the web app serves", () => {
    for (const event of eventRows) {
      expect(event.coverImage, event.slug).toMatch(/^\/images\/demo\/[a-z0-9-]+\.svg$/);
      const file = fileURLToPath(new URL(`.${event.coverImage}`, publicDir));
      expect(existsSync(file), file).toBe(true);
    }
  });

  it("gives the past trail's 25 km official results worked out from its raw times, ranked and in categories", async () => {
    const race = appointmentRows.find((a) => a.slug === "trail-25k");
    const lines = await handle.db
      .select()
      .from(results)
      .where(eq(results.appointmentId, race?.id ?? ""));
    const [settings] = await handle.db
      .select()
      .from(raceResults)
      .where(eq(raceResults.appointmentId, race?.id ?? ""));
    expect(settings?.state).toBe("official");
    expect(lines).toHaveLength(40);
    expect(
      lines
        .filter((line) => line.status !== "finished")
        .map((line) => line.status)
        .sort(),
    ).toEqual(["dnf", "dnf", "dns"]);
    expect(lines.filter((line) => line.rankOverall === 1)).toHaveLength(1);
    expect(lines.every((line) => line.participantId !== null && line.category !== null)).toBe(true);
    expect(
      (
        await handle.db
          .select()
          .from(rawTimes)
          .where(eq(rawTimes.appointmentId, race?.id ?? ""))
      ).length,
    ).toBe(79);
  });
});
