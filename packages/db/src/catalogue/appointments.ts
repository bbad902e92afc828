import type { Appointment, CardKind, Event, ResultsState } from "@sports/domain";
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { prepared } from "../prepared.ts";
import { appointments, events, raceResults } from "../schema.ts";
import { eventColumns } from "./events.ts";

/** An appointment as the catalogue shows it: with where its results stand, so its pages link them once published. */
export type CatalogueAppointment = Appointment & { resultsState: ResultsState };

/** What a signup is for: the appointment, and its event with the federation cards it accepts. */
export interface SignupTarget {
  appointment: Appointment;
  event: Event & { acceptedCards: CardKind[] };
}

/** The appointment's columns and its results' state: `unpublished` for a race that has no results row yet. */
const catalogueColumns = {
  ...getTableColumns(appointments),
  resultsState: sql<ResultsState>`coalesce(${raceResults.state}, 'unpublished')`,
};

/** The appointments of the given events, in date order, in one query. */
export async function appointmentsOfEvents(db: Database, eventIds: readonly string[]): Promise<CatalogueAppointment[]> {
  if (eventIds.length === 0) return [];
  return db
    .select(catalogueColumns)
    .from(appointments)
    .leftJoin(raceResults, eq(raceResults.appointmentId, appointments.id))
    .where(inArray(appointments.eventId, [...eventIds]))
    .orderBy(asc(appointments.eventId), asc(appointments.startsAt), asc(appointments.slug));
}

/**
 * The places each appointment has taken now, by id: what changes with every signup, read fresh in
 * one prepared statement over what the catalogue's kept reads hold (kept-reads.ts).
 */
export async function placesTakenOf(db: Database, appointmentIds: readonly string[]): Promise<Map<string, number>> {
  if (appointmentIds.length === 0) return new Map();
  const query = prepared(db, "places_taken_of", (db) =>
    db
      .select({ id: appointments.id, placesTaken: appointments.placesTaken })
      .from(appointments)
      .where(sql`${appointments.id} = any(${sql.placeholder("ids")}::uuid[])`)
      .prepare("places_taken_of"),
  );
  const rows = await query.execute({ ids: [...appointmentIds] });
  return new Map(rows.map((row) => [row.id, row.placesTaken]));
}

export async function findAppointment(db: Database, id: string): Promise<CatalogueAppointment | undefined> {
  const rows = await db
    .select(catalogueColumns)
    .from(appointments)
    .leftJoin(raceResults, eq(raceResults.appointmentId, appointments.id))
    .where(eq(appointments.id, id))
    .limit(1);
  return rows[0];
}

/** What a signup is for: the appointment with its event, read together in one query. */
export async function appointmentsWithEvents(
  db: Database | Transaction,
  appointmentIds: readonly string[],
): Promise<Map<string, SignupTarget>> {
  if (appointmentIds.length === 0) return new Map();
  const query = prepared(db, "appointments_with_events", (db) =>
    db
      .select({ appointment: appointments, event: eventColumns })
      .from(appointments)
      .innerJoin(events, eq(events.id, appointments.eventId))
      .where(sql`${appointments.id} = any(${sql.placeholder("ids")}::uuid[])`)
      .prepare("appointments_with_events"),
  );
  const rows = await query.execute({ ids: [...new Set(appointmentIds)] });
  return new Map(rows.map((row) => [row.appointment.id, row as SignupTarget]));
}

/** One appointment with its event, as a signup for it needs them (prepared: every signup reads it). */
export async function appointmentWithEvent(db: Database, appointmentId: string): Promise<SignupTarget | undefined> {
  const query = prepared(db, "appointment_with_event", (db) =>
    db
      .select({ appointment: appointments, event: eventColumns })
      .from(appointments)
      .innerJoin(events, eq(events.id, appointments.eventId))
      .where(eq(appointments.id, sql.placeholder("appointmentId")))
      .prepare("appointment_with_event"),
  );
  const [row] = await query.execute({ appointmentId });
  return row as SignupTarget | undefined;
}

/** The appointment through which an event in "event" signup mode takes signups. */
export async function implicitAppointmentOf(db: Database, eventId: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.eventId, eventId), eq(appointments.implicit, true)))
    .limit(1);
  return rows[0]?.id;
}
