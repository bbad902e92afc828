import { findUserById, grantTeamRole, replacePassword, useAccountToken } from "@sports/db";
import { refuse } from "@sports/domain";
import type { VISITOR } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { audit } from "./audit.ts";
import { hashPassword, refuseWeakPassword } from "./passwords.ts";
import { hashToken, isTokenShaped } from "./secrets.ts";

/**
 * Sets a new password with a mailed reset link (whoever holds it: the link is the proof), ending
 * every session of the account. The password must pass the rules (`invalid-input` on `password`,
 * checked first, so a weak one leaves the link usable); a link unknown, spent or past its hour is
 * `invalid-token`. The link proves its mailbox and the new password is known only to whoever read
 * it, with no session left open: an account at an address of `ORGANISER_EMAILS` becomes an
 * organiser here, with its address confirmed, when the link was mailed to the address it has now
 * (docs/decisions/041-team-roles-by-mailbox.md).
 */
export async function resetPassword(
  deps: AccountDeps,
  _visitor: typeof VISITOR,
  input: { token: string; password: string; clientAddress: string },
): Promise<void> {
  refuseWeakPassword(input.password, "", "password");
  const spent = isTokenShaped(input.token)
    ? await useAccountToken(deps.db, hashToken(input.token), "reset-password", deps.now)
    : undefined;
  if (!spent) refuse("invalid-token", "This reset link is not valid any more: ask for a new one.");
  // Hashed once the link is known good: a made-up link costs no argon2 work.
  await replacePassword(deps.db, spent.userId, await hashPassword(input.password));
  const user = await findUserById(deps.db, spent.userId);
  if (user && spent.email === user.email && deps.organiserEmails.has(user.email) && user.role !== "organiser")
    await grantTeamRole(deps.db, user.id, "organiser", deps.now);
  audit(deps, "password-reset", input.clientAddress, { userId: spent.userId });
}
