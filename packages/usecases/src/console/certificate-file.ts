import { certificateContent, consoleParticipant, findCertificate, isUuid } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";

/** A participant's certificate file for the organiser to look at (health data: organisers only). */
export async function participantCertificateFile(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { participantId: string },
) {
  requireOrganiser(actor, "reads certificates");
  const participant = isUuid(input.participantId)
    ? await consoleParticipant(deps.db, input.participantId.toLowerCase())
    : undefined;
  const file = participant?.certificateId ? await findCertificate(deps.db, participant.certificateId) : undefined;
  const content = file?.signupId ? await certificateContent(deps.db, file.id, file.signupId) : undefined;
  if (!file || !content) refuse("not-found", `No certificate for participant ${input.participantId}.`);
  return { file, content };
}
