import {
  endSessions,
  findLiveTeamInvitation,
  findTeamAccountById,
  grantTeamRole,
  spendTeamInvitation,
} from "@sports/db";
import { type Actor, refuse, type User } from "@sports/domain";
import { hashToken, isTokenShaped } from "../accounts/secrets.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

/**
 * Accepts an invitation to the team through its mailed link, from a session of the account at the
 * invited address: the one way a new member gets a role (docs/decisions/041-team-roles-by-mailbox.md).
 * The request shows both halves of the proof at once: the link, which only the mailbox had, and a
 * session, which only the account's password opens. The account gets the role with its address
 * confirmed, the link is spent, and every other session of the account ends, so whoever else knew
 * its password before holds no session of an account with a role. Refused `invalid-token` for a link
 * unknown, spent or past its seven days, and `not-invitee` (the link stays good) when the session is
 * another account's.
 */
export async function acceptTeamInvitation(
  deps: Pick<Deps, "db" | "now">,
  actor: Extract<Actor, { userId: string }>,
  input: { token: string; session: string },
): Promise<User> {
  if (!isTokenShaped(input.token)) refuseLink();
  return deps.db.transaction(async (tx) => {
    const invitation = await findLiveTeamInvitation(tx, hashToken(input.token), deps.now);
    if (!invitation) refuseLink();
    const account = await findTeamAccountById(tx, actor.userId);
    if (account?.email !== invitation.email)
      refuse("not-invitee", "This invitation is for another e-mail address: log in with the account at that address.");
    await spendTeamInvitation(tx, invitation.email);
    const user = await grantTeamRole(tx, actor.userId, invitation.role, deps.now);
    if (!user) refuseLink();
    const ended = await endSessions(tx, actor.userId, input.session);
    await audit(tx, deps, actor, {
      action: "team-invitation-accepted",
      subjectType: "team-invitations",
      subjectId: invitation.email,
      before: { role: account.role },
      after: { role: user.role, otherSessionsEnded: ended },
    });
    return user;
  });
}

function refuseLink(): never {
  refuse("invalid-token", "This invitation link is not valid any more: ask the organiser to invite you again.");
}
