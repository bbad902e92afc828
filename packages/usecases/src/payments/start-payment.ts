import {
  changePayment,
  findUserById,
  type IdempotencyKey,
  paymentsOfSignup,
  releaseIdempotencyKey,
  withLockedPayment,
} from "@sports/db";
import { type Locale, type PaymentProvider, type PaymentProviderId, refuse } from "@sports/domain";
import { localizedUrl, paymentResultPath } from "@sports/jsonapi";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "../signups/find.ts";
import { signupReference, signupTitle } from "../signups/views.ts";
import { type PaymentView, paymentView } from "./find.ts";
import { newPayment } from "./new-payment.ts";

/**
 * Starts paying a signup that awaits payment (its owner), with the way to pay it was submitted with:
 * the provider prepares its page (no money moves) and the payment answers where to send the person
 * (`created`), or, for a bank transfer already started, the same instructions again. Refused
 * `already-paid`, `wrong-state` for a signup that takes no payment, `method-not-offered` when that
 * way is not live now, `provider-unavailable` when the provider does not answer (nothing is kept:
 * the payment is marked failed, and the idempotency key let go so a retry tries again).
 */
export async function startPayment(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; locale: Locale; key?: IdempotencyKey | undefined },
): Promise<PaymentView & { created: boolean }> {
  const signup = await signupFor(deps, actor, input.signupId, { relationship: "signup" });
  if (signup.state === "confirmed") refuse("already-paid", "This signup is paid already.");
  if (signup.state !== "awaiting-payment") refuse("wrong-state", `A ${signup.state} signup takes no payment.`);
  const method = signup.paymentMethod as PaymentProviderId | null;
  const provider = method ? deps.payments.providers.get(method) : undefined;
  if (!method || !provider) refuse("method-not-offered", "This way of paying is not available now.");
  const earlier = await paymentsOfSignup(deps.db, signup.id);
  if (earlier.some((payment) => payment.state === "paid" || payment.state === "processing")) {
    refuse("already-paid", "This signup has a payment that arrived or is being processed.");
  }
  // A bank transfer has one set of instructions: asking again shows the same ones.
  const open = earlier.find((payment) => payment.provider === "bank-transfer" && payment.state === "pending");
  if (method === "bank-transfer" && open) return { ...(await paymentView(deps, open)), created: false };

  const { payment, view } = await newPayment(deps, signup, { provider: method, locale: input.locale, key: input.key });
  const back = localizedUrl(deps.siteUrl, input.locale, paymentResultPath(payment.id));
  let prepared: Awaited<ReturnType<PaymentProvider["prepare"]>>;
  try {
    prepared = await provider.prepare({
      paymentId: payment.id,
      reference: signupReference(signup.id),
      amount: payment.amount,
      currency: payment.currency,
      locale: input.locale,
      description: signupTitle(view, view.signup.locale).slice(0, 250),
      successUrl: back,
      cancelUrl: back,
      customerEmail: await ownerEmail(deps, actor),
      expiresAt: signup.paymentDueAt ?? signup.holdExpiresAt,
      idempotencyKey: `prepare-${payment.id}`,
    });
  } catch (error) {
    deps.logger?.error({ err: error, provider: method }, "payment provider unavailable");
    await withLockedPayment(deps.db, { id: payment.id }, async (tx, locked) => {
      await changePayment(
        tx,
        locked,
        { state: "failed" },
        { source: "site", at: deps.now, note: "the provider did not answer" },
      );
      // A server error is no answer to keep: a retry with the key tries again.
      if (input.key) await releaseIdempotencyKey(tx, input.key);
    });
    refuse("provider-unavailable", "The payment provider did not answer; try again in a moment.", { cause: error });
  }
  const pending = await withLockedPayment(deps.db, { id: payment.id }, (tx, locked) =>
    changePayment(
      tx,
      locked,
      { state: "pending", providerReference: prepared.providerReference, redirectUrl: prepared.redirectUrl },
      { source: "visitor", at: deps.now, actorUserId: actor.userId },
    ),
  );
  return { payment: pending ?? payment, view, created: true };
}

async function ownerEmail(deps: Deps, actor: UserActor): Promise<string | undefined> {
  return (await findUserById(deps.db, actor.userId))?.email;
}
