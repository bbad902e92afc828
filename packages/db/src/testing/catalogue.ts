import type { Appointment, ContentPage, Event, Stay } from "@sports/domain";
import { catalogueChanged } from "../catalogue/changes.ts";
import { searchTextOf } from "../catalogue/search-text.ts";
import type { Database } from "../database.ts";
import { appointments, contentPages, events, roomTypes, stays } from "../schema.ts";

/**
 * Small builders for catalogue rows with sensible defaults, so a test states only what it is about.
 * Each says the catalogue changed once it is written, as the console's use cases do.
 */

let sequence = 0;
const next = () => ++sequence;
const DAY = 86_400_000;

export type EventOverrides = Partial<typeof events.$inferInsert>;

export async function insertEvent(db: Database, now: Date, overrides: EventOverrides = {}): Promise<Event> {
  const n = next();
  const startsAt = overrides.startsAt ?? new Date(now.getTime() + 30 * DAY);
  const values = {
    slug: `event-${n}`,
    sport: "road-running" as const,
    status: "published" as const,
    title: { "en-US": `Test run ${n}`, "it-IT": `Corsa di prova ${n}` },
    summary: { "en-US": "A test event.", "it-IT": "Un evento di prova." },
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
    venueName: "Piazza Maggiore",
    locality: "Bologna",
    country: "IT",
    latitude: 44.4939,
    longitude: 11.3428,
    ...overrides,
  };
  const [row] = await db
    .insert(events)
    .values({ ...values, searchText: searchTextOf(values) })
    .returning();
  if (!row) throw new Error("insert returned no row");
  await catalogueChanged(db);
  const { searchText: _s, createdAt: _c, ...event } = row;
  return event;
}

export async function insertAppointment(
  db: Database,
  event: Pick<Event, "id" | "startsAt" | "endsAt">,
  overrides: Partial<typeof appointments.$inferInsert> = {},
): Promise<Appointment> {
  const n = next();
  const [row] = await db
    .insert(appointments)
    .values({
      eventId: event.id,
      slug: `appointment-${n}`,
      title: { "en-US": `Race ${n}`, "it-IT": `Gara ${n}` },
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      capacity: 100,
      priceTiers: [{ until: null, amount: 2500 }],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  await catalogueChanged(db);
  return row;
}

export async function insertStay(
  db: Database,
  event: Pick<Event, "id">,
  overrides: Partial<typeof stays.$inferInsert> = {},
): Promise<Stay> {
  const n = next();
  const [stay] = await db
    .insert(stays)
    .values({
      eventId: event.id,
      slug: `stay-${n}`,
      name: { "en-US": `Hotel ${n}`, "it-IT": `Albergo ${n}` },
      firstNight: "2027-06-10",
      lastNight: "2027-06-12",
      ...overrides,
    })
    .returning();
  if (!stay) throw new Error("insert returned no row");
  const rooms = await db
    .insert(roomTypes)
    .values([
      {
        stayId: stay.id,
        position: 0,
        name: { "en-US": "Double room", "it-IT": "Camera doppia" },
        guests: 2,
        pricePerNight: 9000,
        roomsPerNight: 10,
      },
      {
        stayId: stay.id,
        position: 1,
        name: { "en-US": "Single room" },
        guests: 1,
        pricePerNight: 6000,
        roomsPerNight: 4,
      },
    ])
    .returning();
  await catalogueChanged(db);
  return { ...stay, roomTypes: rooms.map(({ stayId: _s, position: _p, ...room }) => room) };
}

export async function insertPage(
  db: Database,
  overrides: Partial<typeof contentPages.$inferInsert> = {},
): Promise<ContentPage> {
  const [page] = await db
    .insert(contentPages)
    .values({
      slug: `page-${next()}`,
      title: { "en-US": "About us", "it-IT": "Chi siamo" },
      body: { "en-US": "We organise **races**.", "it-IT": "Organizziamo **gare**." },
      ...overrides,
    })
    .returning();
  if (!page) throw new Error("insert returned no row");
  await catalogueChanged(db);
  return page;
}
