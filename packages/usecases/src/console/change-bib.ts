import { isUuid, raceDayParticipant, setBib } from "@sports/db";
import { refuse } from "@sports/domain";
import { type ConsoleActor, requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/**
 * The organiser gives a participant a bib by hand, or takes it away (null). Refused `bib-taken` when
 * another participant of the event wears the number, `not-found` for no such participant.
 */
export async function changeBib(
  deps: Pick<Deps, "db" | "now">,
  actor: ConsoleActor,
  input: { participantId: string; bib: number | null },
): Promise<{ participantId: string; bib: number | null }> {
  requireOrganiser(actor, "gives bibs");
  if (input.bib !== null && (!Number.isInteger(input.bib) || input.bib < 1 || input.bib > 9_999_999))
    refuse("invalid-input", "A bib is a whole number from 1.", { field: { attribute: "bib" } });
  return deps.db.transaction(async (tx) => {
    const participant = isUuid(input.participantId)
      ? await raceDayParticipant(tx, input.participantId.toLowerCase())
      : undefined;
    if (!participant) refuse("not-found", `No participant ${input.participantId}.`);
    if (participant.bib === input.bib) return { participantId: participant.id, bib: input.bib };
    const outcome = await setBib(tx, {
      eventId: participant.eventId,
      participantId: participant.id,
      number: input.bib,
    });
    if (outcome === "bib-taken")
      refuse("bib-taken", `Bib ${input.bib} is already given in this event.`, { field: { attribute: "bib" } });
    await audit(tx, deps, actor, {
      action: "change-bib",
      subjectType: "participants",
      subjectId: participant.id,
      eventId: participant.eventId,
      before: { bib: participant.bib },
      after: { bib: input.bib },
    });
    return { participantId: participant.id, bib: input.bib };
  });
}
