import {
  applyTransition,
  changePayment,
  type Database,
  hasProviderEvent,
  type PaymentChange,
  type PaymentKey,
  type PaymentRecord,
  type PaymentSource,
  retakeHoldings,
  snapshotOf,
  type Transaction,
  withLockedPayment,
} from "@sports/db";
import { confirm, confirmLate, type PaymentProvider, type ProviderReport, paymentMoves } from "@sports/domain";
import type { LivePayments } from "@sports/payments";

/** What applying a provider's word did. */
export interface Settlement {
  payment: PaymentRecord;
  /** False when it changed nothing: a replayed event, or an outcome the payment is already past. */
  changed: boolean;
  /** The signup was confirmed by this payment. */
  confirmed: boolean;
  /** The money came but cannot be kept (no places left after the hold ended, a signup already over or paid). */
  mustRefund: boolean;
}

/**
 * Applies what a provider says about a payment, in one transaction under the payment's lock (and
 * the signup's): the payment's new state and its audit entry, and for a payment that arrived, the
 * signup's confirmation. A payment whose signup has expired meanwhile confirms it only if its places
 * can be taken again atomically; otherwise, and for a signup already over or already paid, the
 * payment is marked for a full refund, which {@link giveBack} makes after the commit. The same
 * event again, or an outcome the payment is past, changes nothing.
 */
export async function settle(
  db: Database,
  input: {
    key: PaymentKey;
    report: ProviderReport;
    source: PaymentSource;
    now: Date;
    providerEventId?: string;
    actorUserId?: string;
    /** Writes what the settlement reports (its mail) in the same transaction. */
    onSettled?: (tx: Transaction, settlement: Settlement) => Promise<void>;
  },
): Promise<Settlement | undefined> {
  const { report, now } = input;
  return withLockedPayment(db, input.key, async (tx, payment, signup) => {
    const unchanged = { payment, changed: false, confirmed: false, mustRefund: false };
    if (input.providerEventId && (await hasProviderEvent(tx, input.providerEventId))) return unchanged;
    if (!paymentMoves(payment.state, report.outcome)) return unchanged;

    const change: PaymentChange = { state: report.outcome };
    if (report.paymentReference) change.paymentReference = report.paymentReference;
    let confirmed = false;
    let note: string | undefined;
    if (report.outcome === "paid") {
      change.paidAt = now;
      change.redirectUrl = null;
      const amountHolds =
        (report.amount === undefined || report.amount === payment.amount) &&
        (report.currency === undefined || report.currency.toUpperCase() === payment.currency);
      if (!amountHolds) {
        note = `the provider reports ${report.amount} ${report.currency}, not ${payment.amount} ${payment.currency}`;
      } else if (signup.state === "awaiting-payment") {
        await applyTransition(tx, confirm(snapshotOf(signup, 0), { kind: "system" }, now));
        confirmed = true;
      } else if (signup.state === "expired" && (await retakeHoldings(tx, signup))) {
        await applyTransition(tx, confirmLate(snapshotOf(signup, 0), now));
        confirmed = true;
        note = "paid after the signup expired; its places were taken again";
      } else {
        note =
          signup.state === "expired"
            ? "paid after the signup expired; its places were gone"
            : `paid for a ${signup.state} signup`;
      }
      if (!confirmed) change.refundDue = payment.amount;
    } else if (report.outcome === "refunded") {
      // The provider says the money went back (a refund made at the provider, or ours confirmed).
      change.refundDue = payment.amount;
      change.refundedAmount = payment.amount;
    } else if (report.outcome !== "pending" && report.outcome !== "processing") {
      change.redirectUrl = null;
    }
    const changed = await changePayment(tx, payment, change, {
      source: input.source,
      at: now,
      ...(input.providerEventId ? { providerEventId: input.providerEventId } : {}),
      ...(input.actorUserId ? { actorUserId: input.actorUserId } : {}),
      ...(note ? { note } : {}),
    });
    const settlement = {
      payment: changed,
      changed: true,
      confirmed,
      mustRefund: changed.refundDue > changed.refundedAmount,
    };
    await input.onSettled?.(tx, settlement);
    return settlement;
  });
}

/**
 * Gives back what a payment owes (its `refundDue` less what went back already) through its
 * provider, with an idempotency key per amount, and records it. Safe to call again after a crash
 * or a failure: the provider refunds a key once, and the refunds job retries what is still owed.
 */
export async function giveBack(
  db: Database,
  provider: PaymentProvider,
  payment: PaymentRecord,
  now: Date,
): Promise<PaymentRecord> {
  const owed = payment.refundDue - payment.refundedAmount;
  if (owed <= 0) return payment;
  const { refundReference } = await provider.refund({
    providerReference: payment.providerReference ?? "",
    ...(payment.paymentReference ? { paymentReference: payment.paymentReference } : {}),
    amount: owed,
    idempotencyKey: `refund-${payment.id}-${payment.refundDue}`,
  });
  const recorded = await withLockedPayment(db, { id: payment.id }, async (tx, locked) => {
    if (locked.refundedAmount >= locked.refundDue) return locked;
    return changePayment(
      tx,
      locked,
      {
        refundedAmount: locked.refundDue,
        refundReference,
        ...(locked.refundDue === locked.amount ? { state: "refunded" as const } : {}),
      },
      { source: "site", at: now, note: `refunded ${owed} (${refundReference})` },
    );
  });
  return recorded ?? payment;
}

/**
 * After the commit that made a refund owed: gives it back now. A failure is logged and leaves it
 * owed; the refunds job tries again.
 */
export async function refundOwed(
  db: Database,
  payments: LivePayments,
  payment: PaymentRecord,
  now: Date,
  logger?: { error(details: object, message: string): void },
): Promise<PaymentRecord> {
  const provider = payments.providers.get(payment.provider);
  if (!provider) return payment;
  try {
    return await giveBack(db, provider, payment, now);
  } catch (error) {
    logger?.error({ err: error, payment: payment.id }, "refund failed; it will be retried");
    return payment;
  }
}
