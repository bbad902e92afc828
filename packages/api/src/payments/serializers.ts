import type { PaymentAttributes, PaymentMethod, ResourceObject } from "@sports/jsonapi";
import {
  type BankAccount,
  formatIban,
  type PaymentRecord,
  type SignupView,
  signupReference,
  type TransferRecord,
} from "@sports/usecases";

/** A payment as the API shows it to its owner: never more than the server knows. */
export function paymentResource(
  payment: PaymentRecord,
  view: SignupView,
  bankAccount: BankAccount | null,
  transfer?: TransferRecord,
): ResourceObject<"payments", PaymentAttributes> {
  const reference = signupReference(payment.signupId);
  const amount = { amount: payment.amount, currency: payment.currency };
  const open = payment.state === "created" || payment.state === "pending";
  const dueAt = view.signup.paymentDueAt;
  // Money an organiser must look at (`payments.attention`) has paid for nothing yet: its owner sees it
  // still being processed, as it is until the organiser decides, and not the internal reason why.
  const inReview = payment.state === "paid" && payment.attention !== null;
  return {
    type: "payments",
    id: payment.id,
    attributes: {
      provider: payment.provider as PaymentMethod,
      state: inReview ? "processing" : payment.state,
      amount,
      reference,
      redirectUrl: open ? payment.redirectUrl : null,
      bankTransfer:
        payment.provider === "bank-transfer" && bankAccount && dueAt
          ? {
              beneficiary: bankAccount.beneficiary,
              sampleAccount: bankAccount.sample === true,
              iban: formatIban(bankAccount.iban),
              reference,
              amount,
              dueAt: dueAt.toISOString(),
            }
          : null,
      refundedAmount: payment.refundedAmount,
      createdAt: payment.createdAt.toISOString(),
      paidAt: inReview ? null : (payment.paidAt?.toISOString() ?? null),
      transfer: transfer
        ? { id: transfer.id, state: transfer.state, to: `${transfer.toGivenName} ${transfer.toFamilyName}` }
        : null,
    },
    relationships: {
      ...(payment.transferId
        ? {
            transfer: {
              data: { type: "transfers", id: payment.transferId },
              links: { related: `/api/transfers?filter[signup]=${payment.signupId}` },
            },
          }
        : {}),
      signup: {
        data: { type: "signups", id: payment.signupId },
        links: { related: `/api/signups/${payment.signupId}` },
      },
    },
    links: { self: `/api/payments/${payment.id}` },
  };
}
