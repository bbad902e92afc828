import type { PaymentMethod, SignupState } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

/** A signup's state and payment method in the visitor's words. */
const STATE_NAMES: Record<SignupState, () => string> = {
  held: () => m.signup_state_held(),
  "awaiting-payment": () => m.signup_state_awaiting_payment(),
  confirmed: () => m.signup_state_confirmed(),
  expired: () => m.signup_state_expired(),
  cancelled: () => m.signup_state_cancelled(),
};

export function stateName(state: SignupState): string {
  return STATE_NAMES[state]();
}

export function methodName(method: PaymentMethod | null): string {
  if (method === "bank-transfer") return m.payment_bank_transfer();
  if (method === "card") return m.payment_card();
  return "";
}
