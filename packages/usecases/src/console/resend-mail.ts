import { findOutgoingMail, findSignup, isUuid, queueMail } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/** An organiser sends a signup's mail again: a copy of it goes into the outbox as a new mail. */
export async function resendSignupMail(
  deps: Pick<Deps, "db" | "now" | "mailQueued">,
  actor: Actor,
  input: { signupId: string; mailId: string },
): Promise<{ mailId: string }> {
  requireOrganiser(actor, "sends mails again");
  const signup = isUuid(input.signupId) ? await findSignup(deps.db, input.signupId.toLowerCase()) : undefined;
  const mail = isUuid(input.mailId) ? await findOutgoingMail(deps.db, input.mailId.toLowerCase()) : undefined;
  if (!signup || !mail || mail.signupId !== signup.id) refuse("not-found", `No mail ${input.mailId} of this signup.`);
  const mailId = await deps.db.transaction(async (tx) => {
    const id = await queueMail(
      tx,
      { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, kind: mail.kind, signupId: signup.id },
      deps.now,
    );
    await audit(tx, deps, actor, {
      action: "resend-mail",
      subjectType: "signups",
      subjectId: signup.id,
      eventId: signup.eventId,
      after: { mail: id, copyOf: mail.id, kind: mail.kind },
    });
    return id;
  });
  deps.mailQueued();
  return { mailId };
}
