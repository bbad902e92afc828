import {
  catalogueChanged,
  lockStay,
  type StayRecord,
  stayHasBookings,
  staySlugTaken,
  updateStay as updateStayRow,
} from "@sports/db";
import { type Actor, refuse, refuseProblems } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import { changedFields } from "./catalogue-fields.ts";
import { nightsProblem, type StayFields } from "./stay-fields.ts";

/** Changes a stay; its nights never leave out a night already booked (`has-signups`). */
export async function updateStay(
  deps: Deps,
  actor: Actor,
  input: { stayId: string; change: StayFields },
): Promise<StayRecord> {
  requireOrganiser(actor, "changes stays");
  const stay = await deps.db.transaction(async (tx) => {
    const current = await lockStay(tx, input.stayId);
    if (!current) refuse("not-found", `No stay ${input.stayId}.`);
    const next = { ...current, ...Object.fromEntries(Object.entries(input.change).filter(([, v]) => v !== undefined)) };
    refuseProblems(nightsProblem(next));
    if (input.change.slug !== undefined && (await staySlugTaken(tx, current.eventId, input.change.slug, current.id)))
      refuseProblems([{ attribute: "slug", code: "slug-taken", detail: "Another stay of this event has this slug." }]);
    const { before, after } = changedFields(current, input.change);
    if (Object.keys(after).length === 0) return current;
    if ((after.firstNight || after.lastNight) && (await stayHasBookings(tx, current.id, next)))
      refuse("has-signups", "Rooms are booked on a night this change leaves out.", {
        field: { attribute: "firstNight" },
      });
    const updated = await updateStayRow(tx, current.id, after);
    await audit(tx, deps, actor, {
      action: "update",
      subjectType: "stays",
      subjectId: current.id,
      eventId: current.eventId,
      before,
      after,
    });
    return updated;
  });
  await catalogueChanged(deps.db);
  return stay;
}
