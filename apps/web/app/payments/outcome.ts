import type { PaymentState } from "@sports/jsonapi";
import type { PaymentRecord } from "./records.ts";

/**
 * What the result page says about a payment, decided from what the server answered only (never
 * from the URL the provider sent the visitor back with).
 */
export type PaymentOutcome =
  | { kind: "paid" }
  /** A card payment the provider has not settled yet: the page asks again for a while. */
  | { kind: "confirming" }
  | { kind: "bank-transfer" }
  | { kind: "not-completed"; reason: "failed" | "cancelled" | "expired"; retry: boolean }
  | { kind: "refunded" };

const OPEN: readonly PaymentState[] = ["created", "pending", "processing"];

export function paymentOutcome(
  payment: Pick<PaymentRecord, "state" | "provider" | "signup">,
  now: Date,
): PaymentOutcome {
  switch (payment.state) {
    case "paid":
      return { kind: "paid" };
    case "refunded":
      return { kind: "refunded" };
    case "failed":
    case "cancelled":
    case "expired":
      return { kind: "not-completed", reason: payment.state, retry: canPayAgain(payment.signup, now) };
    default:
      return payment.provider === "bank-transfer" ? { kind: "bank-transfer" } : { kind: "confirming" };
  }
}

/** Whether the payment is still open: the visitor may still be paying, or the provider settling. */
export function isOpen(state: PaymentState): boolean {
  return OPEN.includes(state);
}

/**
 * A signup may be paid again while it waits for payment and its places are still held: after that
 * the places are gone and the visitor starts over from the appointment.
 */
export function canPayAgain(signup: { state: string; paymentDueAt: string | null } | null, now: Date): boolean {
  if (signup?.state !== "awaiting-payment") return false;
  return signup.paymentDueAt === null || Date.parse(signup.paymentDueAt) > now.getTime();
}

/** How often the page asks again while a card payment is being confirmed, and for how long. */
export const POLL_INTERVAL_MS = 1_500;
export const POLL_LIMIT_MS = 20_000;

/** When to ask next, `elapsed` ms after the page started asking; null once it should stop and say so. */
export function nextPollDelay(elapsed: number): number | null {
  return elapsed + POLL_INTERVAL_MS <= POLL_LIMIT_MS ? POLL_INTERVAL_MS : null;
}
