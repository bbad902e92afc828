import {
  changePayment,
  lockedPaidPayment,
  type PaymentRecord,
  paymentsWithRefundDue,
  type Transaction,
  withLockedPayment,
} from "@sports/db";
import {
  type Actor,
  type CancelRefund,
  type CancelRefundReason,
  cancelRefund,
  type PaymentProvider,
} from "@sports/domain";
import { issueCorrection } from "../billing/issue.ts";
import type { Deps } from "../deps.ts";
import type { SignupView } from "../signups/views.ts";
import { queuePaymentMail } from "./mails.ts";

/**
 * Refunds are owed in the database before they are made (docs/decisions/012): what is owed is
 * written in the transaction of the change that owes it, and the provider is asked after the
 * commit, under an idempotency key per amount, so a crash in between leaves it owed, and the
 * refunds job makes it.
 */

/**
 * What cancelling the signup at `now` gives back of `amountPaid` under its event's refund policy
 * (everything until its last refund day, then nothing): what a cancellation owes, and what the
 * pages say it will before it is confirmed.
 */
export function refundOnCancelOf(
  view: Pick<SignupView, "event" | "appointment">,
  amountPaid: number,
  now: Date,
): CancelRefund {
  return cancelRefund({
    amountPaid,
    startsAt: view.appointment.startsAt,
    now,
    refundDaysBefore: view.event.refundDaysBefore,
  });
}

/** A signup's refund as its owner sees it: what cancelling would give back, or what cancelling gave back. */
export interface RefundStanding {
  /** In minor units of `currency`. */
  amount: number;
  currency: string;
  reason: CancelRefundReason;
  refundableUntil: Date | null;
  /**
   * `if-cancelled`: what cancelling now would give back; after a cancellation, `owed` (not given
   * back yet), `refunded`, or `none` (nothing to give back).
   */
  state: "if-cancelled" | "owed" | "refunded" | "none";
}

/** The payment a cancellation refunds: the first that paid the signup, unless flagged for an organiser. */
function paidPayment(payments: readonly PaymentRecord[]): PaymentRecord | undefined {
  return payments
    .filter((payment) => payment.state === "paid" && payment.attention === null)
    .sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0))[0];
}

/**
 * The refund to show with a signup: for one its owner may still cancel, what cancelling now gives
 * back (the rule {@link owedOnCancel} applies); for a cancelled one, what it owed and whether it
 * went back. Null for the others.
 */
export function refundStandingOf(view: SignupView, now: Date, cancellable: boolean): RefundStanding | null {
  const { signup } = view;
  if (signup.state === "cancelled") {
    const refunded = view.payments.find((payment) => payment.refundDue > 0);
    const paid = refunded ?? view.payments.find((payment) => payment.state === "paid" || payment.state === "refunded");
    const refundDaysBefore = view.event.refundDaysBefore;
    const refundableUntil = refundOnCancelOf(view, 0, now).refundableUntil;
    // Without a refund owed, it was cancelled unpaid, or paid past the policy's last day (or under none).
    const reason: CancelRefundReason = refunded
      ? "in-full"
      : !paid
        ? "nothing-paid"
        : refundDaysBefore === null
          ? "no-refunds"
          : "deadline-passed";
    return {
      amount: refunded?.refundDue ?? 0,
      currency: paid?.currency ?? view.appointment.currency,
      reason,
      refundableUntil,
      state: !refunded ? "none" : refunded.refundedAmount >= refunded.refundDue ? "refunded" : "owed",
    };
  }
  if (!cancellable) return null;
  const paid = signup.state === "confirmed" ? paidPayment(view.payments) : undefined;
  const terms = refundOnCancelOf(view, paid ? paid.amount - paid.refundDue : 0, now);
  return { ...terms, currency: paid?.currency ?? view.appointment.currency, state: "if-cancelled" };
}

/**
 * Inside a cancellation's transaction: what the paid signup's payment owes back under the event's
 * refund policy (everything it still holds until its last refund day, then nothing), added to what
 * it owed already and recorded with the mail that says so. Undefined when nothing was paid.
 */
