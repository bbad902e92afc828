import type { WaitingRoomRules } from "@sports/domain";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { forgetKeptRead, keepRead, keptRead } from "../catalogue/kept-reads.ts";
import type { Database, Transaction } from "../database.ts";
import { rowsOf } from "../driver-results.ts";
import { appointments, events, queueEntries, waitingRooms } from "../schema.ts";

/**
 * The waiting rooms' storage (docs/decisions/072-waiting-room.md). The room's row is the line's
 * tail: every place given after the opening is given by one statement on it, so arrivals queue in
 * the order that statement serialises them, across processes. Admission times grow with places,
 * so the people before an entry are read off the clock (docs/decisions/074-waiting-room-standing.md).
 */

export type WaitingRoomRecord = typeof waitingRooms.$inferSelect;
export type QueueEntryRecord = typeof queueEntries.$inferSelect;

type Db = Database | Transaction;

export async function findWaitingRoom(db: Db, eventId: string): Promise<WaitingRoomRecord | undefined> {
  const [room] = await db.select().from(waitingRooms).where(eq(waitingRooms.eventId, eventId));
  return room;
}

/** An event's room with what its line needs of the event: whether it is published, and its opening. */
export interface RoomOfEvent {
  room: WaitingRoomRecord;
  status: (typeof events.$inferSelect)["status"];
  signupOpensAt: Date | null;
}

const roomKey = (eventId: string) => `waiting-room:${eventId}`;

async function readRoomOfEvent(db: Database, eventId: string): Promise<RoomOfEvent | undefined> {
  const [row] = await db
    .select({ room: waitingRooms, status: events.status, signupOpensAt: events.signupOpensAt })
    .from(waitingRooms)
    .innerJoin(events, eq(events.id, waitingRooms.eventId))
    .where(eq(waitingRooms.eventId, eventId));
  return row;
}

/**
 * The event's room as this process keeps it among the catalogue's reads (catalogue/kept-reads.ts:
 * until the catalogue changes, as setting a room or an event does, or KEPT_READ_MS at most), so
 * that the crowd's reads of their entries do not read the same two rows each time. Its line's tail
 * (`lastPlace`, `lastAdmitAt`) is as read then: only the statement that gives a place reads it.
 * `fresh` reads it now and keeps that.
 */
export async function keptRoomOfEvent(
  db: Database,
  eventId: string,
  options: { fresh?: boolean } = {},
): Promise<RoomOfEvent | undefined> {
  if (options.fresh) {
    const room = await readRoomOfEvent(db, eventId);
    if (room) keepRead(db, roomKey(eventId), room);
    else forgetKeptRead(db, roomKey(eventId));
    return room;
  }
  const room = await keptRead(db, roomKey(eventId), () => readRoomOfEvent(db, eventId));
  // A room that is not there is not kept: it may be set a moment later.
  if (!room) forgetKeptRead(db, roomKey(eventId));
  return room;
}

/** Sets the room's pace (its key and line stay), or opens one with a new key. */
export async function saveWaitingRoom(db: Db, eventId: string, rules: WaitingRoomRules, now: Date): Promise<void> {
  const passKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
  await db
    .insert(waitingRooms)
    .values({ eventId, ...rules, passKey, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: waitingRooms.eventId, set: { ...rules, updatedAt: now } });
}

/** Removes the room and its line. */
export async function deleteWaitingRoom(db: Db, eventId: string): Promise<void> {
  await db.delete(waitingRooms).where(eq(waitingRooms.eventId, eventId));
}

export async function findQueueEntry(db: Db, id: string): Promise<QueueEntryRecord | undefined> {
  const [entry] = await db.select().from(queueEntries).where(eq(queueEntries.id, id));
  return entry;
}

export async function queueEntryOf(db: Db, eventId: string, userId: string): Promise<QueueEntryRecord | undefined> {
  const [entry] = await db
    .select()
    .from(queueEntries)
    .where(and(eq(queueEntries.eventId, eventId), eq(queueEntries.userId, userId)));
  return entry;
}

const millis = (ms: number) => sql`(${ms} * interval '1 millisecond')`;

/**
 * At the opening, once: gives the shuffled arrivals their places in the order of their keys and
 * their admission times one interval apart from the opening, and sets the line's tail after them.
 * Under the room row's lock; a shuffled arrival still joining holds that row shared until it is in.
 */
