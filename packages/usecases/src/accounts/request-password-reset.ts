import { findUserByEmail, insertAccountToken, queueMail } from "@sports/db";
import type { User } from "@sports/domain";
import { localizedUrl, passwordResetPath } from "@sports/jsonapi";
import type { VISITOR } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { passwordResetMail } from "../mail/templates.ts";
import { audit } from "./audit.ts";
import { hashToken, newToken } from "./secrets.ts";

/** How long a mailed reset link works. */
export const RESET_TOKEN_MINUTES = 60;

/**
 * Asks for a link to choose a new password, mailed to the address if it has an account: the answer
 * is the same, and as quick, whether or not it has one. Throttled per client address and per
 * address asked for (`too-many-requests`), known or not.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  _visitor: typeof VISITOR,
  input: { email: string; clientAddress: string },
): Promise<void> {
  await deps.throttle.consume("resetPerIp", input.clientAddress);
  await deps.throttle.consume("resetPerAccount", input.email);
  const found = await findUserByEmail(deps.db, input.email);
  // After the answer: storing the link and writing the mail must not make a known address slower.
  if (found) setImmediate(() => void mailResetLink(deps, found.user));
  audit(deps, "reset-requested", input.clientAddress, found ? { userId: found.user.id } : { knownEmail: false });
}

/** Stores a reset link and writes its mail into the outbox, in one transaction; a failure is only logged, no one waits for it. */
async function mailResetLink(deps: AccountDeps, user: User): Promise<void> {
  try {
    const token = newToken();
    await deps.db.transaction(async (tx) => {
      await insertAccountToken(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        purpose: "reset-password",
        // The mailbox the link proves: a role waiting for the account's address is given only for it (reset-password.ts).
        email: user.email,
        expiresAt: new Date(deps.now.getTime() + RESET_TOKEN_MINUTES * 60_000),
      });
      const mail = passwordResetMail({
        locale: user.preferredLocale,
        name: user.givenName,
        link: localizedUrl(deps.siteUrl, user.preferredLocale, passwordResetPath(token)),
        validMinutes: RESET_TOKEN_MINUTES,
      });
      await queueMail(tx, { to: user.email, kind: "reset-password", ...mail });
    });
    deps.mailQueued();
  } catch (error) {
    deps.logger?.error({ err: error, userId: user.id }, "reset link not stored");
  }
}
