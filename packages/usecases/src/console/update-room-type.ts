import {
  catalogueChanged,
  lockRoomType,
  lockStay,
  type RoomTypeRecord,
  updateRoomType as updateRoomTypeRow,
} from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import { changedFields } from "./catalogue-fields.ts";
import type { RoomTypeFields } from "./stay-fields.ts";

/**
 * Changes a room type. Its rooms per night never go below the rooms booked on any night: every
 * booked night's rooms are rewritten by one conditional statement (`rooms-below-booked`).
 */
export async function updateRoomType(
  deps: Deps,
  actor: Actor,
  input: { roomTypeId: string; change: RoomTypeFields },
): Promise<RoomTypeRecord> {
  requireOrganiser(actor, "changes room types");
  const room = await deps.db.transaction(async (tx) => {
    const current = await lockRoomType(tx, input.roomTypeId);
    if (!current) refuse("not-found", `No room type ${input.roomTypeId}.`);
    const { before, after } = changedFields(current, input.change);
    if (Object.keys(after).length === 0) return current;
    const updated = await updateRoomTypeRow(tx, current.id, after);
    if (!updated)
      refuse("rooms-below-booked", "More rooms are booked on a night than this number.", {
        field: { attribute: "roomsPerNight" },
      });
    const stay = await lockStay(tx, current.stayId);
    await audit(tx, deps, actor, {
      action: "update",
      subjectType: "room-types",
      subjectId: current.id,
      eventId: stay?.eventId ?? null,
      before,
      after,
    });
    return updated;
  });
  await catalogueChanged(deps.db);
  return room;
}
