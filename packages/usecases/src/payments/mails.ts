import { findUserById, type PaymentRecord, queueMail, type Transaction } from "@sports/db";
import type { Money } from "@sports/domain";
import { paymentConfirmedMail, refundMail } from "../mail/templates.ts";
import { ticketQrDataUrl } from "../signups/ticket-qr.ts";
import {
  mailLanguage,
  type SignupView,
  signupDetails,
  signupRecapUrl,
  signupReference,
  signupTitle,
} from "../signups/views.ts";

export type PaymentMailKind = "confirmed" | "late-refund" | "cancel-refund";

/**
 * Writes the mail a payment's outcome sends into the outbox, in the transaction that records the
 * outcome, in the owner's language (decision 018): the receipt, with the day, start, place and
 * lodging, and each participant's ticket code with its QR code, when it confirms the signup; the refund notice when money is owed back.
 */
export async function queuePaymentMail(
  tx: Transaction,
  input: {
    kind: PaymentMailKind;
    payment: Pick<PaymentRecord, "amount" | "currency" | "paidAt" | "refundDue" | "provider"> & {
      transferId?: string | null;
    };
    view: SignupView;
    siteUrl: string;
  },
): Promise<void> {
  const { kind, payment, view, siteUrl } = input;
  const { signup, event } = view;
  const user = signup.userId ? await findUserById(tx, signup.userId) : undefined;
  if (!user) return;
  const locale = mailLanguage(user);
  const what = signupTitle(view, locale);
  const link = signupRecapUrl(siteUrl, view, locale);
  const reference = signupReference(signup.id);
  // A club's signup holds up to 500 athletes (docs/decisions/068): its manager finds their tickets
  // on the signup's page, and each athlete their own by their link, rather than hundreds in one mail.
  const tickets =
    kind === "confirmed" && signup.clubId === null
      ? await Promise.all(
          view.participants
            .filter((participant) => participant.ticketCode)
            .map(async (participant) => ({
              name: `${participant.givenName} ${participant.familyName}`,
              code: participant.ticketCode ?? "",
              qrDataUrl: await ticketQrDataUrl(participant.ticketCode ?? ""),
            })),
        )
      : [];
  const mail =
    kind === "confirmed"
      ? paymentConfirmedMail({
          locale,
          name: user.givenName,
          what,
          details: signupDetails(view, locale),
          reference,
          amount: { amount: payment.amount, currency: payment.currency },
          paidAt: payment.paidAt ?? new Date(),
          timeZone: event.timeZone,
          link,
          tickets,
        })
      : refundMail({
          locale,
          name: user.givenName,
          what,
          reference,
          reason: kind === "late-refund" ? (payment.transferId ? "transfer" : "late") : "cancelled",
          refund: { amount: payment.refundDue, currency: payment.currency },
          byTransfer: payment.provider === "bank-transfer",
          link,
        });
  await queueMail(tx, { to: user.email, kind: `payment-${kind}`, signupId: signup.id, ...mail });
}

/**
 * The receipt of a signup confirmed without a payment (it cost nothing: a 100% discount code,
 * decision 029): the same mail as a paid one, with its tickets, for the amount given.
 */
export async function queueConfirmedMail(
  tx: Transaction,
  input: { view: SignupView; amount: Money; paidAt: Date; siteUrl: string },
): Promise<void> {
  const payment = {
    amount: input.amount.amount,
    currency: input.amount.currency,
    paidAt: input.paidAt,
    refundDue: 0,
    provider: "bank-transfer",
  } as const;
  await queuePaymentMail(tx, { kind: "confirmed", payment, view: input.view, siteUrl: input.siteUrl });
}
