import { findUserByEmail } from "@sports/db";
import { refuse, type User } from "@sports/domain";
import type { VISITOR } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { audit } from "./audit.ts";
import { verifyAgainstDecoy, verifyPassword } from "./passwords.ts";
import { type NewSession, startSession } from "./sessions.ts";
import { loginDelaySeconds } from "./throttle.ts";

/**
 * Logs a visitor in with an address and its password, starting a session. Throttled per client
 * address whatever the accounts, and per account from that address with a wait growing after each
 * failure (`too-many-requests`, even for the right password while it lasts): never per account
 * alone, which would let a stranger lock its owner out (throttle.ts). An unknown address costs the
 * same verification as a wrong password, so neither the answer nor its time tells whether an
 * account exists: both are `invalid-credentials`.
 */
export async function logIn(
  deps: AccountDeps,
  _visitor: typeof VISITOR,
  input: { email: string; password: string; clientAddress: string },
): Promise<{ user: User; session: NewSession }> {
  const { throttle } = deps;
  const ip = input.clientAddress;
  const pair = `${input.email} ${ip}`;
  await throttle.check("loginFailuresPerIp", ip);
  await throttle.check("loginWaitPerAccountAndIp", pair);
  const found = await findUserByEmail(deps.db, input.email);
  const valid = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDecoy(input.password);
  if (!found || !valid) {
    await throttle.count("loginFailuresPerIp", ip);
    const wait = loginDelaySeconds(await throttle.count("loginFailuresPerAccountAndIp", pair));
    if (wait > 0) await throttle.hold("loginWaitPerAccountAndIp", pair, wait);
    audit(deps, "login-failed", ip, found ? { userId: found.user.id } : { knownEmail: false });
    refuse("invalid-credentials", "The e-mail address or the password is not right.");
  }
  await throttle.reset("loginFailuresPerAccountAndIp", pair);
  audit(deps, "login", ip, { userId: found.user.id });
  const session = await deps.db.transaction((tx) => startSession(deps, tx, found.user.id));
  return { user: found.user, session };
}
