import {
  appointmentsOfEvents,
  type CatalogueAppointment,
  EVENT_SORT_FIELDS,
  type EventFilters,
  type EventSort,
  findAppointment,
  findContentPage,
  findPublicEvent,
  isUuid,
  KEPT_READ_MS,
  keptRead,
  listEvents,
  placesTakenOf,
  publicEventsById,
  staysOfEvent,
} from "@sports/db";
import { type Appointment, type ContentPage, type Event, type Locale, refuse, type Stay } from "@sports/domain";
import type { Deps } from "../deps.ts";

/**
 * What anyone may read of the catalogue: published events with their appointments and stays, and
 * the content pages. Reads for every visitor alike, so they take no actor.
 *
 * They are kept in memory until the catalogue changes (`keptRead`, packages/db/src/catalogue/
 * kept-reads.ts; docs/decisions/037-catalogue-reads-from-memory.md), all but the places each
 * appointment has taken, which every read takes fresh from the database (`placesNow`, `withPlaces`).
 */

export { EVENT_SORT_FIELDS, type EventFilters, type EventSort };

/** One page of the event list, each event with its appointments: kept for its window of time, the places read now. */
export async function browseEvents(
  deps: Pick<Deps, "db" | "now">,
  input: { filters: EventFilters; sort: EventSort[]; pageNumber: number; pageSize: number; locale: Locale },
): Promise<{ events: { event: Event; appointments: CatalogueAppointment[] }[]; total: number }> {
  // Which events are still upcoming depends on the clock: a kept page of the list is one of a
  // window of KEPT_READ_MS, so a request's `now` reads the page of its own window.
  const window = Math.floor(deps.now.getTime() / KEPT_READ_MS);
  const { filters, sort, pageNumber, pageSize, locale } = input;
  const key = `events:${JSON.stringify([filters, sort, pageNumber, pageSize, locale, window])}`;
  const page = await keptRead(deps.db, key, async () => {
    const page = await listEvents(deps.db, { ...input, now: deps.now });
    const appointments = await appointmentsOfEvents(
      deps.db,
      page.events.map((event) => event.id),
    );
    return {
      events: page.events.map((event) => ({
        event,
        appointments: appointments.filter((appointment) => appointment.eventId === event.id),
      })),
      total: page.total,
    };
  });
  const places = await placesNow(
    deps,
    page.events.flatMap(({ appointments }) => appointments),
  );
  return {
    events: page.events.map(({ event, appointments }) => ({ event, appointments: withPlaces(appointments, places) })),
    total: page.total,
  };
}

/** The places the given appointments have taken now, read in one statement. */
function placesNow(deps: Pick<Deps, "db">, appointments: readonly Appointment[]): Promise<Map<string, number>> {
  return placesTakenOf(
    deps.db,
    appointments.map((appointment) => appointment.id),
  );
}

/** Kept appointments with the places they have taken now (new objects: what is kept is shared). */
function withPlaces<T extends Appointment>(appointments: readonly T[], places: ReadonlyMap<string, number>): T[] {
  return appointments.map((appointment) => ({
    ...appointment,
    placesTaken: places.get(appointment.id) ?? appointment.placesTaken,
  }));
}

/** A published event by its id or slug, with its appointments (and its stays when asked); `not-found` for any other. */
export async function publishedEvent(
  deps: Pick<Deps, "db">,
  input: { idOrSlug: string; withStays?: boolean },
): Promise<{ event: Event; appointments: CatalogueAppointment[]; stays: Stay[] }> {
  const kept = await keptEvent(deps, input.idOrSlug, input.withStays === true);
  return { ...kept, appointments: withPlaces(kept.appointments, await placesNow(deps, kept.appointments)) };
}

/**
 * The stays of a published event by its id or slug; `not-found` for any other. Nothing a stay shows
 * depends on the places taken, so they are not read: from memory, it sends no statement.
 */
export async function publishedStays(deps: Pick<Deps, "db">, idOrSlug: string): Promise<Stay[]> {
  return (await keptEvent(deps, idOrSlug, true)).stays;
}

/** A published event with its appointments (and stays when asked), as kept: the places taken as they were read. */
function keptEvent(
  deps: Pick<Deps, "db">,
  idOrSlug: string,
  withStays: boolean,
): Promise<{ event: Event; appointments: CatalogueAppointment[]; stays: Stay[] }> {
  return keptRead(deps.db, `event:${withStays}:${idOrSlug}`, async () => {
    const event = await findPublicEvent(deps.db, idOrSlug);
    if (!event) refuse("not-found", `No event "${idOrSlug}".`);
    const [appointments, stays] = await Promise.all([
      appointmentsOfEvents(deps.db, [event.id]),
      withStays ? staysOfEvent(deps.db, event.id) : [],
    ]);
    return { event, appointments, stays };
  });
}

/** An appointment of a published event, with the event and its other appointments; `not-found` for any other. */
export async function publishedAppointment(
  deps: Pick<Deps, "db">,
  id: string,
): Promise<{ appointment: CatalogueAppointment; event: Event; siblings: CatalogueAppointment[] }> {
  if (!isUuid(id)) refuse("not-found", `No appointment "${id}".`);
  const kept = await keptRead(deps.db, `appointment:${id.toLowerCase()}`, async () => {
    const appointment = await findAppointment(deps.db, id.toLowerCase());
    const event = appointment && (await publicEventsById(deps.db, [appointment.eventId])).get(appointment.eventId);
    if (!appointment || !event) refuse("not-found", `No appointment "${id}".`);
    return { appointment, event, siblings: await appointmentsOfEvents(deps.db, [event.id]) };
  });
  // Its siblings include it: one read of their places serves both.
  const siblings = withPlaces(kept.siblings, await placesNow(deps, kept.siblings));
  const appointment = siblings.find((sibling) => sibling.id === kept.appointment.id) ?? kept.appointment;
  return { appointment, event: kept.event, siblings };
}

/** A content page (about, FAQ, terms…) by its slug; `not-found` when there is none. */
export async function contentPage(deps: Pick<Deps, "db">, slug: string): Promise<ContentPage> {
  return keptRead(deps.db, `page:${slug}`, async () => {
    const page = await findContentPage(deps.db, slug);
    if (!page) refuse("not-found", `No page "${slug}".`);
    return page;
  });
}
