import { findSignup, insertSignupNote, isUuid, type SignupNoteRecord } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

export const NOTE_MAX_LENGTH = 2000;

/** An organiser writes a note on a signup (for the team; the runner never sees it). */
export async function addSignupNote(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { signupId: string; text: string },
): Promise<SignupNoteRecord> {
  requireOrganiser(actor, "writes notes on signups");
  const text = input.text.trim();
  if (text.length === 0 || text.length > NOTE_MAX_LENGTH)
    refuse("invalid-input", "Write a note.", {
      problems: [{ attribute: "text", code: text.length === 0 ? "required" : "too-long", detail: "Write a note." }],
    });
  const signup = isUuid(input.signupId) ? await findSignup(deps.db, input.signupId.toLowerCase()) : undefined;
  if (!signup) refuse("not-found", `No signup ${input.signupId}.`);
  return deps.db.transaction(async (tx) => {
    const note = await insertSignupNote(tx, { signupId: signup.id, authorUserId: actor.userId, text, at: deps.now });
    await audit(tx, deps, actor, {
      action: "add-note",
      subjectType: "signups",
      subjectId: signup.id,
      eventId: signup.eventId,
      after: { note: note.id, text },
    });
    return note;
  });
}
