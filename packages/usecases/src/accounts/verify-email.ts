import { verifyEmail as confirmAddress, endSessions, useAccountToken } from "@sports/db";
import { refuse, type User } from "@sports/domain";
import type { VISITOR } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { audit } from "./audit.ts";
import { hashToken, isTokenShaped } from "./secrets.ts";

/**
 * Follows a mailed confirmation link (whoever holds it: the link is the proof): its address becomes
 * the account's, confirmed, and every session of the account opened before ends but `session`, the
 * one the link was followed from, if it is the account's. Whoever registered an address they do not
 * read keeps no session once its owner confirms it. No team role comes with a confirmation
 * (docs/decisions/041-team-roles-by-mailbox.md), but one: followed from the account's own session,
 * whose holder both knows its password and reads its mail, an address of `deps.organiserEmails`
 * makes the account an organiser's. Refused `invalid-token` for a link unknown, spent or expired,
 * `email-taken` when another account took the address meanwhile.
 */
export async function verifyEmail(
  deps: AccountDeps,
  _visitor: typeof VISITOR,
  input: { token: string; clientAddress: string; session?: { userId: string; tokenHash: string } | undefined },
): Promise<User> {
  const spent = isTokenShaped(input.token)
    ? await useAccountToken(deps.db, hashToken(input.token), "verify-email", deps.now)
    : undefined;
  if (!spent?.email) refuse("invalid-token", "This confirmation link is not valid any more.");
  // Not one transaction with the spending: a race for the address ends confirmAddress on a unique
  // violation, which on PostgreSQL would abort a surrounding transaction. A spent link stays spent.
  const own = input.session?.userId === spent.userId ? input.session.tokenHash : undefined;
  const role = own && deps.organiserEmails.has(spent.email) ? "organiser" : undefined;
  const verified = await confirmAddress(deps.db, spent.userId, spent.email, deps.now, role ? { role } : {});
  if (verified === "email-taken") refuse("email-taken", "Another account uses this address now.");
  if (!verified) refuse("invalid-token", "This confirmation link is not valid any more.");
  await endSessions(deps.db, spent.userId, own);
  audit(deps, "email-verified", input.clientAddress, { userId: verified.id });
  return verified;
}
