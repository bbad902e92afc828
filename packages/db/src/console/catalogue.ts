import type { CardKind, Event } from "@sports/domain";
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, lte, max, ne, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { appointments, events, signups } from "../schema.ts";

/**
 * The catalogue as the organiser's console writes it: every event whatever its status (drafts
 * too), changed only inside a use case's transaction.
 */

export type EventRow = typeof events.$inferInsert;
export type AppointmentRow = typeof appointments.$inferInsert;
/** An appointment with everything the console edits (its bib range too). */
export type AppointmentRecord = typeof appointments.$inferSelect;

const eventColumns = (() => {
  const { searchText: _searchText, ...columns } = getTableColumns(events);
  return columns;
})();

/** An event as the console shows it: the public record, when it was made, the federation cards it accepts. */
export type ConsoleEvent = Event & { createdAt: Date; acceptedCards: CardKind[] };

/** Every event, drafts included, newest first. */
export async function listAllEvents(db: Database): Promise<ConsoleEvent[]> {
  return (await db.select(eventColumns).from(events).orderBy(desc(events.createdAt), asc(events.id))) as ConsoleEvent[];
}

/** One event by id whatever its status. */
export async function findAnyEvent(db: Database | Transaction, id: string): Promise<ConsoleEvent | undefined> {
  const rows = await db.select(eventColumns).from(events).where(eq(events.id, id)).limit(1);
  return rows[0] as ConsoleEvent | undefined;
}

/** One event by its id or its slug whatever its status (an organiser's preview). */
export async function findAnyEventByIdOrSlug(db: Database, idOrSlug: string): Promise<ConsoleEvent | undefined> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const match = uuid ? eq(events.id, idOrSlug.toLowerCase()) : eq(events.slug, idOrSlug);
  const rows = await db.select(eventColumns).from(events).where(match).limit(1);
  return rows[0] as ConsoleEvent | undefined;
}

/** The event locked for a change in `tx`. */
export async function lockEvent(tx: Transaction, id: string): Promise<ConsoleEvent | undefined> {
  const rows = await tx.select(eventColumns).from(events).where(eq(events.id, id)).for("update").limit(1);
  return rows[0] as ConsoleEvent | undefined;
}

export async function insertEvent(tx: Transaction, values: EventRow): Promise<ConsoleEvent> {
  const [row] = await tx.insert(events).values(values).returning(eventColumns);
  return row as ConsoleEvent;
}

export async function updateEvent(tx: Transaction, id: string, values: Partial<EventRow>): Promise<ConsoleEvent> {
  const [row] = await tx.update(events).set(values).where(eq(events.id, id)).returning(eventColumns);
  return row as ConsoleEvent;
}

export async function deleteEvent(tx: Transaction, id: string): Promise<void> {
  await tx.delete(events).where(eq(events.id, id));
}

/** Whether anyone ever signed up for the event (any state: a signup is kept for the organiser). */
export async function eventHasSignups(db: Database | Transaction, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: signups.id }).from(signups).where(eq(signups.eventId, eventId)).limit(1);
  return rows.length > 0;
}

/** Whether anyone ever signed up for the appointment. */
export async function appointmentHasSignups(db: Database | Transaction, appointmentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: signups.id })
    .from(signups)
    .where(eq(signups.appointmentId, appointmentId))
    .limit(1);
  return rows.length > 0;
}

/** The event's signups still holding places (held, awaiting payment, confirmed), oldest first. */
export async function liveSignupIdsOfEvent(db: Database | Transaction, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ id: signups.id })
    .from(signups)
    .where(and(eq(signups.eventId, eventId), inArray(signups.state, ["held", "awaiting-payment", "confirmed"])))
    .orderBy(asc(signups.createdAt), asc(signups.id));
  return rows.map((row) => row.id);
}

