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

const METHOD_NAMES: Record<PaymentMethod, () => string> = {
  stripe: () => m.payment_card(),
  demo: () => m.payment_demo(),
  "bank-transfer": () => m.payment_bank_transfer(),
};

export function methodName(method: PaymentMethod | null): string {
  return method ? METHOD_NAMES[method]() : "";
}

/** What choosing a method means, under its name on the recap. */
export function methodHint(method: PaymentMethod, paymentTermDays: number): string {
  if (method === "stripe") return m.payment_card_hint();
  if (method === "demo") return m.payment_demo_hint();
  return m.payment_bank_transfer_hint({ days: paymentTermDays });
}
