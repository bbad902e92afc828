import {
  changePayment,
  findSignup,
  hasProviderEvent,
  type PaymentChange,
  type PaymentKey,
  type PaymentRecord,
  type PaymentSource,
  type SignupRecord,
  snapshotOf,
  type Transaction,
  withLockedPayment,
} from "@sports/db";
import {
  type Actor,
  amountDiscrepancy,
  confirm,
  confirmLate,
  isRefusal,
  type PaymentState,
  type ProviderReport,
  paymentMoves,
  refuse,
} from "@sports/domain";
import { queueAthleteLinks } from "../athletes/links.ts";
import { issueCorrection, issueForPayment } from "../billing/issue.ts";
import type { Deps } from "../deps.ts";
import { applyTransition } from "../signups/transitions.ts";
import { viewOf } from "../signups/views.ts";
import { applyPaidTransferIn } from "../transfers/transfer-place.ts";
import { queuePaymentMail } from "./mails.ts";
import { refundOwed } from "./refunds.ts";

/** What applying a provider's word did. */
export interface Settlement {
  payment: PaymentRecord;
  /** False when it changed nothing: a replayed event, or an outcome the payment is already past. */
  changed: boolean;
  /** The signup was confirmed by this payment. */
  confirmed: boolean;
  /** The pending transfer this fee paid was applied (decision 028). */
  transferred?: boolean;
  /** The money came but cannot be kept (no places left after the hold ended, a signup already over or paid). */
  mustRefund: boolean;
  /** Why an organiser must look at the payment, when this settlement flagged it (`payments.attention`). */
  attention?: string;
}

/**
 * Applies what a provider says about a payment, in one transaction under the payment's lock (and
 * the signup's): the payment's new state and its audit entry, and for a payment that arrived, the
 * signup's confirmation. A payment whose signup has expired meanwhile confirms it only if its places
 * can be taken again atomically; otherwise, and for a signup already over or already paid, the
 * payment is marked for a full refund, which {@link afterSettlement} makes after the commit. Money of
 * another amount or currency than the payment's (or of an amount not said) confirms nothing and is
 * not refunded: the payment is flagged for an organiser (`attention`), noted in its audit and logged,
 * since a refund of the payment's amount could give back more than came in. The same event again, or
 * an outcome the payment is past, changes nothing.
 *
 * The actor is the site (a provider's signed word, or asking the provider) or an organiser (a bank
 * transfer seen arriving). The mail the settlement calls for (the receipt, or the late payment's
 * refund notice) is written in the same transaction, and so is the billing document of a payment
 * that paid for something, or the correction of money reported given back (billing/issue.ts). Undefined when no payment has the key. With
 * `from`, the payment must still be in that state under its lock (`wrong-state` otherwise): of
 * words sent at the same moment, only the first decides.
 */
