import type { Locale, LocalizedText, Transition, WaitingListState } from "@sports/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { appointments, events, signupAudit, signups, users, waitingListEntries } from "../schema.ts";

/**
 * The waiting lists' storage (docs/decisions/027-waiting-list.md). The line is read in `line`
 * order from `waiting_list_line_idx`; an offer's place is taken by the same conditional statement
 * as any hold's (`places_taken + 1 <= capacity`), never counted first.
 */

export type WaitingListEntryRecord = typeof waitingListEntries.$inferSelect;

/** An entry as its runner reads it: where they stand while waiting, and the signup offered. */
export interface WaitingListEntryView extends WaitingListEntryRecord {
  /** 1 for the first in line; null once the entry is no longer waiting. */
  position: number | null;
  eventId: string;
  /** What the line is for, to name it and link to it. */
  event: { slug: string; title: LocalizedText; timeZone: string };
  appointment: { slug: string; title: LocalizedText; implicit: boolean };
}

/** Puts the runner in line, or answers "already" when they are in this appointment's line. */
export async function insertWaitingListEntry(
  tx: Database | Transaction,
  entry: { id: string; appointmentId: string; userId: string; locale: Locale; at: Date },
): Promise<WaitingListEntryRecord | "already"> {
  // `do nothing` on the one-live-entry index: a second entry is no error that would spoil the transaction.
  const [row] = await tx
    .insert(waitingListEntries)
    .values({ ...entry, state: "waiting", createdAt: entry.at })
    .onConflictDoNothing()
    .returning();
  return row ?? "already";
}

const POSITION = sql<number | null>`case when ${waitingListEntries.state} = 'waiting' then (
    select count(*)::int from waiting_list_entries ahead
    where ahead.appointment_id = ${waitingListEntries.appointmentId} and ahead.state = 'waiting'
      and ahead.line <= ${waitingListEntries.line}) end`;

const VIEW_COLUMNS = {
  entry: waitingListEntries,
  position: POSITION,
  eventId: appointments.eventId,
  event: { slug: events.slug, title: events.title, timeZone: events.timeZone },
  appointment: { slug: appointments.slug, title: appointments.title, implicit: appointments.implicit },
};

function viewOf(row: {
  entry: WaitingListEntryRecord;
  position: number | null;
  eventId: string;
  event: WaitingListEntryView["event"];
  appointment: WaitingListEntryView["appointment"];
}): WaitingListEntryView {
  return {
    ...row.entry,
    position: row.position === null ? null : Number(row.position),
    eventId: row.eventId,
    event: row.event,
    appointment: row.appointment,
  };
}

/** One entry with where it stands, or undefined. */
export async function findWaitingListEntry(
  db: Database | Transaction,
  id: string,
): Promise<WaitingListEntryView | undefined> {
  const [row] = await db
    .select(VIEW_COLUMNS)
    .from(waitingListEntries)
    .innerJoin(appointments, eq(appointments.id, waitingListEntries.appointmentId))
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(eq(waitingListEntries.id, id));
  return row ? viewOf(row) : undefined;
}

/** A runner's entries, newest first. */
export async function waitingListEntriesOf(db: Database, userId: string): Promise<WaitingListEntryView[]> {
  const rows = await db
    .select(VIEW_COLUMNS)
    .from(waitingListEntries)
    .innerJoin(appointments, eq(appointments.id, waitingListEntries.appointmentId))
    .innerJoin(events, eq(events.id, appointments.eventId))
    .where(eq(waitingListEntries.userId, userId))
    .orderBy(sql`${waitingListEntries.createdAt} desc, ${waitingListEntries.line} desc`);
  return rows.map(viewOf);
}

/** Locks an entry for a change in the caller's transaction. */
export async function lockWaitingListEntry(tx: Transaction, id: string): Promise<WaitingListEntryRecord | undefined> {
  const [row] = await tx.select().from(waitingListEntries).where(eq(waitingListEntries.id, id)).for("update");
  return row;
}

/** Locks the entry a signup was offered through, if it still stands offered. */
export async function lockOfferOf(tx: Transaction, signupId: string): Promise<WaitingListEntryRecord | undefined> {
  const [row] = await tx
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.signupId, signupId), eq(waitingListEntries.state, "offered")))
    .for("update");
  return row;
}

/**
 * Locks the first in an appointment's line. Skipping entries another transaction holds keeps two
 * freeings from offering the same person; each offers the first it can. Someone holding a place on
 * the appointment already (a hold of their own, made before they joined) is passed over until it
 * ends: a person holds one place at a time there.
 */
