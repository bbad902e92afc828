import { refuse } from "@sports/domain";
import { localizedPath, paymentResultPath } from "@sports/jsonapi";
import type { DemoDecision } from "@sports/payments";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { paymentFor } from "./find.ts";
import { receiveNotification } from "./receive-notification.ts";

/**
 * The demonstration provider's page decides a payment for its owner (pay, decline, cancel): the
 * decision is signed as a provider's word and received as one, and the answer is where the page
 * sends the person on, the result page's path (so they stay on the origin they are on). `not-found`
 * unless the demonstration provider is live and the payment is one of its own; `wrong-state` once
 * the payment is no longer pending, also for every decision but the first of those sent at the same
 * moment (checked again under the payment's lock).
 */
export async function decideDemoPayment(
  deps: Deps,
  actor: UserActor,
  input: { paymentId: string; decision: DemoDecision },
): Promise<{ redirectUrl: string }> {
  const payment = await paymentFor(deps, actor, input.paymentId);
  const demo = deps.payments.demo;
  if (!demo || payment.provider !== "demo" || !payment.providerReference)
    refuse("not-found", `No demonstration payment ${payment.id}.`);
  if (payment.state !== "pending") refuse("wrong-state", `This payment is ${payment.state} already.`);
  const { rawBody, headers } = demo.notify({
    providerReference: payment.providerReference,
    decision: input.decision,
    amount: payment.amount,
    currency: payment.currency,
  });
  await receiveNotification(deps, { provider: demo, rawBody, headers, from: "pending" });
  return { redirectUrl: localizedPath(payment.locale, paymentResultPath(payment.id)) };
}
