import { findUserById, passwordHashOf, replacePassword, updatePersonalData } from "@sports/db";
import { type FieldProblem, type PersonalData, refuse, refuseProblems, type User } from "@sports/domain";
import { birthDateProblem, isPlausiblePhone } from "@sports/jsonapi";
import type { UserActor } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";
import { audit } from "./audit.ts";
import { queuePasswordChangedMail, queueVerificationMail } from "./mails.ts";
import { hashPassword, refuseWeakPassword, verifyPassword } from "./passwords.ts";

export interface PersonalDataChange {
  /** The profile's fields to change; those absent stay. */
  changes: Partial<PersonalData>;
  /** A new address (normalised): it becomes the account's once the link mailed to it is followed. */
  email?: string | undefined;
  newPassword?: string | undefined;
  /** Required for a change of address or password. */
  currentPassword?: string | undefined;
  /** The session asking (its hash, as `sessionOf` found it): it stays when the password changes, the others end. */
  currentSession: string;
  clientAddress: string;
}

/**
 * Changes the person's own data. A phone that is no phone number, or a birth date in the future or
 * before 1900, is refused on its field (`invalid-input`: `invalid-phone`, `birth-date-in-future`,
 * `birth-date-too-early`), by the rules registration and the signup forms follow
 * (packages/jsonapi/src/field-rules.ts), whoever calls. A new address or password needs the current password
 * (`invalid-input`, `wrong-password` on `currentPassword`), and a new password must pass the rules
 * (`invalid-input` on `newPassword`). A new password ends every other session and is told to the
 * account's address; a new address gets a confirmation link and stays pending (`pendingEmail`)
 * until it is followed. All of it is written in one transaction, the mails with it.
 */
export async function changePersonalData(
  deps: AccountDeps,
  actor: UserActor,
  input: PersonalDataChange,
): Promise<{ user: User; pendingEmail?: string }> {
  const user = await findUserById(deps.db, actor.userId);
  if (!user) refuse("not-found", "This account does not exist any more.");
  refuseProblems(personalDataProblems(input.changes, deps.now));
  const { email, newPassword } = input;
  const changesEmail = email !== undefined && email !== user.email;
  if (changesEmail || newPassword !== undefined) {
    const hash = await passwordHashOf(deps.db, user.id);
    if (!input.currentPassword || !hash || !(await verifyPassword(hash, input.currentPassword))) {
      refuseProblems([
        { attribute: "currentPassword", code: "wrong-password", detail: "Enter your current password to change this." },
      ]);
    }
  }
  if (newPassword !== undefined) refuseWeakPassword(newPassword, email ?? user.email, "newPassword");
  // Hashed before the transaction, so argon2's work holds no connection.
  const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    const changed = (await updatePersonalData(tx, user.id, input.changes)) ?? user;
    if (passwordHash !== undefined) {
      await replacePassword(tx, user.id, passwordHash, input.currentSession);
      await queuePasswordChangedMail(tx, changed);
    }
    if (changesEmail) await queueVerificationMail(deps, tx, changed, email);
    return changed;
  });
  if (passwordHash !== undefined || changesEmail) deps.mailQueued();
  if (passwordHash !== undefined) audit(deps, "password-changed", input.clientAddress, { userId: user.id });
  return { user: updated, ...(changesEmail ? { pendingEmail: email } : {}) };
}

/** What is wrong with the profile's fields as given, each on its attribute (field-rules.ts). */
function personalDataProblems(changes: Partial<PersonalData>, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (changes.phone && !isPlausiblePhone(changes.phone)) {
    problems.push({ attribute: "phone", code: "invalid-phone", detail: "Enter a phone number of 6 to 15 digits." });
  }
  const birth = changes.birthDate ? birthDateProblem(changes.birthDate, now) : undefined;
  if (birth) {
    const detail =
      birth === "birth-date-in-future" ? "A birth date cannot be in the future." : "Check the year of birth.";
    problems.push({ attribute: "birthDate", code: birth, detail });
  }
  return problems;
}
