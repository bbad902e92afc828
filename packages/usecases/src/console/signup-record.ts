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
  roomTypesById,
  type SignupNoteRecord,
  type SignupRecord,
  type StayBookingRecord,
  signupConsoleLog,
  signupStateLog,
  stayBookingsOf,
  transferFeesOfSignup,
} from "@sports/db";
import { type Actor, type LocalizedText, type PriceBreakdown, refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { priceOf, viewOf } from "../signups/views.ts";

/** A payment as a team member may read it: its amounts for an organiser only, null for staff. */
export type ConsolePayment = Omit<PaymentRecord, "amount" | "refundDue" | "refundedAmount"> & {
  amount: number | null;
  refundDue: number | null;
  refundedAmount: number | null;
};

export interface ConsoleSignupRecord {
  signup: SignupRecord;
  owner: { id: string; email: string; givenName: string; familyName: string; preferredLocale: string } | null;
  participants: ConsoleParticipant[];
  /** The rooms booked, each with its room type's name. */
  stays: (StayBookingRecord & { roomType: LocalizedText })[];
  /** The signup's own payments and its transfers' fees (`transferId` set), newest first. */
  payments: ConsolePayment[];
  stateLog: Awaited<ReturnType<typeof signupStateLog>>;
  consoleLog: Awaited<ReturnType<typeof signupConsoleLog>>;
  mails: Awaited<ReturnType<typeof mailsOfSignup>>;
  notes: SignupNoteRecord[];
  /** The discount code applied at the recap, if any (decision 029); null for staff. */
  discountCode: { id: string; code: string } | null;
  /**
   * What the signup costs now, its discount taken off, as its owner sees it; null once prices have
   * ended, and for staff.
   */
  price: PriceBreakdown | null;
}

/**
 * Everything the console shows of one signup (staff read it too, without the money: no amount, no
 * price, no discount code; acting on it is the organiser's).
 */
export async function consoleSignup(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { signupId: string },
): Promise<ConsoleSignupRecord> {
  requireTeam(actor);
  const signup = isUuid(input.signupId) ? await findSignup(deps.db, input.signupId.toLowerCase()) : undefined;
  if (!signup) refuse("not-found", `No signup ${input.signupId}.`);
  const [user, participants, bookings, own, fees, stateLog, consoleLog, mails, notes, view] = await Promise.all([
    signup.userId ? findUserById(deps.db, signup.userId) : undefined,
    consoleParticipantsOf(deps.db, [signup.id]),
    stayBookingsOf(deps.db, [signup.id]),
    paymentsOfSignup(deps.db, signup.id),
    transferFeesOfSignup(deps.db, signup.id),
    signupStateLog(deps.db, signup.id),
    signupConsoleLog(deps.db, signup.id),
    mailsOfSignup(deps.db, signup.id),
    notesOfSignup(deps.db, signup.id),
    viewOf(deps.db, signup),
  ]);
  const rooms = await roomTypesById(
    deps.db,
    bookings.map((booking) => booking.roomTypeId),
  );
  const stays = bookings.map((booking) => ({ ...booking, roomType: rooms.get(booking.roomTypeId)?.room.name ?? {} }));
  const payments = [...own, ...fees].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
  );
  const owner = user
    ? {
        id: user.id,
        email: user.email,
        givenName: user.givenName,
        familyName: user.familyName,
        preferredLocale: user.preferredLocale,
      }
    : null;
  const record = { signup, owner, participants, stays, payments, stateLog, consoleLog, mails, notes };
  if (actor.kind !== "organiser")
    return {
      ...record,
      payments: payments.map((payment) => ({ ...payment, amount: null, refundDue: null, refundedAmount: null })),
      consoleLog: consoleLog.map((line) => ({
        ...line,
        before: withoutMoney(line.before),
        after: withoutMoney(line.after),
      })),
      discountCode: null,
      price: null,
    };
  const discountCode = view.discountCode ? { id: view.discountCode.id, code: view.discountCode.code } : null;
  return { ...record, discountCode, price: priceOf(view, deps.now) };
}

/** The keys under which the console's log keeps an amount (a refund, a payment recorded). */
const MONEY = ["amount", "refundDue", "refundedAmount"];

/** An audit line's side without its amounts. */
function withoutMoney(side: unknown): unknown {
  if (!side || typeof side !== "object" || Array.isArray(side)) return side;
  return Object.fromEntries(Object.entries(side).filter(([key]) => !MONEY.includes(key)));
}