export async function rankShuffledArrivals(
  db: Database,
  input: { eventId: string; opening: Date; intervalMs: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [room] = await tx
      .update(waitingRooms)
      .set({ rankedAt: input.now })
      .where(and(eq(waitingRooms.eventId, input.eventId), isNull(waitingRooms.rankedAt)))
      .returning({ eventId: waitingRooms.eventId });
    if (!room) return;
    const ranked = await tx.execute(sql`
      update queue_entries q
         set place = r.place,
             admit_at = ${input.opening.toISOString()}::timestamptz + (r.place - 1) * ${millis(input.intervalMs)}
        from (select id, row_number() over (order by shuffle_key, id)::int as place
                from queue_entries
               where event_id = ${input.eventId} and place is null and shuffle_key is not null) r
       where q.id = r.id
      returning q.place`);
    const count = rowsOf(ranked).length;
    if (count === 0) return;
    await tx
      .update(waitingRooms)
      .set({
        lastPlace: count,
        lastAdmitAt: new Date(input.opening.getTime() + (count - 1) * input.intervalMs),
      })
      .where(eq(waitingRooms.eventId, input.eventId));
  });
}

/**
 * A shuffled arrival before the opening: in with its random key, or "ranked" when the opening's
 * draw has been made meanwhile (the arrival then queues in order). The account's entry already
 * there is answered as it is.
 */
