import type { PaymentAttributes, RecordStore } from "@sports/jsonapi";
import { type SignupRecord, signupOf } from "../signup/records.ts";

/** A payment as the screens show it: its attributes, and the signup it pays with what that is for. */
export interface PaymentRecord extends PaymentAttributes {
  id: string;
  /** null when the store lacks the signup (or its event or appointment): the page then shows less. */
  signup: SignupRecord | null;
}

/**
 * The payment as the store holds it, with its signup (a payment's document includes the signup with
 * its appointment and event, as a signup's own does); undefined while the store holds no such payment.
 */
export function paymentOf(store: RecordStore, id: string | null): PaymentRecord | undefined {
  const payment = id === null ? undefined : store.find("payments", id);
  if (!payment) return undefined;
  const linked = store.related(payment, "signup");
  const signup = linked && !Array.isArray(linked) ? signupOf(store, linked.id) : undefined;
  return { id: payment.id, ...(payment.attributes as unknown as PaymentAttributes), signup: signup ?? null };
}
