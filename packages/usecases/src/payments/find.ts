import { findPayment, findSignup, findTransfer, isUuid, type PaymentRecord, type TransferRecord } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { mayActOn } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { type SignupView, viewOf } from "../signups/views.ts";
import { checkWithProvider } from "./check-with-provider.ts";

/** A payment with the signup it pays, as its answers show it. */
export interface PaymentView {
  payment: PaymentRecord;
  view: SignupView;
  /** The transfer a fee pays (decision 028); absent for a signup's own payment. */
  transfer?: TransferRecord | undefined;
}

/**
 * A payment the actor may see (the owner of its signup, or an organiser): `not-found` for an id that
 * names none, `not-owner` for someone else's.
 */
export async function paymentFor(deps: Deps, actor: Actor, paymentId: string): Promise<PaymentRecord> {
  const payment = isUuid(paymentId) ? await findPayment(deps.db, paymentId.toLowerCase()) : undefined;
  if (!payment) refuse("not-found", `No payment ${paymentId}.`);
  const signup = await findSignup(deps.db, payment.signupId);
  if (!mayActOn(actor, signup?.userId ?? null)) refuse("not-owner", "This payment is not yours.");
  return payment;
}

/** A payment with its signup's view. */
export async function paymentView(deps: Pick<Deps, "db">, payment: PaymentRecord): Promise<PaymentView> {
  const signup = await findSignup(deps.db, payment.signupId);
  if (!signup) throw new Error(`The signup of payment ${payment.id} is missing.`);
  const transfer = payment.transferId ? await findTransfer(deps.db, payment.transferId) : undefined;
  return { payment, view: await viewOf(deps.db, signup), ...(transfer ? { transfer } : {}) };
}

/**
 * A payment as its owner sees it: when it still waits for the provider's word (the visitor came back
 * before the webhook), the provider is asked and what it says is applied; a provider that does not
 * answer leaves the payment as it was.
 */
export async function currentPayment(deps: Deps, actor: Actor, paymentId: string): Promise<PaymentView> {
  const payment = await paymentFor(deps, actor, paymentId);
  return paymentView(deps, (await checkWithProvider(deps, payment)) ?? payment);
}