/** The appointment's signups still holding places (held, awaiting payment, confirmed), oldest first. */
export async function liveSignupIdsOfAppointment(db: Database | Transaction, appointmentId: string): Promise<string[]> {
  const rows = await db
    .select({ id: signups.id })
    .from(signups)
    .where(
      and(eq(signups.appointmentId, appointmentId), inArray(signups.state, ["held", "awaiting-payment", "confirmed"])),
    )
    .orderBy(asc(signups.createdAt), asc(signups.id));
  return rows.map((row) => row.id);
}

/**
 * The signups still holding places whose event or appointment is cancelled: what a cancellation
 * stopped midway left to cancel, oldest first, with the organiser's call that left them.
 */
export async function liveSignupsOfCancelled(
  db: Database | Transaction,
  limit = 200,
): Promise<{ signupId: string; scope: "event" | "appointment" }[]> {
  const rows = await db
    .select({ id: signups.id, eventStatus: events.status })
    .from(signups)
    .innerJoin(appointments, eq(appointments.id, signups.appointmentId))
    .innerJoin(events, eq(events.id, signups.eventId))
    .where(
      and(
        inArray(signups.state, ["held", "awaiting-payment", "confirmed"]),
        or(eq(events.status, "cancelled"), isNotNull(appointments.cancelledAt)),
      ),
    )
    .orderBy(asc(signups.createdAt), asc(signups.id))
    .limit(limit);
  return rows.map((row) => ({ signupId: row.id, scope: row.eventStatus === "cancelled" ? "event" : "appointment" }));
}

/** Every appointment of an event, in date order. */
export async function appointmentsOfAnyEvent(
  db: Database | Transaction,
  eventId: string,
): Promise<AppointmentRecord[]> {
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.eventId, eventId))
    .orderBy(asc(appointments.startsAt), asc(appointments.slug));
}

/**
 * The largest capacity among the appointments of every other event that is not a draft: the
 * organiser's earlier races, which an event's capacities are held to when it is published (a
 * draft's may be the very slip being looked for). Null when there are none.
 */
export async function largestEarlierCapacity(db: Database | Transaction, eventId: string): Promise<number | null> {
  const [row] = await db
    .select({ largest: max(appointments.capacity) })
    .from(appointments)
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(and(ne(appointments.eventId, eventId), ne(events.status, "draft")));
  return row?.largest ?? null;
}

/** One appointment with all its columns, whatever its event's status. */
export async function findAnyAppointment(db: Database, id: string): Promise<AppointmentRecord | undefined> {
  const rows = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return rows[0];
}

/** The appointment locked for a change in `tx`. */
export async function lockAppointment(tx: Transaction, id: string): Promise<AppointmentRecord | undefined> {
  const rows = await tx.select().from(appointments).where(eq(appointments.id, id)).for("update").limit(1);
  return rows[0];
}

export async function insertAppointment(tx: Transaction, values: AppointmentRow): Promise<AppointmentRecord> {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row as AppointmentRecord;
}

/**
 * Changes an appointment in one conditional statement: a new capacity is written only where the
 * places taken fit in it, so a hold made at the same moment can never be left above capacity.
 * Undefined when the capacity would fall below the places taken.
 */
export async function updateAppointment(
  tx: Transaction,
  id: string,
  values: Partial<AppointmentRow>,
): Promise<AppointmentRecord | undefined> {
  const fits = values.capacity === undefined ? undefined : lte(appointments.placesTaken, values.capacity);
  const [row] = await tx
    .update(appointments)
    .set(values)
    .where(and(eq(appointments.id, id), fits))
    .returning();
  return row;
}

export async function deleteAppointment(tx: Transaction, id: string): Promise<void> {
  await tx.delete(appointments).where(eq(appointments.id, id));
}

/** Whether the slug names another event already. */
export async function eventSlugTaken(db: Database | Transaction, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.slug, slug), exceptId ? sql`${events.id} <> ${exceptId}` : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Whether the slug names another appointment of the event already. */
export async function appointmentSlugTaken(
  db: Database | Transaction,
  eventId: string,
  slug: string,
  exceptId?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.eventId, eventId),
        eq(appointments.slug, slug),
        exceptId ? sql`${appointments.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
