import { findUserById, type PaymentRecord } from "@sports/db";
import type { ApiLogger } from "../app.ts";
import type { Mailer } from "../mail/mailer.ts";
import { paymentConfirmedMail, refundMail } from "../mail/templates.ts";
import { type SignupView, signupRecapUrl, signupReference, signupTitle } from "../signups/serializers.ts";

export type PaymentMailKind = "confirmed" | "late-refund" | "cancel-refund";

/**
 * The mails a payment's outcome sends, in the signup's language: the receipt when it confirms the
 * signup, and the refund notice when money goes back. Not awaited by the answer; a failure is logged.
 */
export function paymentMails(mailer: Mailer, logger?: ApiLogger) {
  return async (input: {
    kind: PaymentMailKind;
    payment: PaymentRecord;
    view: SignupView;
    origin: string;
    db: Parameters<typeof findUserById>[0];
  }) => {
    const { kind, payment, view, origin } = input;
    const { signup, event } = view;
    const user = signup.userId ? await findUserById(input.db, signup.userId) : undefined;
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
    await mailer
      .send({ to: user.email, ...mail })
      .catch((error: unknown) => logger?.error({ err: error }, "mail not sent"));
  };
}
