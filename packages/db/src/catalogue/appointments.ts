import type { Appointment } from "@sports/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../database.ts";
import { appointments } from "../schema.ts";

/** The appointments of the given events, in date order, in one query. */
export async function appointmentsOfEvents(db: Database, eventIds: readonly string[]): Promise<Appointment[]> {
  if (eventIds.length === 0) return [];
  return db
    .select()
    .from(appointments)
    .where(inArray(appointments.eventId, [...eventIds]))
    .orderBy(asc(appointments.eventId), asc(appointments.startsAt), asc(appointments.slug));
}

export async function findAppointment(db: Database, id: string): Promise<Appointment | undefined> {
  const rows = await db.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return rows[0];
}
