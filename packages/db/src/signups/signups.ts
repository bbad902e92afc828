import type { Appointment, AuditEntry, Event, SignupSnapshot, Transition } from "@sports/domain";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { eventColumns } from "../catalogue/events.ts";
import type { Database } from "../database.ts";
import { prepared } from "../prepared.ts";
import { appointments, events, participants, signupAudit, signups, stayBookings } from "../schema.ts";

/**
 * The signups' storage. Places are only ever taken or given back by one conditional statement
 * (`places_taken + n <= capacity`, or the same per room and night), inside the transaction that
 * records the change: never a count read first and a row written after (docs/decisions/011). A
 * hold, the statement that makes a signup, is hold.ts.
 */

export type SignupRecord = typeof signups.$inferSelect;
export type ParticipantRecord = typeof participants.$inferSelect;
export type NewParticipant = Omit<typeof participants.$inferInsert, "id" | "signupId" | "position">;
export type StayBookingRecord = typeof stayBookings.$inferSelect;
export type NewStayBooking = Omit<typeof stayBookings.$inferInsert, "id" | "signupId">;

/** A transaction handle: the same query API as the database. */
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function snapshotOf(record: SignupRecord, participantCount: number): SignupSnapshot {
  return {
    id: record.id,
    userId: record.userId ?? "",
    state: record.state,
    holdExpiresAt: record.holdExpiresAt,
    paymentDueAt: record.paymentDueAt,
    places: record.places,
    participantCount,
  };
}

export async function findSignup(db: Database | Tx, id: string): Promise<SignupRecord | undefined> {
  const query = prepared(db, "find_signup", (db) =>
    db
      .select()
      .from(signups)
      .where(eq(signups.id, sql.placeholder("id")))
      .limit(1)
      .prepare("find_signup"),
  );
  const rows = await query.execute({ id });
  return rows[0];
}

/**
 * A signup with what it is for, its appointment and event, read together in one prepared statement
 * (a signup's page reads them every time).
 */
export async function findSignupWithTarget(
  db: Database,
  id: string,
): Promise<{ signup: SignupRecord; appointment: Appointment; event: Event } | undefined> {
  const query = prepared(db, "find_signup_with_target", (db) =>
    db
      .select({ signup: signups, appointment: appointments, event: eventColumns })
      .from(signups)
      .innerJoin(appointments, eq(appointments.id, signups.appointmentId))
      .innerJoin(events, eq(events.id, appointments.eventId))
      .where(eq(signups.id, sql.placeholder("id")))
      .limit(1)
      .prepare("find_signup_with_target"),
  );
  const rows = await query.execute({ id });
  return rows[0] as { signup: SignupRecord; appointment: Appointment; event: Event } | undefined;
}

/** A visitor's signups, newest first. */
export async function signupsOfUser(db: Database, userId: string): Promise<SignupRecord[]> {
  return db.select().from(signups).where(eq(signups.userId, userId)).orderBy(desc(signups.createdAt));
}

