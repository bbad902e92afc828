import { type PaymentProvider, Refusal } from "@sports/domain";

/** The organiser's account that bank transfers go to. */
export interface BankAccount {
  beneficiary: string;
  iban: string;
  /** The demonstration's sample account, which takes no money: pages say so in their language. */
  sample?: boolean;
}

/**
 * Bank transfer: nothing to prepare with anyone and no page to visit. The visitor transfers the
 * amount with the signup's reference; an organiser, seeing it arrive, marks the signup paid (the
 * API's `POST /api/signups/{id}/payments`). A refund is a transfer back that the organiser makes:
 * the site records it under a manual reference.
 */
export function bankTransferProvider(): PaymentProvider {
  return {
    id: "bank-transfer",
    async prepare(request) {
      return { providerReference: `bt_${request.paymentId}`, redirectUrl: null };
    },
    async report(providerReference) {
      return { providerReference, outcome: "pending" };
    },
    async verify() {
      throw new Refusal("invalid-signature", "Bank transfers send no notifications: an organiser confirms them.");
    },
    async refund(request) {
      return { refundReference: `manual_${request.idempotencyKey}` };
    },
  };
}

/** An IBAN as people read it: groups of four. Spaces and case in the input do not matter. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

/** Whether an IBAN's check digits hold (ISO 13616, mod 97). */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
