import { catalogueChanged, insertRoomType, lockStay, type RoomTypeRecord } from "@sports/db";
import { type Actor, refuse, refuseProblems } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import { missingFields } from "./catalogue-fields.ts";
import type { RoomTypeFields } from "./stay-fields.ts";

export async function createRoomType(
  deps: Deps,
  actor: Actor,
  input: { stayId: string; fields: RoomTypeFields },
): Promise<RoomTypeRecord> {
  requireOrganiser(actor, "adds room types");
  refuseProblems(missingFields(input.fields, ["guests", "pricePerNight", "roomsPerNight"]));
  const room = await deps.db.transaction(async (tx) => {
    const stay = await lockStay(tx, input.stayId);
    if (!stay) refuse("not-found", `No stay ${input.stayId}.`);
    const created = await insertRoomType(tx, { ...input.fields, stayId: stay.id } as RoomTypeRecord);
    await audit(tx, deps, actor, {
      action: "create",
      subjectType: "room-types",
      subjectId: created.id,
      eventId: stay.eventId,
      after: input.fields,
    });
    return created;
  });
  await catalogueChanged(deps.db);
  return room;
}
