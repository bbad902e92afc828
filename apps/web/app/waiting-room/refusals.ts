import { waitingRoomPath } from "@sports/jsonapi";
import { refusedPath } from "../forms/refusals.ts";

/** What a "Sign up" answers while the event's waiting room is on and the visitor has no good pass (docs/decisions/072). */
const ROOM_REFUSALS: readonly string[] = [
  "queue-pass-required",
  "queue-pass-expired",
  "queue-pass-used",
  "queue-pass-invalid",
];

export const isRoomRefusal = (code: string): boolean => ROOM_REFUSALS.includes(code);

/** The event's waiting room, saying why the visitor was sent there (`?rifiuto=`): the way to a pass. */
export const roomRefusedPath = (prefix: string, eventSlug: string, code: string): string =>
  refusedPath(prefix + waitingRoomPath(eventSlug), code);
