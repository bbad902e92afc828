import { changePayment, lockedPaidPayment, type PaymentRecord, type Transaction } from "@sports/db";
import { refundOnCancel } from "@sports/domain";
import type { SignupView } from "../signups/serializers.ts";
import { queuePaymentMail } from "./mail.ts";

/**
 * Inside the cancellation's transaction: what the paid signup's payment owes back under the
 * event's refund policy (everything until its last refund day, then nothing), recorded with the
 * cancellation and with the mail that says so, so that a crash after the commit still leaves the
 * refund owed (the refunds job makes it) and the mail to send.
 */
export async function owedOnCancel(
  tx: Transaction,
  view: SignupView,
  now: Date,
  origin: string,
): Promise<PaymentRecord | undefined> {
  const payment = await lockedPaidPayment(tx, view.signup.id);
  if (!payment) return undefined;
  const refund = refundOnCancel({
    amountPaid: payment.amount,
    startsAt: view.appointment.startsAt,
    now,
    refundDaysBefore: view.event.refundDaysBefore,
  });
  const owed = await changePayment(
    tx,
    payment,
    { refundDue: refund },
    { source: "visitor", at: now, note: `cancelled: ${refund} owed back` },
  );
  await queuePaymentMail(tx, { kind: "cancel-refund", payment: owed, view, origin });
  return owed;
}
