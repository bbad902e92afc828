import { insertUser } from "@sports/db";
import { type Locale, refuse, type User } from "@sports/domain";
import type { VISITOR } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { audit } from "./audit.ts";
import { queueVerificationMail } from "./mails.ts";
import { hashPassword, refuseWeakPassword } from "./passwords.ts";
import { type NewSession, startSession } from "./sessions.ts";

export interface Registration {
  /** Normalised (`normalizeEmail`). */
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  preferredLocale: Locale;
  /** The caller has the terms and the privacy notice accepted: nobody registers without. */
  termsAccepted: true;
  /** The visitor's network address: what registrations are counted by, and logged with. */
  clientAddress: string;
}

/**
 * Opens an account for a visitor and logs it in at once: the password must pass the rules
 * (`invalid-input` on `password`), registrations from one address are throttled
 * (`too-many-requests`), and an address that has an account already is `email-taken`, those
 * answers throttled apart so they cannot list the accounts. The account is a plain user's even at an
 * organiser's address: it becomes an organiser's only once whoever holds its password shows they read
 * that address's mail (verify-email.ts, reset-password.ts).
 * The account, its confirmation link and mail, and its session are written in one transaction.
 */
export async function register(
  deps: AccountDeps,
  _visitor: typeof VISITOR,
  input: Registration,
): Promise<{ user: User; session: NewSession }> {
  // A refused password is a form to correct, not a registration: it does not count against the address.
  refuseWeakPassword(input.password, input.email, "password");
  await deps.throttle.consume("registrationPerIp", input.clientAddress);
  const passwordHash = await hashPassword(input.password);
  const created = await deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: input.email,
      passwordHash,
      givenName: input.givenName,
      familyName: input.familyName,
      preferredLocale: input.preferredLocale,
      termsAcceptedAt: deps.now,
      role: "user",
    });
    if (user === "email-taken") return user;
    await queueVerificationMail(deps, tx, user, user.email);
    return { user, session: await startSession(deps, tx, user.id) };
  });
  if (created === "email-taken") {
    await deps.throttle.consume("takenEmailPerIp", input.clientAddress);
    refuse("email-taken", "This e-mail address already has an account: log in, or reset the password.", {
      field: { attribute: "email" },
    });
  }
  deps.mailQueued();
  audit(deps, "registered", input.clientAddress, { userId: created.user.id });
  return created;
}
