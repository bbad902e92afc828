import {
  findQueueEntry,
  insertEntryInOrder,
  insertShuffledEntry,
  isUuid,
  keptPlacesLeftInEvent,
  keptRoomOfEvent,
  type QueueEntryRecord,
  queueEntryOf,
  rankShuffledArrivals,
  type WaitingRoomRecord,
} from "@sports/db";
import {
  admissionInterval,
  aheadOf,
  arrivalKind,
  passExpiresAt,
  queueStateOf,
  refreshAfterSeconds,
  refuse,
  roomOpensAt,
} from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import type { QueueEntryView } from "./entry-view.ts";
import { signPass } from "./passes.ts";
import { signStanding } from "./standing.ts";

/**
 * A runner's place in an event's waiting room (docs/decisions/072-waiting-room.md): joining (one
 * entry per account, answered again to every tab), and reading where it stands. Entries are their
 * account's alone: anyone else is told there is no such entry.
 */

interface Room {
  room: WaitingRoomRecord;
  opening: Date;
  intervalMs: number;
}

/**
 * The event's room, published, with its opening, as this process keeps them; shuffled arrivals
 * drawn once the opening has come (the room then read anew).
 */
async function roomOf(deps: Pick<Deps, "db" | "now">, eventId: string): Promise<Room> {
  const found = isUuid(eventId) ? await keptRoomOfEvent(deps.db, eventId.toLowerCase()) : undefined;
  if (found?.status !== "published" || !found.signupOpensAt)
    return refuse("not-found", "This event has no waiting room.");
  const { room } = found;
  const opening = found.signupOpensAt;
  const intervalMs = admissionInterval(room);
  if (!room.rankedAt && deps.now >= opening) {
    await rankShuffledArrivals(deps.db, { eventId: room.eventId, opening, intervalMs, now: deps.now });
    const drawn = await keptRoomOfEvent(deps.db, room.eventId, { fresh: true });
    return { room: drawn?.room ?? room, opening, intervalMs };
  }
  return { room, opening, intervalMs };
}

/** Whether an entry's turn has ended: its pass used, or lapsed unused. */
const turnEnded = (now: Date) => (entry: QueueEntryRecord) =>
  entry.passUsedAt !== null || (entry.admitAt !== null && now >= passExpiresAt(entry.admitAt));

/**
 * Puts the account in the event's line: shuffled with the others in the minutes before the opening,
 * in arrival order after it. Its entry already there is answered as it is; one whose turn has
 * ended takes the next place. Refused `queue-not-open` before the room opens.
 */
export async function joinQueue(
  deps: Pick<Deps, "db" | "now">,
  actor: UserActor,
  input: { eventId: string },
): Promise<{ created: boolean; view: QueueEntryView }> {
  const { room, opening, intervalMs } = await roomOf(deps, input.eventId);
  const eventId = room.eventId;
  const before = await queueEntryOf(deps.db, eventId, actor.userId);
  if (before && !turnEnded(deps.now)(before))
    return { created: false, view: await standingOf(deps, before, room, opening) };
  const kind = arrivalKind(deps.now, opening, room);
  if (kind === "too-early")
    refuse("queue-not-open", `The waiting room opens at ${roomOpensAt(opening, room).toISOString()}.`, {
      meta: { opensAt: roomOpensAt(opening, room).toISOString() },
    });
  const id = crypto.randomUUID();
  let entry: QueueEntryRecord | "ranked" = "ranked";
  if (kind === "shuffled")
    entry = await insertShuffledEntry(deps.db, {
      id,
      eventId,
      userId: actor.userId,
      shuffleKey: randomKey(),
      now: deps.now,
    });
  // After the opening, or drawn meanwhile: the next place in arrival order.
  if (entry === "ranked") {
    entry = await insertEntryInOrder(deps.db, {
      id,
      eventId,
      userId: actor.userId,
      now: deps.now,
      intervalMs,
      requeue: turnEnded(deps.now),
      ...(before ? { seen: before } : {}),
    });
  }
  // Another tab's join may have made the entry a moment ago: that one is answered.
  return { created: entry.id === id || before !== undefined, view: await standingOf(deps, entry, room, opening) };
}

/** One of the account's entries, where it stands now; anyone else's reads as none. */
export async function myQueueEntry(
  deps: Pick<Deps, "db" | "now">,
  actor: UserActor,
  entryId: string,
): Promise<QueueEntryView> {
  const found = isUuid(entryId) ? await findQueueEntry(deps.db, entryId.toLowerCase()) : undefined;
  if (!found || found.userId !== actor.userId) return refuse("not-found", "No such queue entry.");
  const { room, opening } = await roomOf(deps, found.eventId);
  // Drawn a moment ago: its place is in the row now.
  const entry = found.place === null && room.rankedAt ? ((await findQueueEntry(deps.db, found.id)) ?? found) : found;
  return standingOf(deps, entry, room, opening);
}

/** The account's entry in the event's room, where it stands now; null when it has not joined. */
export async function myQueueEntryFor(
  deps: Pick<Deps, "db" | "now">,
  actor: UserActor,
  eventId: string,
): Promise<QueueEntryView | null> {
  const { room, opening } = await roomOf(deps, eventId);
  const entry = await queueEntryOf(deps.db, room.eventId, actor.userId);
  return entry ? standingOf(deps, entry, room, opening) : null;
}

/** A uniform key in [0, 1) from 53 random bits: the draw's order. */
function randomKey(): number {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  return ((high >>> 5) * 67_108_864 + (low >>> 6)) / 9_007_199_254_740_992;
}

async function standingOf(
  deps: Pick<Deps, "db" | "now">,
  entry: QueueEntryRecord,
  room: WaitingRoomRecord,
  opening: Date,
): Promise<QueueEntryView> {
  const { now } = deps;
  const placesLeft = entry.passUsedAt ? 0 : await keptPlacesLeftInEvent(deps.db, entry.eventId, now);
  const state = queueStateOf(entry, now, placesLeft);
  const placed = entry.place !== null && entry.admitAt !== null ? { place: entry.place, admitAt: entry.admitAt } : null;
  let ahead: number | null = null;
  if (state === "waiting" && placed) ahead = aheadOf(placed.admitAt, now, room);
  if (state === "admitted") ahead = 0;
  const until = entry.admitAt ?? opening;
  return {
    id: entry.id,
    eventId: entry.eventId,
    state,
    place: entry.place,
    position: ahead === null || state !== "waiting" ? null : ahead + 1,
    ahead,
    estimatedWait:
      state === "waiting"
        ? Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000))
        : state === "admitted"
          ? 0
          : null,
    pass: state === "admitted" && entry.admitAt ? signPass(room.passKey, entry.id, entry.admitAt) : null,
    passExpiresAt: state === "admitted" && entry.admitAt ? passExpiresAt(entry.admitAt) : null,
    standing:
      state === "waiting" && placed
        ? signStanding(room.passKey, { eventId: entry.eventId, entryId: entry.id, joinedAt: entry.joinedAt, ...placed })
        : null,
    joinedAt: entry.joinedAt,
    opensAt: opening,
    refreshAfter: refreshAfterSeconds(entry.admitAt, now, opening),
  };
}
