import { catalogueChanged, insertStay, lockEvent, type StayRecord, staySlugTaken } from "@sports/db";
import { type Actor, refuse, refuseProblems } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import { missingFields } from "./catalogue-fields.ts";
import { nightsProblem, type StayFields } from "./stay-fields.ts";

export async function createStay(
  deps: Deps,
  actor: Actor,
  input: { eventId: string; fields: StayFields },
): Promise<StayRecord> {
  requireOrganiser(actor, "adds stays");
  const { fields } = input;
  refuseProblems(missingFields(fields, ["slug", "firstNight", "lastNight"]));
  const values = { ...fields, eventId: input.eventId } as StayRecord;
  refuseProblems(nightsProblem(values));
  const stay = await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, input.eventId);
    if (!event) refuse("not-found", `No event ${input.eventId}.`);
    if (await staySlugTaken(tx, event.id, values.slug))
      refuseProblems([{ attribute: "slug", code: "slug-taken", detail: "Another stay of this event has this slug." }]);
    const created = await insertStay(tx, values);
    await audit(tx, deps, actor, {
      action: "create",
      subjectType: "stays",
      subjectId: created.id,
      eventId: event.id,
      after: fields,
    });
    return created;
  });
  await catalogueChanged(deps.db);
  return stay;
}
