import { findQueueEntry, findWaitingRoom, giveBackPass, isUuid, takePass } from "@sports/db";
import { passExpiresAt, refuse } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { isRoomSignature, roomSignature } from "./room-key.ts";

/**
 * A waiting room's passes (docs/decisions/072-waiting-room.md): `{entry}.{admission time in ms}.{HMAC}`,
 * signed with the room's key, so every read of an admitted entry answers the same pass and any
 * process can check one. A signup's hold takes it once.
 */

export const signPass = (key: string, entryId: string, admitAt: Date): string =>
  `${entryId}.${admitAt.getTime()}.${roomSignature(key, `${entryId}.${admitAt.getTime()}`)}`;

const PASS = /^([0-9a-f-]{36})\.(\d{1,15})\.([\w-]{43})$/;

/** A pass taken by a hold, to give back should the hold be refused. */
export interface TakenPass {
  entryId: string;
  takenAt: Date;
}

/**
 * While the event has a waiting room, a hold needs the account's pass of this turn: refused
 * `queue-pass-required` without one, `queue-pass-invalid` for a pass not the room's, another
 * account's or another event's, `queue-pass-expired` past its ten minutes, `queue-pass-used` once
 * taken (or of a turn that has ended). Taken here by one conditional statement; null when the
 * event has no room.
 */
export async function takeQueuePass(
  deps: Pick<Deps, "db" | "now">,
  actor: UserActor,
  input: { eventId: string; pass: string | undefined },
): Promise<TakenPass | null> {
  const room = await findWaitingRoom(deps.db, input.eventId);
  if (!room) return null;
  const field = { attribute: "queuePass" };
  if (!input.pass)
    return refuse("queue-pass-required", "This opening has a waiting room: sign up with its pass.", { field });
  const invalid = () =>
    refuse("queue-pass-invalid", "This is not a pass of this event's waiting room for you.", { field });
  const [, entryId = "", ms = "", signature = ""] = PASS.exec(input.pass) ?? [];
  if (!isUuid(entryId)) return invalid();
  if (!isRoomSignature(room.passKey, `${entryId}.${ms}`, signature)) return invalid();
  const entry = await findQueueEntry(deps.db, entryId);
  if (!entry || entry.eventId !== input.eventId || entry.userId !== actor.userId) return invalid();
  const admitAt = new Date(Number(ms));
  if (deps.now < admitAt) return invalid();
  if (deps.now >= passExpiresAt(admitAt))
    refuse("queue-pass-expired", "This pass has lapsed: join the waiting room again.", { field });
  const taken =
    entry.admitAt?.getTime() === admitAt.getTime() && (await takePass(deps.db, { entryId, admitAt, now: deps.now }));
  if (!taken) refuse("queue-pass-used", "This pass has been used: join the waiting room again.", { field });
  return { entryId, takenAt: deps.now };
}

/** The pass goes back to its entry: the hold it was taken for was refused. */
export async function giveBackQueuePass(deps: Pick<Deps, "db">, taken: TakenPass | null): Promise<void> {
  if (taken) await giveBackPass(deps.db, taken);
}
