import {
  catalogueChanged,
  deleteRoomType as deleteRoomTypeRow,
  lockRoomType,
  lockStay,
  roomTypeHasBookings,
} from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/** Deletes a room type nobody booked (`has-signups` otherwise). */
export async function deleteRoomType(deps: Deps, actor: Actor, input: { roomTypeId: string }): Promise<void> {
  requireOrganiser(actor, "deletes room types");
  await deps.db.transaction(async (tx) => {
    const room = await lockRoomType(tx, input.roomTypeId);
    if (!room) refuse("not-found", `No room type ${input.roomTypeId}.`);
    if (await roomTypeHasBookings(tx, room.id)) refuse("has-signups", "Rooms of this type are booked.");
    const stay = await lockStay(tx, room.stayId);
    await deleteRoomTypeRow(tx, room.id);
    await audit(tx, deps, actor, {
      action: "delete",
      subjectType: "room-types",
      subjectId: room.id,
      eventId: stay?.eventId ?? null,
      before: { name: room.name, roomsPerNight: room.roomsPerNight },
    });
  });
  await catalogueChanged(deps.db);
}
