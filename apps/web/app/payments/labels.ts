import type { PaymentState } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import type { PaymentRefusalCode } from "./start.ts";

/** A payment's state in the visitor's words. */
const STATE_NAMES: Record<PaymentState, () => string> = {
  created: () => m.payment_state_pending(),
  pending: () => m.payment_state_pending(),
  processing: () => m.payment_state_processing(),
  paid: () => m.payment_state_paid(),
  failed: () => m.payment_state_failed(),
  cancelled: () => m.payment_state_cancelled(),
  expired: () => m.payment_state_expired(),
  refunded: () => m.payment_state_refunded(),
};

export function paymentStateName(state: PaymentState): string {
  return STATE_NAMES[state]();
}

/** Why "Pay now" or "Try again" did not lead to a payment page. */
export function paymentRefusalMessage(code: PaymentRefusalCode): string {
  if (code === "wrong-state") return m.payment_refused_wrong_state();
  if (code === "already-paid") return m.payment_refused_already_paid();
  if (code === "method-not-offered") return m.payment_refused_method();
  return m.payment_refused_unavailable();
}
