import {
  appointmentsOfEvents,
  EVENT_SORT_FIELDS,
  type EventFilters,
  type EventSort,
  findAppointment,
  findContentPage,
  findPublicEvent,
  isUuid,
  listEvents,
  publicEventsById,
  staysOfEvent,
} from "@sports/db";
import { type Appointment, type ContentPage, type Event, type Locale, refuse, type Stay } from "@sports/domain";
import type { Deps } from "../deps.ts";

/**
 * What anyone may read of the catalogue: published events with their appointments and stays, and
 * the content pages. Reads for every visitor alike, so they take no actor.
 */

export { EVENT_SORT_FIELDS, type EventFilters, type EventSort };

/** One page of the event list, each event with its appointments (read together, in two queries). */
export async function browseEvents(
  deps: Pick<Deps, "db" | "now">,
  input: { filters: EventFilters; sort: EventSort[]; pageNumber: number; pageSize: number; locale: Locale },
): Promise<{ events: { event: Event; appointments: Appointment[] }[]; total: number }> {
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
}

/** A published event by its id or slug, with its appointments (and its stays when asked); `not-found` for any other. */
export async function publishedEvent(
  deps: Pick<Deps, "db">,
  input: { idOrSlug: string; withStays?: boolean },
): Promise<{ event: Event; appointments: Appointment[]; stays: Stay[] }> {
  const event = await findPublicEvent(deps.db, input.idOrSlug);
  if (!event) refuse("not-found", `No event "${input.idOrSlug}".`);
  const [appointments, stays] = await Promise.all([
    appointmentsOfEvents(deps.db, [event.id]),
    input.withStays ? staysOfEvent(deps.db, event.id) : [],
  ]);
  return { event, appointments, stays };
}

/** An appointment of a published event, with the event and its other appointments; `not-found` for any other. */
export async function publishedAppointment(
  deps: Pick<Deps, "db">,
  id: string,
): Promise<{ appointment: Appointment; event: Event; siblings: Appointment[] }> {
  const appointment = isUuid(id) ? await findAppointment(deps.db, id.toLowerCase()) : undefined;
  const event = appointment && (await publicEventsById(deps.db, [appointment.eventId])).get(appointment.eventId);
  if (!appointment || !event) refuse("not-found", `No appointment "${id}".`);
  return { appointment, event, siblings: await appointmentsOfEvents(deps.db, [event.id]) };
}

/** A content page (about, FAQ, terms…) by its slug; `not-found` when there is none. */
export async function contentPage(deps: Pick<Deps, "db">, slug: string): Promise<ContentPage> {
  const page = await findContentPage(deps.db, slug);
  if (!page) refuse("not-found", `No page "${slug}".`);
  return page;
}
