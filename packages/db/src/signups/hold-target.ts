import type { Appointment, Event } from "@sports/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import { eventColumns } from "../catalogue/events.ts";
import { forgetKeptRead, KEPT_READ_MS, keepRead, keptRead } from "../catalogue/kept-reads.ts";
import type { Database } from "../database.ts";
import { prepared } from "../prepared.ts";
import { appointments, events } from "../schema.ts";

/**
 * The appointment and event a hold is judged on (docs/decisions/036): kept by each process for a
 * few seconds, so a crowd signing up for one appointment does not read the same two rows once per
 * signup. What is kept only ever decides what the hold writes together with its `terms`: the
 * statement that takes the places (`holdSignup`) takes them only while both rows are still exactly
 * as they were read, except for the places taken; otherwise it answers `changed` and the hold is
 * judged again on the rows read anew.
 */

export interface HoldTarget {
  appointment: Appointment;
  event: Event;
  /** Both rows as read, but for `places_taken`, as one fingerprint computed by PostgreSQL. */
  terms: string;
  /** Read now (its `placesTaken` may refuse early), rather than kept from an earlier read. */
  fresh: boolean;
}

/**
 * The fingerprint of an appointment row and its event's row: every column but the appointment's
 * `places_taken` (which every hold changes) and the event's `search_text` (derived from its texts).
 */
export function holdTermsOf(appointment: SQL, event: SQL): SQL {
  return sql`md5((to_jsonb(${event}) - 'search_text')::text || (to_jsonb(${appointment}) - 'places_taken')::text)`;
}

/** The appointment with its event and their terms, read now; undefined when there is no such appointment. */
export async function readHoldTarget(db: Database, appointmentId: string): Promise<HoldTarget | undefined> {
  const query = prepared(db, "hold_target", (db) =>
    db
      .select({
        appointment: appointments,
        event: eventColumns,
        terms: sql<string>`${holdTermsOf(sql`${appointments}`, sql`${events}`)}`,
      })
      .from(appointments)
      .innerJoin(events, eq(events.id, appointments.eventId))
      .where(eq(appointments.id, sql.placeholder("appointmentId")))
      .prepare("hold_target"),
  );
  const [row] = await query.execute({ appointmentId });
  return row ? { ...(row as Omit<HoldTarget, "fresh">), fresh: true } : undefined;
}

/** Where a hold target is kept among the catalogue's kept reads. */
const keyOf = (appointmentId: string) => `hold-target:${appointmentId}`;

/**
 * The target as this process keeps it among the catalogue's reads (catalogue/kept-reads.ts: until
 * the catalogue changes, {@link KEPT_READ_MS} at most), otherwise read now, once however many ask
 * at the same moment; `fresh` only for the caller whose read it was. `clock` is a monotonic
 * millisecond clock, injectable for tests.
 */
export async function keptHoldTarget(
  db: Database,
  appointmentId: string,
  clock: () => number = performance.now.bind(performance),
): Promise<HoldTarget | undefined> {
  let read = false;
  const target = await keptRead(
    db,
    keyOf(appointmentId),
    () => {
      read = true;
      return readHoldTarget(db, appointmentId);
    },
    clock,
  );
  // An appointment that is not there is not kept: it may be created a moment later.
  if (!target) forgetKeptRead(db, keyOf(appointmentId));
  return target && (read ? target : { ...target, fresh: false });
}

/** Keeps `target`, just read, in place of what was kept for its appointment. */
export function keepHoldTarget(
  db: Database,
  target: HoldTarget,
  clock: () => number = performance.now.bind(performance),
): void {
  keepRead(db, keyOf(target.appointment.id), target, clock);
}
