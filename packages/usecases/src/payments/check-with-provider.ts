import { type PaymentRecord, paymentsAwaitingProvider } from "@sports/db";
import { SYSTEM } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { afterSettlement, settle } from "./settle.ts";

/** How long an online payment may wait for its provider's webhook before the reconcile job asks. */
export const RECONCILE_AFTER_MS = 10 * 60_000;

/**
 * Asks the provider about a payment still waiting for its word, and applies what it says as a
 * webhook would be: the mail and any refund owed follow. Answers the payment as it then stands, or
 * undefined when nothing changed; a provider that does not answer is logged and changes nothing.
 */
export async function checkWithProvider(deps: Deps, payment: PaymentRecord): Promise<PaymentRecord | undefined> {
  const provider = deps.payments.providers.get(payment.provider);
  const waiting = payment.state === "pending" || payment.state === "processing";
  if (!provider || !payment.providerReference || !waiting) return undefined;
  try {
    const report = await provider.report(payment.providerReference);
    if (report.outcome === payment.state) return undefined;
    const settlement = await settle(deps, SYSTEM, { key: { id: payment.id }, report, source: "report" });
    return settlement?.changed ? afterSettlement(deps, settlement) : undefined;
  } catch (error) {
    deps.logger?.error({ err: error, payment: payment.id }, "could not ask the payment provider");
    return undefined;
  }
}

/**
 * Asks the providers about online payments that have waited long for a webhook (one lost or never
 * sent), the reconcile job: answers how many changed.
 */
export async function reconcilePayments(deps: Deps): Promise<number> {
  let settled = 0;
  const waiting = await paymentsAwaitingProvider(deps.db, new Date(deps.now.getTime() - RECONCILE_AFTER_MS));
  for (const payment of waiting) if (await checkWithProvider(deps, payment)) settled++;
  if (settled > 0) deps.logger?.info({ settled }, "payments reconciled with their providers");
  return settled;
}
