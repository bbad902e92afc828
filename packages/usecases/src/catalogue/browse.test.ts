import { catalogueChanged, type DatabaseHandle, schema } from "@sports/db";
import {
  insertAppointment,
  insertEvent,
  insertPage,
  insertStay,
  openTestDatabase,
  statementsSent,
} from "@sports/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDeps } from "../testing.ts";
import { browseEvents, contentPage, publishedAppointment, publishedEvent, publishedStays } from "./browse.ts";

/**
 * The catalogue's reads are kept until the catalogue changes, but for the places taken, which are
 * read every time. Rows are changed here behind the use cases' back (no `catalogueChanged`), to see
 * what is read from memory and what from the database.
 */
let handle: DatabaseHandle;
const now = new Date("2027-03-01T09:00:00Z");

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const retitle = (id: string, title: string) =>
  handle.db
    .update(schema.events)
    .set({ title: { "en-US": title } })
    .where(eq(schema.events.id, id));
const takePlaces = (id: string, places: number) =>
  handle.db
    .update(schema.appointments)
    .set({ placesTaken: sql`${schema.appointments.placesTaken} + ${places}` })
    .where(eq(schema.appointments.id, id));

describe("the catalogue's reads", () => {
  it("keep an event, its appointments and stays until the catalogue changes, with the places taken now", async () => {
    const { db } = handle;
    const event = await insertEvent(db, now, { title: { "en-US": "Spring run" } });
    const appointment = await insertAppointment(db, event, { capacity: 50 });
    await insertStay(db, event);
    const deps = testDeps(db, now);
    const read = () => publishedEvent(deps, { idOrSlug: event.slug, withStays: true });

    const first = await read();
    expect(first.event.title["en-US"]).toBe("Spring run");
    expect(first.stays).toHaveLength(1);
    await retitle(event.id, "Renamed behind its back");
    await takePlaces(appointment.id, 3);

    const second = await read();
    expect(second.event.title["en-US"]).toBe("Spring run");
    expect(second.appointments[0]?.placesTaken).toBe(3);
    // What is kept is shared between requests: the places were laid over a copy.
    expect(first.appointments[0]?.placesTaken).toBe(0);

    const viaAppointment = await publishedAppointment(deps, appointment.id.toUpperCase());
    expect(viaAppointment.appointment.placesTaken).toBe(3);
    expect(viaAppointment.siblings[0]?.placesTaken).toBe(3);

    await catalogueChanged(db);
    expect((await read()).event.title["en-US"]).toBe("Renamed behind its back");
  });

  it("keep an event's stays until the catalogue changes, and send no statement for them from memory", async () => {
    const { db } = handle;
    const event = await insertEvent(db, now);
    await insertAppointment(db, event);
    const stay = await insertStay(db, event, { name: { "en-US": "Mountain hut" } });
    const deps = testDeps(db, now);
    expect((await publishedStays(deps, event.slug)).map((s) => s.name["en-US"])).toEqual(["Mountain hut"]);
    await db
      .update(schema.stays)
      .set({ name: { "en-US": "Renamed behind its back" } })
      .where(eq(schema.stays.id, stay.id));

    const { result, sent } = await statementsSent(db, () => publishedStays(deps, event.slug));
    expect(result.map((s) => s.name["en-US"])).toEqual(["Mountain hut"]);
    expect(sent).toEqual([]);

    await catalogueChanged(db);
    expect((await publishedStays(deps, event.slug)).map((s) => s.name["en-US"])).toEqual(["Renamed behind its back"]);
    await expect(publishedStays(deps, "no-such-event")).rejects.toMatchObject({ code: "not-found" });
  });

  it("keep a page of the event list for its window of time, with the places taken now", async () => {
    const { db } = handle;
    const later = new Date("2030-01-01T00:00:00Z");
    const event = await insertEvent(db, later, { title: { "en-US": "Far future run" } });
    const appointment = await insertAppointment(db, event);
    const list = (at: Date) =>
      browseEvents(testDeps(db, at), {
        filters: { when: "upcoming", from: later },
        sort: [{ field: "startsAt", descending: false }],
        pageNumber: 1,
        pageSize: 10,
        locale: "en-US",
      });
    const titleIn = async (at: Date) =>
      (await list(at)).events.find((e) => e.event.id === event.id)?.event.title["en-US"];

    expect(await titleIn(now)).toBe("Far future run");
    await retitle(event.id, "Renamed behind its back");
    await takePlaces(appointment.id, 2);
    expect(await titleIn(now)).toBe("Far future run");
    const placesNow = (await list(now)).events.find((e) => e.event.id === event.id)?.appointments[0]?.placesTaken;
    expect(placesNow).toBe(2);
    // Another window of time reads the list again.
    expect(await titleIn(new Date(now.getTime() + 60_000))).toBe("Renamed behind its back");
  });

  it("keep a content page until the catalogue changes, and never keep what is not found", async () => {
    const { db } = handle;
    const page = await insertPage(db, { slug: "kept-page", title: { "en-US": "About" } });
    const deps = testDeps(db, now);
    expect((await contentPage(deps, page.slug)).title["en-US"]).toBe("About");
    await db
      .update(schema.contentPages)
      .set({ title: { "en-US": "About us" } })
      .where(eq(schema.contentPages.slug, page.slug));
    expect((await contentPage(deps, page.slug)).title["en-US"]).toBe("About");
    await catalogueChanged(db);
    expect((await contentPage(deps, page.slug)).title["en-US"]).toBe("About us");

    await expect(contentPage(deps, "not-yet")).rejects.toMatchObject({ code: "not-found" });
    await insertPage(db, { slug: "not-yet" });
    expect((await contentPage(deps, "not-yet")).slug).toBe("not-yet");
  });
});
