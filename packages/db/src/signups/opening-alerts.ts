import type { Locale, LocalizedText } from "@sports/domain";
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { appointments, events, openingAlerts, users } from "../schema.ts";

/** "Notify me when signups open" (docs/decisions/027-waiting-list.md): the requests and their sending. */

export type OpeningAlertRecord = typeof openingAlerts.$inferSelect;

/** An alert as its runner reads it, with what it is for. */
export interface OpeningAlertView extends OpeningAlertRecord {
  eventId: string;
  event: { slug: string; title: LocalizedText; timeZone: string; signupOpensAt: Date | null };
  appointment: { slug: string; title: LocalizedText; implicit: boolean };
}

const VIEW_COLUMNS = {
  alert: openingAlerts,
  eventId: appointments.eventId,
  event: { slug: events.slug, title: events.title, timeZone: events.timeZone, signupOpensAt: events.signupOpensAt },
  appointment: { slug: appointments.slug, title: appointments.title, implicit: appointments.implicit },
};

const viewOf = (row: {
  alert: OpeningAlertRecord;
  eventId: string;
  event: OpeningAlertView["event"];
  appointment: OpeningAlertView["appointment"];
}): OpeningAlertView => ({ ...row.alert, eventId: row.eventId, event: row.event, appointment: row.appointment });

/** Records the request, or finds the one the runner made before: `created` says which. */
export async function insertOpeningAlert(
  db: Database,
  alert: { id: string; appointmentId: string; userId: string; at: Date },
): Promise<{ id: string; created: boolean }> {
  const [row] = await db
    .insert(openingAlerts)
    .values({ ...alert, createdAt: alert.at })
    .onConflictDoNothing()
    .returning({ id: openingAlerts.id });
  if (row) return { id: row.id, created: true };
  const [earlier] = await db
    .select({ id: openingAlerts.id })
    .from(openingAlerts)
    .where(and(eq(openingAlerts.appointmentId, alert.appointmentId), eq(openingAlerts.userId, alert.userId)));
  if (!earlier) throw new Error("An opening alert was neither written nor found.");
  return { id: earlier.id, created: false };
}

/** One alert with what it is for, or undefined. */
export async function findOpeningAlert(db: Database, id: string): Promise<OpeningAlertView | undefined> {
  const [row] = await db
    .select(VIEW_COLUMNS)
    .from(openingAlerts)
    .innerJoin(appointments, eq(appointments.id, openingAlerts.appointmentId))
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(eq(openingAlerts.id, id));
  return row ? viewOf(row) : undefined;
}

/** A runner's alerts, newest first. */
export async function openingAlertsOf(db: Database, userId: string): Promise<OpeningAlertView[]> {
  const rows = await db
    .select(VIEW_COLUMNS)
    .from(openingAlerts)
    .innerJoin(appointments, eq(appointments.id, openingAlerts.appointmentId))
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(eq(openingAlerts.userId, userId))
    .orderBy(sql`${openingAlerts.createdAt} desc, ${openingAlerts.id}`);
  return rows.map(viewOf);
}

/** Deletes a runner's alert: false when they have none with that id. */
export async function deleteOpeningAlert(db: Database, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(openingAlerts)
    .where(and(eq(openingAlerts.id, id), eq(openingAlerts.userId, userId)))
    .returning({ id: openingAlerts.id });
  return rows.length > 0;
}

/** An alert whose appointment has opened, with whom and what to tell. */
export interface DueOpeningAlert {
  id: string;
  email: string;
  givenName: string;
  locale: Locale;
  event: { slug: string; title: LocalizedText };
  appointment: { slug: string; title: LocalizedText; implicit: boolean };
}

/**
 * Locks up to `limit` unsent alerts of appointments whose signups have opened by `now` (a published
 * event, an appointment going ahead); rows another process holds are skipped, so no alert is sent twice.
 */
export async function lockDueOpeningAlerts(tx: Transaction, now: Date, limit: number): Promise<DueOpeningAlert[]> {
  return tx
    .select({
      id: openingAlerts.id,
      email: users.email,
      givenName: users.givenName,
      locale: users.preferredLocale,
      event: { slug: events.slug, title: events.title },
      appointment: { slug: appointments.slug, title: appointments.title, implicit: appointments.implicit },
    })
    .from(openingAlerts)
    .innerJoin(users, eq(users.id, openingAlerts.userId))
    .innerJoin(appointments, eq(appointments.id, openingAlerts.appointmentId))
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(
      and(
        isNull(openingAlerts.notifiedAt),
        eq(events.status, "published"),
        lte(events.signupOpensAt, now),
        isNull(appointments.cancelledAt),
        sql`${appointments.startsAt} > ${now.toISOString()}`,
      ),
    )
    .orderBy(openingAlerts.createdAt)
    .limit(limit)
    .for("update", { of: openingAlerts, skipLocked: true }) as Promise<DueOpeningAlert[]>;
}

/** Marks alerts sent. */
export async function markOpeningAlertsSent(tx: Transaction, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(openingAlerts)
    .set({ notifiedAt: at })
    .where(inArray(openingAlerts.id, [...ids]));
}
