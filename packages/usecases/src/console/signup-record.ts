import {
  type ConsoleParticipant,
  consoleParticipantsOf,
  findSignup,
  findUserById,
  isUuid,
  mailsOfSignup,
  notesOfSignup,
  type PaymentRecord,
  paymentsOfSignup,
  type SignupNoteRecord,
  type SignupRecord,
  type StayBookingRecord,
  signupConsoleLog,
  signupStateLog,
  stayBookingsOf,
} from "@sports/db";
import { type Actor, type PriceBreakdown, refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { priceOf, viewOf } from "../signups/views.ts";

export interface ConsoleSignupRecord {
  signup: SignupRecord;
  owner: { id: string; email: string; givenName: string; familyName: string; preferredLocale: string } | null;
  participants: ConsoleParticipant[];
  stays: StayBookingRecord[];
  payments: PaymentRecord[];
  stateLog: Awaited<ReturnType<typeof signupStateLog>>;
  consoleLog: Awaited<ReturnType<typeof signupConsoleLog>>;
  mails: Awaited<ReturnType<typeof mailsOfSignup>>;
  notes: SignupNoteRecord[];
  /** The discount code applied at the recap, if any (decision 029). */
  discountCode: { id: string; code: string } | null;
  /** What the signup costs now, its discount taken off, as its owner sees it; null once prices have ended. */
  price: PriceBreakdown | null;
}

/** Everything the console shows of one signup (staff read it too; acting on it is the organiser's). */
export async function consoleSignup(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { signupId: string },
): Promise<ConsoleSignupRecord> {
  requireTeam(actor);
  const signup = isUuid(input.signupId) ? await findSignup(deps.db, input.signupId.toLowerCase()) : undefined;
  if (!signup) refuse("not-found", `No signup ${input.signupId}.`);
  const [user, participants, stays, payments, stateLog, consoleLog, mails, notes, view] = await Promise.all([
    signup.userId ? findUserById(deps.db, signup.userId) : undefined,
    consoleParticipantsOf(deps.db, [signup.id]),
    stayBookingsOf(deps.db, [signup.id]),
    paymentsOfSignup(deps.db, signup.id),
    signupStateLog(deps.db, signup.id),
    signupConsoleLog(deps.db, signup.id),
    mailsOfSignup(deps.db, signup.id),
    notesOfSignup(deps.db, signup.id),
    viewOf(deps.db, signup),
  ]);
  const owner = user
    ? {
        id: user.id,
        email: user.email,
        givenName: user.givenName,
        familyName: user.familyName,
        preferredLocale: user.preferredLocale,
      }
    : null;
  const discountCode = view.discountCode ? { id: view.discountCode.id, code: view.discountCode.code } : null;
  const price = priceOf(view, deps.now);
  return { signup, owner, participants, stays, payments, stateLog, consoleLog, mails, notes, discountCode, price };
}
