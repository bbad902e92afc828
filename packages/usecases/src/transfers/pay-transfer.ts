import { findTransfer, type IdempotencyKey, insertPayment, isUuid, paymentsOfTransfer } from "@sports/db";
import { type Locale, type PaymentProviderId, refuse } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import { transferFeeItems } from "../billing/billed-items.ts";
import type { Deps } from "../deps.ts";
import type { PaymentView } from "../payments/find.ts";
import { preparePayment } from "../payments/start-payment.ts";
import { signupFor } from "../signups/find.ts";
import { signupTitle, viewOf } from "../signups/views.ts";

/**
 * Starts paying a pending transfer's fee (decision 028), its signup's owner paying online with one
 * of the ways the event offers (the signup's own when it is one, else the first; never a bank
 * transfer, which would not arrive within the transfer's minutes). The payment belongs to the
 * signup with the transfer's id: when it is settled as paid, the transfer is applied
 * (payments/settle.ts). Refused `wrong-state` for a transfer no longer pending, `already-paid` when
 * a payment of it arrived or is being processed, `method-not-offered` without an online way.
 */
export async function startTransferPayment(
  deps: Deps,
  actor: UserActor,
  input: {
    transferId: string;
    locale: Locale;
    method?: PaymentProviderId | undefined;
    key?: IdempotencyKey | undefined;
  },
): Promise<PaymentView & { created: true }> {
  const field = { relationship: "transfer" };
  const transfer = isUuid(input.transferId) ? await findTransfer(deps.db, input.transferId.toLowerCase()) : undefined;
  if (!transfer) refuse("not-found", `No transfer ${input.transferId}.`, { field });
  const signup = await signupFor(deps, actor, transfer.signupId, field);
  if (transfer.state === "done") refuse("already-paid", "This transfer has been made.");
  if (transfer.state !== "pending" || !transfer.fee || !transfer.currency || !transfer.expiresAt)
    refuse("wrong-state", `A ${transfer.state} transfer takes no payment.`);
  if (transfer.expiresAt <= deps.now) refuse("wrong-state", "This transfer's time to pay is over.");
  const earlier = await paymentsOfTransfer(deps.db, transfer.id);
  if (earlier.some((payment) => payment.state === "paid" || payment.state === "processing"))
    refuse("already-paid", "This transfer has a payment that arrived or is being processed.");
  const view = await viewOf(deps.db, signup);
  const online = view.event.paymentMethods.filter(
    (method) => method !== "bank-transfer" && deps.payments.providers.has(method),
  );
  const own = signup.paymentMethod as PaymentProviderId | null;
  const method = input.method ?? (own && online.includes(own) ? own : online[0]);
  const provider = method && online.includes(method) ? deps.payments.providers.get(method) : undefined;
  if (!provider) refuse("method-not-offered", "This way of paying is not available now.");
  const payment = await insertPayment(deps.db, {
    signupId: signup.id,
    transferId: transfer.id,
    provider: provider.id,
    amount: transfer.fee,
    currency: transfer.currency,
    billed: transferFeeItems(view.billingRules, view, transfer.fee, input.locale),
    locale: input.locale,
    at: deps.now,
    ...(input.key ? { key: input.key } : {}),
  });
  const prepared = await preparePayment(deps, actor, {
    payment,
    provider,
    signup,
    locale: input.locale,
    key: input.key,
    description: `${signupTitle(view, input.locale)}: ${transfer.toGivenName} ${transfer.toFamilyName}`,
    expiresAt: transfer.expiresAt,
  });
  return { payment: prepared, view, transfer, created: true };
}
