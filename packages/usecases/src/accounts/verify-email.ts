import { verifyEmail as confirmAddress, findTeamInvitation, useAccountToken } from "@sports/db";
import { refuse, type User } from "@sports/domain";
import type { VISITOR } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { audit } from "./audit.ts";
import { hashToken, isTokenShaped } from "./secrets.ts";

/**
 * Follows a mailed confirmation link (whoever holds it: the link is the proof): its address becomes
 * the account's, confirmed, and the account an organiser's when the address is one of
 * `deps.organiserEmails`, or the role the address was invited to (`team_invitations`, see
 * console/invite-team-member.ts): a role that grants power is given only once its owner has shown
 * they read its mail. Refused `invalid-token` for a link unknown, spent or expired, `email-taken` when another
 * account took the address meanwhile.
 */
export async function verifyEmail(
  deps: AccountDeps,
  _visitor: typeof VISITOR,
  input: { token: string; clientAddress: string },
): Promise<User> {
  const spent = isTokenShaped(input.token)
    ? await useAccountToken(deps.db, hashToken(input.token), "verify-email", deps.now)
    : undefined;
  if (!spent?.email) refuse("invalid-token", "This confirmation link is not valid any more.");
  // Not one transaction with the spending: a race for the address ends confirmAddress on a unique
  // violation, which on PostgreSQL would abort a surrounding transaction. A spent link stays spent.
  const invitation = deps.organiserEmails.has(spent.email) ? undefined : await findTeamInvitation(deps.db, spent.email);
  const role = deps.organiserEmails.has(spent.email) ? "organiser" : invitation?.role;
  const verified = await confirmAddress(deps.db, spent.userId, spent.email, deps.now, role ? { role } : {});
  if (verified === "email-taken") refuse("email-taken", "Another account uses this address now.");
  if (!verified) refuse("invalid-token", "This confirmation link is not valid any more.");
  audit(deps, "email-verified", input.clientAddress, { userId: verified.id });
  return verified;
}
