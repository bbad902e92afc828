import {
  catalogueChanged,
  deleteWaitingRoom,
  findAnyEvent,
  findWaitingRoom,
  isUuid,
  saveWaitingRoom,
} from "@sports/db";
import { type Actor, refuse, roomOpensAt, type WaitingRoomRules } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";

/**
 * An organiser turns an event's waiting room on (`rules`), changes its pace, or turns it off
 * (`null`, which ends its line) (docs/decisions/072-waiting-room.md). A room needs the event's
 * signup opening: it opens `shuffleMinutes` before it.
 */
export async function setWaitingRoom(
  deps: Deps,
  actor: Actor,
  input: { eventId: string; rules: WaitingRoomRules | null },
): Promise<WaitingRoomRules | null> {
  requireOrganiser(actor, "sets waiting rooms");
  const event = isUuid(input.eventId) ? await findAnyEvent(deps.db, input.eventId.toLowerCase()) : undefined;
  if (!event) return refuse("not-found", `No event ${input.eventId}.`);
  if (input.rules && !event.signupOpensAt)
    refuse("opening-required", "A waiting room opens before the signup opening: set signupOpensAt first.", {
      field: { attribute: "waitingRoom" },
    });
  const room = await findWaitingRoom(deps.db, event.id);
  const before = room ? { shuffleMinutes: room.shuffleMinutes, admitPerMinute: room.admitPerMinute } : null;
  const after = input.rules
    ? { shuffleMinutes: input.rules.shuffleMinutes, admitPerMinute: input.rules.admitPerMinute }
    : null;
  if (JSON.stringify(before) === JSON.stringify(after)) return after;
  await deps.db.transaction(async (tx) => {
    if (after) await saveWaitingRoom(tx, event.id, after, deps.now);
    else await deleteWaitingRoom(tx, event.id);
    await audit(tx, deps, actor, {
      action: "update",
      subjectType: "events",
      subjectId: event.id,
      eventId: event.id,
      before: { waitingRoom: before },
      after: { waitingRoom: after },
    });
  });
  // The event's pages kept by the server say whether it has a room, and every process drops the room
  // it kept (queue.ts reads it as a kept read of the catalogue).
  await catalogueChanged(deps.db);
  return after;
}

/** The event's room as its public page shows it: when it opens, and its pace; null when it has none. */
export async function openingWaitingRoom(
  deps: Pick<Deps, "db">,
  event: { id: string; signupOpensAt: Date | null },
): Promise<{ opensAt: string; shuffleMinutes: number; admitPerMinute: number } | null> {
  const rules = event.signupOpensAt ? await waitingRoomRules(deps, event.id) : null;
  if (!rules || !event.signupOpensAt) return null;
  return { opensAt: roomOpensAt(event.signupOpensAt, rules).toISOString(), ...rules };
}

/** The event's room as the console shows it: null when it has none. */
export async function waitingRoomRules(deps: Pick<Deps, "db">, eventId: string): Promise<WaitingRoomRules | null> {
  const room = await findWaitingRoom(deps.db, eventId);
  return room ? { shuffleMinutes: room.shuffleMinutes, admitPerMinute: room.admitPerMinute } : null;
}