/** The visitor's signup still held for an appointment, if any. */
export async function currentHold(db: Database, userId: string, appointmentId: string, now: Date) {
  const rows = await db
    .select()
    .from(signups)
    .where(
      and(
        eq(signups.userId, userId),
        eq(signups.appointmentId, appointmentId),
        eq(signups.state, "held"),
        sql`${signups.holdExpiresAt} > ${now.toISOString()}`,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function participantsOf(db: Database | Tx, signupIds: readonly string[]): Promise<ParticipantRecord[]> {
  if (signupIds.length === 0) return [];
  const query = prepared(db, "participants_of", (db) =>
    db
      .select()
      .from(participants)
      .where(sql`${participants.signupId} = any(${sql.placeholder("ids")}::uuid[])`)
      .orderBy(asc(participants.signupId), asc(participants.position))
      .prepare("participants_of"),
  );
  return query.execute({ ids: [...signupIds] });
}

export async function stayBookingsOf(db: Database | Tx, signupIds: readonly string[]): Promise<StayBookingRecord[]> {
  if (signupIds.length === 0) return [];
  const query = prepared(db, "stay_bookings_of", (db) =>
    db
      .select()
      .from(stayBookings)
      .where(sql`${stayBookings.signupId} = any(${sql.placeholder("ids")}::uuid[])`)
      .orderBy(asc(stayBookings.signupId), asc(stayBookings.checkIn))
      .prepare("stay_bookings_of"),
  );
  return query.execute({ ids: [...signupIds] });
}

/**
 * Runs `change` in a transaction holding the signup's row lock, so no other process (a second tab,
 * the sweeper) changes it meanwhile. Undefined when there is no such signup.
 */
export async function withLockedSignup<T>(
  db: Database,
  id: string,
  change: (tx: Tx, signup: SignupRecord) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(signups).where(eq(signups.id, id)).for("update").limit(1);
    const signup = rows[0];
    return signup ? change(tx, signup) : undefined;
  });
}

/**
 * Writes a transition: the signup as it becomes (plus any of its other columns) and the audit entry.
 * Only `applyTransition` (packages/usecases) calls it, after taking or giving back the places the
 * transition says.
 */
export async function recordTransition(
  tx: Tx,
  transition: Transition,
  columns: Partial<Pick<SignupRecord, "paymentMethod" | "termsAcceptedAt" | "staysChosen">> = {},
): Promise<SignupRecord> {
  const { signup, audit } = transition;
  const [row] = await tx
    .update(signups)
    .set({
      state: signup.state,
      places: signup.places,
      holdExpiresAt: signup.holdExpiresAt,
      paymentDueAt: signup.paymentDueAt,
      updatedAt: audit.at,
      ...columns,
    })
    .where(eq(signups.id, signup.id))
    .returning();
  await tx.insert(signupAudit).values(auditRow(audit));
  if (!row) throw new Error(`Signup ${signup.id} vanished while locked.`);
  return row;
}

export async function replaceParticipants(tx: Tx, signupId: string, people: readonly NewParticipant[]) {
  await tx.delete(participants).where(eq(participants.signupId, signupId));
  if (people.length === 0) return [];
  return tx
    .insert(participants)
    .values(people.map((person, index) => ({ ...person, signupId, position: index + 1 })))
    .returning();
}

export async function auditOf(db: Database, signupId: string) {
  return db.select().from(signupAudit).where(eq(signupAudit.signupId, signupId)).orderBy(asc(signupAudit.id));
}

/**
 * The people a visitor has signed up before, newest first and each once (by name and birth
 * date), so the form can offer them again.
 */
export async function pastParticipants(db: Database, userId: string, limit = 20): Promise<ParticipantRecord[]> {
  const query = prepared(db, "past_participants", (db) =>
    db
      .select({ participant: participants })
      .from(participants)
      .innerJoin(signups, eq(signups.id, participants.signupId))
      // A club's athletes are its roster's (docs/decisions/068), not people the manager signs up themselves.
      .where(and(eq(signups.userId, sql.placeholder("userId")), isNull(signups.clubId)))
      .orderBy(desc(signups.createdAt), asc(participants.position))
      .limit(200)
      .prepare("past_participants"),
  );
  const rows = await query.execute({ userId });
  const seen = new Set<string>();
  const people: ParticipantRecord[] = [];
  for (const { participant } of rows) {
    const key = `${participant.givenName.toLowerCase()}|${participant.familyName.toLowerCase()}|${participant.birthDate ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    people.push(participant);
    if (people.length === limit) break;
  }
  return people;
}

function auditRow(audit: AuditEntry): typeof signupAudit.$inferInsert {
  return {
    signupId: audit.signupId,
    action: audit.action,
    actorKind: audit.actor.kind,
    actorUserId: actorUserId(audit),
    fromState: audit.from,
    toState: audit.to,
    at: audit.at,
  };
}

function actorUserId(audit: AuditEntry): string | null {
  return "userId" in audit.actor ? audit.actor.userId : null;
}
