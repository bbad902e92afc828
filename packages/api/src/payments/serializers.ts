import type { PaymentRecord } from "@sports/db";
import type { PaymentAttributes, PaymentMethod, ResourceObject } from "@sports/jsonapi";
import type { BankAccount } from "@sports/payments";
import { formatIban } from "@sports/payments";
import { type SignupView, signupReference } from "../signups/serializers.ts";

/** A payment as the API shows it to its owner: never more than the server knows. */
export function paymentResource(
  payment: PaymentRecord,
  view: SignupView,
  bankAccount: BankAccount | null,
): ResourceObject<"payments", PaymentAttributes> {
  const reference = signupReference(payment.signupId);
  const amount = { amount: payment.amount, currency: payment.currency };
  const open = payment.state === "created" || payment.state === "pending";
  const dueAt = view.signup.paymentDueAt;
  return {
    type: "payments",
    id: payment.id,
    attributes: {
      provider: payment.provider as PaymentMethod,
      state: payment.state,
      amount,
      reference,
      redirectUrl: open ? payment.redirectUrl : null,
      bankTransfer:
        payment.provider === "bank-transfer" && bankAccount && dueAt
          ? {
              beneficiary: bankAccount.beneficiary,
              iban: formatIban(bankAccount.iban),
              reference,
              amount,
              dueAt: dueAt.toISOString(),
            }
          : null,
      refundedAmount: payment.refundedAmount,
      createdAt: payment.createdAt.toISOString(),
      paidAt: payment.paidAt?.toISOString() ?? null,
    },
    relationships: {
      signup: {
        data: { type: "signups", id: payment.signupId },
        links: { related: `/api/signups/${payment.signupId}` },
      },
    },
    links: { self: `/api/payments/${payment.id}` },
  };
}