export async function lockNextInLine(
  tx: Transaction,
  appointmentId: string,
): Promise<WaitingListEntryRecord | undefined> {
  const [row] = await tx
    .select()
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.appointmentId, appointmentId),
        eq(waitingListEntries.state, "waiting"),
        sql`not exists (select from signups own where own.user_id = ${waitingListEntries.userId}
          and own.appointment_id = ${waitingListEntries.appointmentId} and own.state = 'held')`,
      ),
    )
    .orderBy(asc(waitingListEntries.line))
    .limit(1)
    .for("update", { skipLocked: true });
  return row;
}

/** Writes what a step of the domain made of an entry. */
export async function recordWaitingListStep(
  tx: Transaction,
  id: string,
  change: {
    state: WaitingListState;
    signupId?: string | null;
    offeredAt?: Date | null;
    offerExpiresAt?: Date | null;
    endedAt?: Date | null;
  },
): Promise<void> {
  await tx.update(waitingListEntries).set(change).where(eq(waitingListEntries.id, id));
}

/**
 * Takes one place of the appointment for an offer and writes its held signup and audit entry, in one
 * statement: false, and nothing written, when the place is not there (or the appointment is cancelled).
 */
export async function holdOfferedPlace(
  tx: Transaction,
  input: { transition: Transition; eventId: string; appointmentId: string; locale: Locale },
): Promise<boolean> {
  const { signup, audit } = input.transition;
  const at = audit.at.toISOString();
  const result = await tx.execute(sql`
    with taken as (
      update ${appointments} set places_taken = places_taken + ${signup.places}
      where id = ${input.appointmentId} and places_taken + ${signup.places} <= capacity and cancelled_at is null
      returning id
    ), created as (
      insert into ${signups} (id, user_id, event_id, appointment_id, state, places, hold_expires_at, locale, created_at, updated_at)
      select ${signup.id}, ${signup.userId}, ${input.eventId}, taken.id, ${signup.state}, ${signup.places},
        ${signup.holdExpiresAt.toISOString()}, ${input.locale}, ${at}, ${at}
      from taken
      returning id
    ), audited as (
      insert into ${signupAudit} (signup_id, action, actor_kind, actor_user_id, from_state, to_state, at)
      select id, ${audit.action}, ${audit.actor.kind}, null, null, ${audit.to}, ${at}
      from created
    )
    select id from created`);
  return rowsOf(result).length > 0;
}

/** How many are waiting in an appointment's line. */
export async function waitingCount(db: Database | Transaction, appointmentId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.appointmentId, appointmentId), eq(waitingListEntries.state, "waiting")));
  return Number(row?.count ?? 0);
}

/** An entry of an appointment's line as the organiser's team reads it: who, where they stand, what they were offered. */
export interface LineEntry {
  id: string;
  /** 1 for the first waiting; null for an entry holding an offer. */
  position: number | null;
  state: "waiting" | "offered";
  givenName: string;
  familyName: string;
  email: string;
  joinedAt: Date;
  offerExpiresAt: Date | null;
  signupId: string | null;
}

/**
 * An appointment's live line (offers first, then the waiting in line order), at most `limit`
 * entries, with how many wait and how many hold an offer, from `waiting_list_line_idx`.
 */
export async function appointmentLine(
  db: Database | Transaction,
  appointmentId: string,
  limit: number,
): Promise<{ entries: LineEntry[]; waiting: number; offered: number }> {
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: waitingListEntries.id,
        state: waitingListEntries.state,
        line: waitingListEntries.line,
        givenName: users.givenName,
        familyName: users.familyName,
        email: users.email,
        joinedAt: waitingListEntries.createdAt,
        offerExpiresAt: waitingListEntries.offerExpiresAt,
        signupId: waitingListEntries.signupId,
      })
      .from(waitingListEntries)
      .innerJoin(users, eq(users.id, waitingListEntries.userId))
      .where(
        and(
          eq(waitingListEntries.appointmentId, appointmentId),
          inArray(waitingListEntries.state, ["waiting", "offered"]),
        ),
      )
      .orderBy(sql`${waitingListEntries.state} = 'waiting'`, asc(waitingListEntries.line))
      .limit(limit),
    db
      .select({
        waiting: sql<number>`count(*) filter (where ${waitingListEntries.state} = 'waiting')::int`,
        offered: sql<number>`count(*) filter (where ${waitingListEntries.state} = 'offered')::int`,
      })
      .from(waitingListEntries)
      .where(
        and(
          eq(waitingListEntries.appointmentId, appointmentId),
          inArray(waitingListEntries.state, ["waiting", "offered"]),
        ),
      ),
  ]);
  let position = 0;
  const entries = rows.map(({ line: _line, state, ...row }) => ({
    ...row,
    state: state as LineEntry["state"],
    position: state === "waiting" ? ++position : null,
  }));
  return { entries, waiting: Number(counts?.waiting ?? 0), offered: Number(counts?.offered ?? 0) };
}