export async function insertShuffledEntry(
  db: Database,
  input: { id: string; eventId: string; userId: string; shuffleKey: number; now: Date },
): Promise<QueueEntryRecord | "ranked"> {
  return db.transaction(async (tx) => {
    // Shared: the draw waits for this arrival, and this arrival sees a draw already made.
    const [open] = await tx
      .select({ eventId: waitingRooms.eventId })
      .from(waitingRooms)
      .where(and(eq(waitingRooms.eventId, input.eventId), isNull(waitingRooms.rankedAt)))
      .for("share");
    const existing = await queueEntryOf(tx, input.eventId, input.userId);
    if (existing) return existing;
    if (!open) return "ranked";
    const [entry] = await tx
      .insert(queueEntries)
      .values({
        id: input.id,
        eventId: input.eventId,
        userId: input.userId,
        shuffleKey: input.shuffleKey,
        joinedAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    return entry ?? ((await queueEntryOf(tx, input.eventId, input.userId)) as QueueEntryRecord);
  });
}

/**
 * Gives an entry the room's next place and its admission time, `max(now, last + interval)`, in one
 * statement: `room` locks the room's row, `entry` inserts or places the entry from it, and `tail`
 * moves the line's tail only when `entry` did. The row is locked while that statement runs and no
 * longer: arrivals queue in the order their statements reach it, and none waits for another's
 * process to send its next statement (a crowd's joins, each holding the row across its round trips,
 * kept the pools' connections waiting on it). The entry's id, or undefined when `entry` did nothing.
 */
async function placeFromTail(
  db: Database,
  eventId: string,
  now: Date,
  intervalMs: number,
  entry: (next: { place: SQL; admitAt: SQL }) => SQL,
): Promise<string | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const next = {
    place: sql`room.last_place + 1`,
    admitAt: sql`greatest(${at}, coalesce(room.last_admit_at + ${millis(intervalMs)}, ${at}))`,
  };
  const placed = await db.execute(sql`
    with room as (select last_place, last_admit_at from waiting_rooms where event_id = ${eventId}::uuid for update),
         entry as (${entry(next)} returning id, place, admit_at),
         tail as (update waiting_rooms set last_place = entry.place, last_admit_at = entry.admit_at
                    from entry where waiting_rooms.event_id = ${eventId}::uuid)
    select entry.id from entry`);
  const [row] = rowsOf(placed) as { id: string }[];
  return row?.id;
}

/**
 * An arrival after the opening: the next place at the pace. The account's entry already there (or
 * `seen`, as the caller read it) is answered as it is, unless `requeue` says its turn has ended (its
 * pass used or lapsed): it then takes the next place, with a new turn, unless another of its joins
 * did so meanwhile.
 */
export async function insertEntryInOrder(
  db: Database,
  input: {
    id: string;
    eventId: string;
    userId: string;
    now: Date;
    intervalMs: number;
    requeue: (entry: QueueEntryRecord) => boolean;
    seen?: QueueEntryRecord;
  },
): Promise<QueueEntryRecord> {
  const { eventId, now, intervalMs } = input;
  const joinedAt = sql`${now.toISOString()}::timestamptz`;
  const inserted = input.seen
    ? undefined
    : await placeFromTail(
        db,
        eventId,
        now,
        intervalMs,
        (next) => sql`
          insert into queue_entries (id, event_id, user_id, joined_at, place, admit_at)
          select ${input.id}::uuid, ${eventId}::uuid, ${input.userId}::uuid, ${joinedAt}, ${next.place}, ${next.admitAt}
            from room
          on conflict do nothing`,
      );
  const entry =
    input.seen ?? (await (inserted ? findQueueEntry(db, inserted) : queueEntryOf(db, eventId, input.userId)));
  if (!entry) throw new Error("The waiting room went while someone joined it.");
  if (inserted || !input.requeue(entry)) return entry;
  // A new turn for the entry as it was read (its admission time to the millisecond, as read).
  const seenAdmitAt = entry.admitAt?.toISOString() ?? null;
  const seenUsedAt = entry.passUsedAt?.toISOString() ?? null;
  const placed = await placeFromTail(
    db,
    eventId,
    now,
    intervalMs,
    (next) => sql`
      update queue_entries q
         set place = ${next.place}, admit_at = ${next.admitAt}, shuffle_key = null, pass_used_at = null,
             joined_at = ${joinedAt}
        from room
       where q.id = ${entry.id}::uuid
         and date_trunc('milliseconds', q.admit_at) is not distinct from ${seenAdmitAt}::timestamptz
         and q.pass_used_at is not distinct from ${seenUsedAt}::timestamptz`,
  );
  return ((await findQueueEntry(db, placed ?? entry.id)) ?? entry) as QueueEntryRecord;
}

/** How many people are in the room before the opening's draw. */
export async function shuffledCount(db: Db, eventId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(queueEntries)
    .where(and(eq(queueEntries.eventId, eventId), isNull(queueEntries.place)));
  return row?.count ?? 0;
}

/** How long a process keeps an event's places left for its room's reads (decision 072). */
export const PLACES_KEPT_MS = 1_000;
const placesKept = new WeakMap<object, Map<string, { at: number; left: Promise<number> }>>();

/**
 * The places left in the event, as this process read them less than PLACES_KEPT_MS before `now`
 * (the caller's clock), else read now, once however many ask at that moment: a crowd waiting in the
 * room asks for them with every read, and is told sold out at most that much later.
 */
export function keptPlacesLeftInEvent(db: Db, eventId: string, now: Date): Promise<number> {
  let kept = placesKept.get(db);
  if (!kept) {
    kept = new Map();
    placesKept.set(db, kept);
  }
  const at = now.getTime();
  const found = kept.get(eventId);
  if (found && found.at <= at && at < found.at + PLACES_KEPT_MS) return found.left;
  const entry = { at, left: placesLeftInEvent(db, eventId) };
  kept.set(eventId, entry);
  entry.left.catch(() => {
    if (kept.get(eventId) === entry) kept.delete(eventId);
  });
  return entry.left;
}

/** The places left in the event's appointments that go ahead. */
export async function placesLeftInEvent(db: Db, eventId: string): Promise<number> {
  const [row] = await db
    .select({
      left: sql<number>`coalesce(sum(greatest(${appointments.capacity} - ${appointments.placesTaken}, 0)), 0)::int`,
    })
    .from(appointments)
    .where(and(eq(appointments.eventId, eventId), isNull(appointments.cancelledAt)));
  return row?.left ?? 0;
}

/**
 * Takes the pass of the entry's turn (`admitAt`) for a signup's hold: only while unused, by one
 * conditional statement. False when it was taken already. A pass names its admission time to the
 * millisecond, as a JavaScript date reads it: one a fraction of a millisecond after a whole one (a
 * pace whose interval is not whole milliseconds) is compared as the pass has it.
 */
export async function takePass(db: Db, input: { entryId: string; admitAt: Date; now: Date }): Promise<boolean> {
  const taken = await db
    .update(queueEntries)
    .set({ passUsedAt: input.now })
    .where(
      and(
        eq(queueEntries.id, input.entryId),
        sql`date_trunc('milliseconds', ${queueEntries.admitAt}) = ${input.admitAt.toISOString()}::timestamptz`,
        isNull(queueEntries.passUsedAt),
      ),
    )
    .returning({ id: queueEntries.id });
  return taken.length > 0;
}

/** Gives back a pass taken at `takenAt` by a hold that was then refused. */
export async function giveBackPass(db: Db, input: { entryId: string; takenAt: Date }): Promise<void> {
  await db
    .update(queueEntries)
    .set({ passUsedAt: null })
    .where(and(eq(queueEntries.id, input.entryId), eq(queueEntries.passUsedAt, input.takenAt)));
}
