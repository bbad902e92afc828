import { changePayment, type Database, lockedPaidPayment, type PaymentRecord } from "@sports/db";
import { refundOnCancel } from "@sports/domain";
import type { Context } from "hono";
import { publicOrigin } from "../accounts/session.ts";
import type { ApiLogger } from "../app.ts";
import type { ApiEnv } from "../context.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SignupView } from "../signups/serializers.ts";
import { paymentMails } from "./mail.ts";
import { giveBack } from "./settle.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Inside the cancellation's transaction: what the paid signup's payment owes back under the
 * event's refund policy (everything until its last refund day, then nothing), recorded with the
 * cancellation so that a crash after the commit still leaves the refund owed (the sweeper makes it).
 */
export async function owedOnCancel(tx: Tx, view: SignupView, now: Date): Promise<PaymentRecord | undefined> {
  const payment = await lockedPaidPayment(tx, view.signup.id);
  if (!payment) return undefined;
  const refund = refundOnCancel({
    amountPaid: payment.amount,
    startsAt: view.appointment.startsAt,
    now,
    refundDaysBefore: view.event.refundDaysBefore,
  });
  return changePayment(
    tx,
    payment,
    { refundDue: refund },
    { source: "visitor", at: now, note: `cancelled: ${refund} owed back` },
  );
}

/** After a paid signup's cancellation is committed: the refund it owes, and the mail that says so. */
export function refundCancelled(mailer: Mailer, logger?: ApiLogger) {
  const mail = paymentMails(mailer, logger);
  return async (c: Context<ApiEnv>, view: SignupView, payment: PaymentRecord) => {
    const provider = c.var.payments.providers.get(payment.provider);
    let refunded = payment;
    try {
      if (provider) refunded = await giveBack(c.var.db, provider, payment, c.var.now);
    } catch (error) {
      logger?.error({ err: error, payment: payment.id }, "refund failed; it will be retried");
    }
    void mail({ kind: "cancel-refund", payment: refunded, view, origin: publicOrigin(c), db: c.var.db });
  };
}
