import {
  type AppointmentRecord,
  appointmentsOfAnyEvent,
  type ConsoleEvent,
  findAnyAppointment,
  findAnyEvent,
  findAnyEventByIdOrSlug,
  findStayWithRooms,
  listAllEvents,
  type RoomTypeRecord,
  type StayRecord,
  staysOfEvent,
} from "@sports/db";
import { type Actor, refuse, type Stay } from "@sports/domain";
import { requireOrganiser, requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

/**
 * Every event, drafts included: the console's list (the whole team reads it). Those not over yet
 * come first, soonest first; the past ones follow, latest first.
 */
export async function consoleEvents(deps: Pick<Deps, "db" | "now">, actor: Actor): Promise<ConsoleEvent[]> {
  requireTeam(actor);
  const events = await listAllEvents(deps.db);
  const over = (event: ConsoleEvent) => event.endsAt < deps.now;
  const upcoming = events.filter((event) => !over(event));
  const past = events.filter(over);
  upcoming.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  past.sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
  return [...upcoming, ...past];
}

export interface ConsoleEventView {
  event: ConsoleEvent;
  appointments: AppointmentRecord[];
  stays: Stay[];
}

/** One event whatever its status, with its appointments and stays, as the console edits it. */
export async function consoleEvent(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { eventId: string },
): Promise<ConsoleEventView> {
  requireTeam(actor);
  const event = await findAnyEvent(deps.db, input.eventId);
  if (!event) refuse("not-found", `No event ${input.eventId}.`);
  const [appointments, stays] = await Promise.all([
    appointmentsOfAnyEvent(deps.db, event.id),
    staysOfEvent(deps.db, event.id),
  ]);
  return { event, appointments, stays };
}

/** One appointment with its event, whatever the event's status, as the console edits it. */
export async function consoleAppointment(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { appointmentId: string },
): Promise<{ appointment: AppointmentRecord; event: ConsoleEvent }> {
  requireTeam(actor);
  const appointment = await findAnyAppointment(deps.db, input.appointmentId);
  const event = appointment && (await findAnyEvent(deps.db, appointment.eventId));
  if (!appointment || !event) refuse("not-found", `No appointment ${input.appointmentId}.`);
  return { appointment, event };
}

/** One stay with its room types and its event, whatever the event's status. */
export async function consoleStay(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { stayId: string },
): Promise<{ stay: StayRecord; roomTypes: RoomTypeRecord[]; event: ConsoleEvent }> {
  requireTeam(actor);
  const found = await findStayWithRooms(deps.db, input.stayId);
  const event = found && (await findAnyEvent(deps.db, found.stay.eventId));
  if (!found || !event) refuse("not-found", `No stay ${input.stayId}.`);
  return { ...found, event };
}

/**
 * An event as the public page would show it, drafts too, for the organiser's preview (decision
 * 021): by id or slug, with its appointments and stays.
 */
export async function previewEvent(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { idOrSlug: string },
): Promise<ConsoleEventView> {
  requireOrganiser(actor, "previews events");
  const event = await findAnyEventByIdOrSlug(deps.db, input.idOrSlug);
  if (!event) refuse("not-found", `No event ${input.idOrSlug}.`);
  const [appointments, stays] = await Promise.all([
    appointmentsOfAnyEvent(deps.db, event.id),
    staysOfEvent(deps.db, event.id),
  ]);
  return { event, appointments, stays };
}
