import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../database.ts";
import { insertEvent, openTestDatabase } from "../testing.ts";
import { type EventListQuery, listEvents } from "./events.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const DAY = 86_400_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  // Under way now: a season that began long ago, a stage race ending today, one ending this instant.
  await insertEvent(db, NOW, { slug: "season", startsAt: inDays(-400), endsAt: inDays(60) });
  await insertEvent(db, NOW, { slug: "stage-race", startsAt: inDays(-3), endsAt: inDays(0.2) });
  await insertEvent(db, NOW, { slug: "ends-now", startsAt: inDays(-1), endsAt: NOW });
  await insertEvent(db, NOW, { slug: "ended", startsAt: inDays(-2), endsAt: inDays(-0.01) });
  await insertEvent(db, NOW, { slug: "draft-under-way", status: "draft", startsAt: inDays(-1), endsAt: inDays(1) });
  for (const day of [0, 1, 2, 3]) {
    await insertEvent(db, NOW, { slug: `starts-${day}`, startsAt: inDays(day), endsAt: inDays(day + 0.1) });
  }
});
afterAll(() => database.close());

const query = (filters: EventListQuery["filters"], pageNumber = 1, pageSize = 20): EventListQuery => ({
  filters,
  sort: [{ field: "startsAt", descending: false }],
  pageNumber,
  pageSize,
  locale: "en-US",
  now: NOW,
});

const UPCOMING = ["season", "stage-race", "ends-now", "starts-0", "starts-1", "starts-2", "starts-3"];

describe("listEvents of events still running", () => {
  it("lists those under way first, then those starting, however long ago they began", async () => {
    const upcoming = await listEvents(database.db, query({ when: "upcoming" }));
    expect(upcoming.events.map((e) => e.slug)).toEqual(UPCOMING);
    expect(upcoming.total).toBe(UPCOMING.length);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])("pages through both runs without gaps or overlaps at %i a page", async (size) => {
    const slugs: string[] = [];
    for (let n = 1; n <= Math.ceil(UPCOMING.length / size) + 1; n++) {
      const page = await listEvents(database.db, query({ when: "upcoming" }, n, size));
      expect(page.total).toBe(UPCOMING.length);
      slugs.push(...page.events.map((e) => e.slug));
    }
    expect(slugs).toEqual(UPCOMING);
  });

  it("takes the later of filter[from] and now, with the other filters on both runs", async () => {
    const later = await listEvents(database.db, query({ when: "upcoming", from: inDays(1.05) }));
    expect(later.events.map((e) => e.slug)).toEqual(["season", "starts-1", "starts-2", "starts-3"]);
    const earlier = await listEvents(database.db, query({ when: "upcoming", from: inDays(-30) }));
    expect(earlier.events.map((e) => e.slug)).toEqual(UPCOMING);
    const until = await listEvents(database.db, query({ from: inDays(-1.5), to: inDays(1) }));
    expect(until.events.map((e) => e.slug)).toEqual(["season", "stage-race", "ended", "ends-now", "starts-0"]);
  });

  it("reads the same in any other order", async () => {
    const byEnd = await listEvents(database.db, {
      ...query({ when: "upcoming" }),
      sort: [{ field: "endsAt", descending: true }],
    });
    expect(byEnd.events.map((e) => e.slug)).toEqual([
      "season",
      "starts-3",
      "starts-2",
      "starts-1",
      "stage-race",
      "starts-0",
      "ends-now",
    ]);
  });
});
