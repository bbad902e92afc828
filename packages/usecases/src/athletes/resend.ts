import { claimAthleteLinkResend, clubNameOf, findSignup } from "@sports/db";
import { type Actor, athleteLinkExpiry, refuse } from "@sports/domain";
import { hashToken, newToken } from "../accounts/secrets.ts";
import { tooManyRequests } from "../accounts/throttle.ts";
import { clubEntryFor, type MissingAthlete } from "../club-entries/find.ts";
import type { Deps } from "../deps.ts";
import { viewOf } from "../signups/views.ts";
import { partsMissing, queueLinkMail } from "./links.ts";

/** How long after a mail to an athlete their link may be mailed again at a manager's asking. */
export const ATHLETE_LINK_RESEND_AFTER_MS = 10 * 60_000;

/**
 * Mails a held entry's athlete their link again, at a manager's asking (the first mail was lost,
 * or went to spam): a new token voiding the one before, good until the same lapse. Refused for an
 * athlete with nothing missing or no address, before the signup is confirmed, once the links have
 * lapsed, and within ten minutes of the last mail to them (`too-many-requests`): two managers
 * asking at once send one mail. Answers the athlete as the entry's missing list shows them.
 */
export async function resendAthleteLink(
  deps: Pick<Deps, "db" | "now" | "siteUrl" | "mailQueued">,
  actor: Actor,
  input: { entryId: string; participantId: string },
): Promise<MissingAthlete> {
  const entry = await clubEntryFor(deps, actor, input.entryId);
  const signup = entry.signupId ? await findSignup(deps.db, entry.signupId) : undefined;
  const view = signup ? await viewOf(deps.db, signup) : undefined;
  const participant = view?.participants.find((one) => one.id === input.participantId);
  if (!view || !participant) refuse("not-found", `No athlete ${input.participantId} in club entry ${entry.id}.`);
  if (view.signup.state !== "confirmed") refuse("wrong-state", "The athletes' links go out once the signup is paid.");
  const missing = partsMissing(participant, view.event);
  if (missing.length === 0) refuse("wrong-state", "This athlete has given their part already.");
  if (!participant.email) refuse("wrong-state", "This athlete has no e-mail address to send a link to.");
  const expiresAt =
    participant.athleteLinkExpiresAt ??
    athleteLinkExpiry({ ...view.appointment, signupClosesAt: view.event.signupClosesAt }, deps.now);
  if (!expiresAt || expiresAt <= deps.now) refuse("closed", "The athletes' links have lapsed.");

  const since = new Date(deps.now.getTime() - ATHLETE_LINK_RESEND_AFTER_MS);
  const club = (await clubNameOf(deps.db, entry.clubId)) ?? "";
  const sent = await deps.db.transaction(async (tx) => {
    const token = newToken();
    const link = { hash: hashToken(token), expiresAt, since, mailedAt: deps.now };
    if (!(await claimAthleteLinkResend(tx, participant.id, link))) return false;
    await queueLinkMail(deps, tx, { view, participant, club, missing, token, expiresAt, reminder: true });
    return true;
  });
  if (!sent) {
    const last = participant.athleteRemindedAt?.getTime() ?? deps.now.getTime();
    throw tooManyRequests(last + ATHLETE_LINK_RESEND_AFTER_MS - deps.now.getTime());
  }
  deps.mailQueued();
  const { id, givenName, familyName, email } = participant;
  return { participantId: id, givenName, familyName, email, missing, mailedAt: deps.now };
}