export async function owedOnCancel(
  deps: Pick<Deps, "now" | "siteUrl">,
  tx: Transaction,
  actor: Actor,
  view: SignupView,
): Promise<PaymentRecord | undefined> {
  const payment = await lockedPaidPayment(tx, view.signup.id);
  if (!payment) return undefined;
  // What an organiser or an athlete's withdrawal gave back already stays given back.
  const refund = refundOnCancelOf(view, payment.amount - payment.refundDue, deps.now).amount;
  const owed = await changePayment(
    tx,
    payment,
    { refundDue: payment.refundDue + refund },
    {
      source: actor.kind === "organiser" ? "organiser" : "visitor",
      at: deps.now,
      ...("userId" in actor ? { actorUserId: actor.userId } : {}),
      note: `cancelled: ${refund} owed back`,
    },
  );
  await queuePaymentMail(tx, {
    kind: "cancel-refund",
    payment: { ...owed, refundDue: refund },
    view,
    siteUrl: deps.siteUrl,
  });
  return owed;
}

/**
 * Gives back what a payment owes (its `refundDue` less what went back already) through its
 * provider, with an idempotency key per amount, and records it. Safe to call again after a crash
 * or a failure: the provider refunds a key once, and the refunds job retries what is still owed.
 * The refund's correction of the payment's billing document is issued with the record.
 */
export async function giveBack(
  deps: Pick<Deps, "db" | "now">,
  provider: PaymentProvider,
  payment: PaymentRecord,
): Promise<PaymentRecord> {
  const owed = payment.refundDue - payment.refundedAmount;
  if (owed <= 0) return payment;
  const { refundReference } = await provider.refund({
    providerReference: payment.providerReference ?? "",
    ...(payment.paymentReference ? { paymentReference: payment.paymentReference } : {}),
    amount: owed,
    idempotencyKey: `refund-${payment.id}-${payment.refundDue}`,
  });
  const recorded = await withLockedPayment(deps.db, { id: payment.id }, async (tx, locked, signup) => {
    if (locked.refundedAmount >= locked.refundDue) return locked;
    const changed = await changePayment(
      tx,
      locked,
      {
        refundedAmount: locked.refundDue,
        refundReference,
        ...(locked.refundDue === locked.amount ? { state: "refunded" as const } : {}),
      },
      { source: "site", at: deps.now, note: `refunded ${owed} (${refundReference})` },
    );
    await issueCorrection(deps, tx, {
      payment: changed,
      signup,
      before: locked.refundedAmount,
      refundedUpTo: changed.refundedAmount,
    });
    return changed;
  });
  return recorded ?? payment;
}

/**
 * After the commit that made a refund owed: gives it back now. A failure is logged and leaves it
 * owed; the refunds job tries again.
 */
export async function refundOwed(deps: Deps, payment: PaymentRecord): Promise<PaymentRecord> {
  const provider = deps.payments.providers.get(payment.provider);
  if (!provider) return payment;
  try {
    return await giveBack(deps, provider, payment);
  } catch (error) {
    deps.logger?.error({ err: error, payment: payment.id }, "refund failed; it will be retried");
    return payment;
  }
}

/**
 * Makes the refunds still owed (a provider that failed, a crash after the commit): the refunds job.
 * Each is made under an idempotency key, so a refund two processes retry at once is made once.
 */
export async function retryRefunds(deps: Deps): Promise<void> {
  let failed = 0;
  for (const payment of await paymentsWithRefundDue(deps.db)) {
    const provider = deps.payments.providers.get(payment.provider);
    if (!provider) continue;
    await giveBack(deps, provider, payment).catch((error: unknown) => {
      failed++;
      deps.logger?.error({ err: error, payment: payment.id }, "a refund failed again; the next run retries");
    });
  }
  if (failed > 0) throw new Error(`${failed} refunds failed`);
}