export async function settle(
  deps: Deps,
  actor: Extract<Actor, { kind: "system" | "organiser" }>,
  input: {
    key: PaymentKey;
    report: ProviderReport;
    source: PaymentSource;
    providerEventId?: string;
    from?: PaymentState;
  },
): Promise<Settlement | undefined> {
  const { report } = input;
  const { now } = deps;
  const settlement = await withLockedPayment(deps.db, input.key, async (tx, payment, signup): Promise<Settlement> => {
    if (input.from && payment.state !== input.from) refuse("wrong-state", `This payment is ${payment.state} already.`);
    const unchanged = { payment, changed: false, confirmed: false, mustRefund: false };
    if (input.providerEventId && (await hasProviderEvent(tx, input.providerEventId))) return unchanged;
    if (!paymentMoves(payment.state, report.outcome)) return unchanged;

    const change: PaymentChange = { state: report.outcome };
    if (report.paymentReference) change.paymentReference = report.paymentReference;
    let confirmed = false;
    let transferred = false;
    let note: string | undefined;
    let attention: string | undefined;
    if (report.outcome === "paid") {
      change.paidAt = now;
      change.redirectUrl = null;
      attention = amountDiscrepancy(payment, report);
      if (attention) {
        change.attention = attention;
        note = `${attention}; neither confirmed nor refunded until an organiser decides`;
      } else if (payment.transferId) {
        // A transfer's fee (decision 028): it applies the transfer, never confirms the signup.
        const refusal = await applyPaidTransferIn(deps, tx, actor, { transferId: payment.transferId, signup });
        if (refusal) {
          note = `transfer fee paid, but the transfer cannot be applied: ${refusal.message}`;
          change.refundDue = payment.amount;
        } else {
          transferred = true;
          note = "transfer fee paid; the transfer is applied";
        }
      } else if (signup.state === "awaiting-payment") {
        await applyTransition(deps, tx, signup, confirm(snapshotOf(signup, 0), actor, now));
        confirmed = true;
      } else if (signup.state === "expired" && (await confirmedLate(deps, tx, signup))) {
        confirmed = true;
        note = "paid after the signup expired; its places were taken again";
      } else {
        note =
          signup.state === "expired"
            ? "paid after the signup expired; its places were gone"
            : `paid for a ${signup.state} signup`;
      }
      // The amount came as it should (otherwise `attention`), so giving it back gives back what came.
      if (!confirmed && !transferred && !attention) change.refundDue = payment.amount;
    } else if (report.outcome === "refunded") {
      // The provider says money went back (a refund made at the provider, or ours confirmed): recorded
      // as it says, never as more than the payment's amount, and moving no money itself. Only all of it
      // ends the payment; after a part, the rest can still come back.
      if (report.currency !== undefined && report.currency.toUpperCase() !== payment.currency) {
        delete change.state;
        attention = `the provider reports a refund in ${report.currency.toUpperCase()}, not ${payment.currency}`;
        change.attention = attention;
        note = attention;
      } else {
        const back = Math.min(report.amount ?? payment.amount, payment.amount);
        const refundedAmount = Math.max(payment.refundedAmount, back);
        change.refundedAmount = refundedAmount;
        change.refundDue = Math.max(payment.refundDue, refundedAmount);
        if (refundedAmount < payment.amount) {
          delete change.state;
          note = `the provider reports ${back} of ${payment.amount} given back`;
        }
      }
    } else if (report.outcome !== "pending" && report.outcome !== "processing") {
      change.redirectUrl = null;
    }
    const changed = await changePayment(tx, payment, change, {
      source: input.source,
      at: now,
      ...(input.providerEventId ? { providerEventId: input.providerEventId } : {}),
      ...("userId" in actor ? { actorUserId: actor.userId } : {}),
      ...(note ? { note } : {}),
    });
    if (confirmed || transferred) await issueForPayment(deps, tx, changed, signup);
    if (changed.refundedAmount > payment.refundedAmount) {
      await issueCorrection(deps, tx, {
        payment: changed,
        signup,
        before: payment.refundedAmount,
        refundedUpTo: changed.refundedAmount,
      });
    }
    const settled: Settlement = {
      payment: changed,
      changed: true,
      confirmed,
      transferred,
      mustRefund: changed.refundDue > changed.refundedAmount,
      ...(attention ? { attention } : {}),
    };
    await queueSettlementMail(deps, tx, signup, settled);
    return settled;
  });
  if (settlement?.attention) {
    deps.logger?.error(
      { payment: settlement.payment.id, provider: settlement.payment.provider, attention: settlement.attention },
      "a payment needs an organiser",
    );
  }
  return settlement;
}

/** Confirms an expired signup whose places (and room nights) can be taken again; false when they cannot. */
async function confirmedLate(deps: Deps, tx: Transaction, signup: SignupRecord): Promise<boolean> {
  try {
    await applyTransition(deps, tx, signup, confirmLate(snapshotOf(signup, 0), deps.now));
    return true;
  } catch (error) {
    if (isRefusal(error, "sold-out")) return false;
    throw error;
  }
}

/**
 * After the commit of a settlement that changed something: its mail goes out, and money owed goes
 * back. Answers the payment as it then stands.
 */
export async function afterSettlement(
  deps: Deps,
  settlement: Settlement | undefined,
): Promise<PaymentRecord | undefined> {
  if (!settlement?.changed) return settlement?.payment;
  deps.mailQueued();
  if (!settlement.mustRefund) return settlement.payment;
  return refundOwed(deps, settlement.payment);
}

/**
 * The receipt, or the late payment's refund notice, a settlement calls for, in its transaction; with
 * the receipt of a club's signup, each athlete's own link (docs/decisions/068-club-entries.md).
 */
async function queueSettlementMail(deps: Deps, tx: Transaction, signup: SignupRecord, settlement: Settlement) {
  const kind = settlement.mustRefund ? "late-refund" : settlement.confirmed ? "confirmed" : undefined;
  if (!kind) return;
  // The signup as the settlement left it.
  const view = await viewOf(tx, (await findSignup(tx, signup.id)) ?? signup);
  await queuePaymentMail(tx, { kind, payment: settlement.payment, view, siteUrl: deps.siteUrl });
  if (kind === "confirmed") await queueAthleteLinks(deps, tx, view);
}
