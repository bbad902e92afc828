import { consoleClub, isUuid, managersOfClubs, queueMail } from "@sports/db";
import { type Actor, type Locale, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { participantMessageMail } from "../mail/team-mails.ts";
import { audit } from "./audit.ts";

/**
 * Mails the organiser's message to each manager of a club (docs/decisions/068-club-entries.md), one
 * mail per manager through the outbox, in the language it was written in (`locale`, the console's
 * page). Refused at its fields when the subject or the text is empty. One audit line
 * (`club-message-sent`) for the whole sending.
 */
export async function messageClubManagers(
  deps: Pick<Deps, "db" | "now" | "mailQueued">,
  actor: Actor,
  input: { clubId: string; subject: string; body: string; locale: Locale },
): Promise<{ recipients: number }> {
  requireOrganiser(actor, "messages clubs");
  const subject = input.subject.trim();
  const body = input.body.trim();
  const empty = [
    ...(subject ? [] : [{ attribute: "subject", code: "required", detail: "Write the message's subject." }]),
    ...(body ? [] : [{ attribute: "body", code: "required", detail: "Write the message's text." }]),
  ];
  if (empty.length > 0) refuse("invalid-input", "Write the subject and the text.", { problems: empty });
  const sent = await deps.db.transaction(async (tx) => {
    const club = isUuid(input.clubId) ? await consoleClub(tx, input.clubId.toLowerCase()) : undefined;
    if (!club) refuse("not-found", `No club ${input.clubId}.`);
    const managers = await managersOfClubs(tx, [club.id]);
    for (const manager of managers) {
      const mail = participantMessageMail({ locale: input.locale, name: manager.givenName, subject, body });
      await queueMail(tx, { to: manager.email, kind: "club-message", ...mail });
    }
    await audit(tx, deps, actor, {
      action: "club-message-sent",
      subjectType: "clubs",
      subjectId: club.id,
      eventId: null,
      after: { recipients: managers.length, language: input.locale, subject },
    });
    return managers.length;
  });
  deps.mailQueued();
  return { recipients: sent };
}
