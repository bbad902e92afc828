import { catalogueChanged, deleteStay as deleteStayRow, lockStay, stayHasBookings } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/** Deletes a stay nobody booked a room of (`has-signups` otherwise), with its room types. */
export async function deleteStay(deps: Deps, actor: Actor, input: { stayId: string }): Promise<void> {
  requireOrganiser(actor, "deletes stays");
  await deps.db.transaction(async (tx) => {
    const stay = await lockStay(tx, input.stayId);
    if (!stay) refuse("not-found", `No stay ${input.stayId}.`);
    if (await stayHasBookings(tx, stay.id)) refuse("has-signups", "Rooms of this stay are booked.");
    await deleteStayRow(tx, stay.id);
    await audit(tx, deps, actor, {
      action: "delete",
      subjectType: "stays",
      subjectId: stay.id,
      eventId: stay.eventId,
      before: { slug: stay.slug, name: stay.name },
    });
  });
  await catalogueChanged(deps.db);
}
