import { insertAccountToken, queueMail, type Transaction } from "@sports/db";
import type { User } from "@sports/domain";
import { emailVerificationPath, localizedUrl } from "@sports/jsonapi";
import type { Deps } from "../deps.ts";
import { passwordChangedMail, verificationMail } from "../mail/templates.ts";
import { hashToken, newToken } from "./secrets.ts";

/** How long a mailed confirmation link works. */
export const VERIFICATION_TOKEN_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * Stores a confirmation link for `address` and writes its mail into the outbox, in the caller's
 * transaction: the mail goes out after the commit, never without its link. Earlier links for the
 * account stop working.
 */
export async function queueVerificationMail(
  deps: Pick<Deps, "now" | "siteUrl">,
  tx: Transaction,
  user: Pick<User, "id" | "givenName" | "preferredLocale">,
  address: string,
): Promise<void> {
  const token = newToken();
  await insertAccountToken(tx, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: "verify-email",
    email: address,
    expiresAt: new Date(deps.now.getTime() + VERIFICATION_TOKEN_DAYS * DAY_MS),
  });
  const mail = verificationMail({
    locale: user.preferredLocale,
    name: user.givenName,
    link: localizedUrl(deps.siteUrl, user.preferredLocale, emailVerificationPath(token)),
  });
  await queueMail(tx, { to: address, kind: "verify-email", ...mail });
}

/** Tells the account's address its password changed (someone else may have changed it), in the caller's transaction. */
export async function queuePasswordChangedMail(
  tx: Transaction,
  user: Pick<User, "email" | "givenName" | "preferredLocale">,
): Promise<void> {
  const mail = passwordChangedMail({ locale: user.preferredLocale, name: user.givenName });
  await queueMail(tx, { to: user.email, kind: "password-changed", ...mail });
}
