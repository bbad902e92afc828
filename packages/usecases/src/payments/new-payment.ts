import { type IdempotencyKey, insertPayment, type PaymentRecord, type SignupRecord } from "@sports/db";
import { type Locale, type PaymentProviderId, refuse } from "@sports/domain";
import { billedItemsOf } from "../billing/billed-items.ts";
import type { Deps } from "../deps.ts";
import { priceOf, type SignupView, viewOf } from "../signups/views.ts";

/**
 * A new payment of what the signup costs today (`closed` once its prices have ended), with the
 * provider given; an idempotency key is recorded with it, in its transaction.
 */
export async function newPayment(
  deps: Pick<Deps, "db" | "now">,
  signup: SignupRecord,
  input: { provider: PaymentProviderId; locale: Locale; key?: IdempotencyKey | undefined },
): Promise<{ payment: PaymentRecord; view: SignupView }> {
  const view = await viewOf(deps.db, signup);
  const price = priceOf(view, deps.now);
  if (!price) refuse("closed", "This appointment's prices have ended.");
  const payment = await insertPayment(deps.db, {
    signupId: signup.id,
    provider: input.provider,
    amount: price.total.amount,
    currency: price.total.currency,
    billed: billedItemsOf(view, price, input.locale),
    locale: input.locale,
    at: deps.now,
    ...(input.key ? { key: input.key } : {}),
  });
  // The view with this attempt among its payments, newest first: the signup's answer counts it.
  return { payment, view: { ...view, payments: [payment, ...view.payments] } };
}
