import { appointmentBibRange, isUuid, participantsForBibs, reassignBibs } from "@sports/db";
import { refuse } from "@sports/domain";
import { type ConsoleActor, requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

export type BibOrder = "surname" | "signup";

/**
 * The organiser (re)numbers an appointment's confirmed participants from the start of its bib range,
 * by surname or in the order they signed up, skipping numbers other participants of the event wear.
 * Those past the end of the range are left without. Refused `not-found`, and `invalid-input` for an
 * appointment without a bib range. Answers how many got a bib and how many did not.
 */
export async function assignBibs(
  deps: Pick<Deps, "db" | "now">,
  actor: ConsoleActor,
  input: { appointmentId: string; order: BibOrder },
): Promise<{ assigned: number; withoutBib: number }> {
  requireOrganiser(actor, "gives bibs");
  const range = isUuid(input.appointmentId)
    ? await appointmentBibRange(deps.db, input.appointmentId.toLowerCase())
    : undefined;
  if (!range) refuse("not-found", `No appointment ${input.appointmentId}.`);
  if (range.first === null || range.last === null)
    refuse("invalid-input", "The appointment has no bib range.", { field: { relationship: "appointment" } });
  const { first, last } = range;
  return deps.db.transaction(async (tx) => {
    const ids = (await participantsForBibs(tx, input.appointmentId.toLowerCase(), input.order)).map((row) => row.id);
    const assigned = await reassignBibs(tx, { eventId: range.eventId, participantIds: ids, first, last });
    await audit(tx, deps, actor, {
      action: "assign-bibs",
      subjectType: "appointments",
      subjectId: input.appointmentId.toLowerCase(),
      eventId: range.eventId,
      after: { order: input.order, assigned, withoutBib: ids.length - assigned },
    });
    return { assigned, withoutBib: ids.length - assigned };
  });
}
