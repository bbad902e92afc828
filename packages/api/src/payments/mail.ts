import { findSignup, findUserById, type PaymentRecord, queueMail, type Transaction } from "@sports/db";
import { paymentConfirmedMail, refundMail } from "../mail/templates.ts";
import { views } from "../signups/load.ts";
import { type SignupView, signupRecapUrl, signupReference, signupTitle } from "../signups/serializers.ts";
import type { Settlement } from "./settle.ts";

export type PaymentMailKind = "confirmed" | "late-refund" | "cancel-refund";

/**
 * Writes the mail a payment's outcome sends into the outbox, in the transaction that records the
 * outcome, in the signup's language: the receipt when it confirms the signup, the refund notice
 * when money is owed back.
 */
export async function queuePaymentMail(
  tx: Transaction,
  input: { kind: PaymentMailKind; payment: PaymentRecord; view: SignupView; origin: string },
): Promise<void> {
  const { kind, payment, view, origin } = input;
  const { signup, event } = view;
  const user = signup.userId ? await findUserById(tx, signup.userId) : undefined;
  if (!user) return;
  const what = signupTitle(view, signup.locale);
  const link = signupRecapUrl(origin, view);
  const reference = signupReference(signup.id);
  const mail =
    kind === "confirmed"
      ? paymentConfirmedMail({
          locale: signup.locale,
          name: user.givenName,
          what,
          reference,
          amount: { amount: payment.amount, currency: payment.currency },
          paidAt: payment.paidAt ?? new Date(),
          timeZone: event.timeZone,
          link,
        })
      : refundMail({
          locale: signup.locale,
          name: user.givenName,
          what,
          reference,
          reason: kind === "late-refund" ? "late" : "cancelled",
          refund: { amount: payment.refundDue, currency: payment.currency },
          byTransfer: payment.provider === "bank-transfer",
          link,
        });
  await queueMail(tx, { to: user.email, kind: `payment-${kind}`, ...mail });
}

/** For `settle`: the receipt or the late-payment refund notice a settlement calls for, in its transaction. */
export function settlementMail(origin: string) {
  return async (tx: Transaction, settlement: Settlement) => {
    const kind = settlement.mustRefund ? "late-refund" : settlement.confirmed ? "confirmed" : undefined;
    if (!settlement.changed || !kind) return;
    const signup = await findSignup(tx, settlement.payment.signupId);
    const [view] = signup ? await views(tx, [signup]) : [];
    if (view) await queuePaymentMail(tx, { kind, payment: settlement.payment, view, origin });
  };
}
