import {
  changePayment,
  findUserById,
  type IdempotencyKey,
  type PaymentRecord,
  paymentsOfSignup,
  releaseIdempotencyKey,
  type SignupRecord,
  snapshotOf,
  withLockedPayment,
} from "@sports/db";
import {
  changePaymentMethod,
  type Locale,
  type PaymentProvider,
  type PaymentProviderId,
  type PaymentState,
  refuse,
} from "@sports/domain";
import { localizedUrl, paymentResultPath } from "@sports/jsonapi";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "../signups/find.ts";
import { applyTransition, withSignup } from "../signups/transitions.ts";
import { signupReference, signupTitle, viewOf } from "../signups/views.ts";
import { type PaymentView, paymentView } from "./find.ts";
import { newPayment } from "./new-payment.ts";

/**
 * Starts paying a signup that awaits payment (its owner), with the way to pay it was submitted with,
 * or another one (`method`) the event offers when the last attempt took no money (see
 * {@link mayChooseMethodAgain}; the hold's end follows docs/decisions/019-payment-method-switch.md):
 * the provider prepares its page (no money moves) and the payment answers where to send the person
 * (`created`), or, for a bank transfer already started, the same instructions again. Refused
 * `already-paid`, `wrong-state` for a signup that takes no payment (or another way while an attempt
 * is open), `method-not-offered` when that way is not offered or not live now, `provider-unavailable`
 * when the provider does not answer (nothing is kept: the payment is marked failed, and the
 * idempotency key let go so a retry tries again).
 */
export async function startPayment(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; locale: Locale; method?: PaymentProviderId | undefined; key?: IdempotencyKey | undefined },
): Promise<PaymentView & { created: boolean }> {
  let signup = await signupFor(deps, actor, input.signupId, { relationship: "signup" });
  if (signup.state === "confirmed") refuse("already-paid", "This signup is paid already.");
  if (signup.state !== "awaiting-payment") refuse("wrong-state", `A ${signup.state} signup takes no payment.`);
  const earlier = await paymentsOfSignup(deps.db, signup.id);
  if (earlier.some((payment) => payment.state === "paid" || payment.state === "processing")) {
    refuse("already-paid", "This signup has a payment that arrived or is being processed.");
  }
  if (input.method && input.method !== signup.paymentMethod) {
    signup = await changeMethod(deps, actor, signup, earlier, input.method);
  }
  const method = signup.paymentMethod as PaymentProviderId | null;
  const provider = method ? deps.payments.providers.get(method) : undefined;
  if (!method || !provider) refuse("method-not-offered", "This way of paying is not available now.");
  // A bank transfer has one set of instructions: asking again shows the same ones.
  const open = earlier.find((payment) => payment.provider === "bank-transfer" && payment.state === "pending");
  if (method === "bank-transfer" && open) return { ...(await paymentView(deps, open)), created: false };

  const { payment, view } = await newPayment(deps, signup, { provider: method, locale: input.locale, key: input.key });
  const prepared = await preparePayment(deps, actor, {
    payment,
    provider,
    signup,
    locale: input.locale,
    key: input.key,
    description: signupTitle(view, view.signup.locale),
    expiresAt: signup.paymentDueAt ?? signup.holdExpiresAt,
  });
  return { payment: prepared, view, created: true };
}

/**
 * Has the provider prepare its page for a new payment (no money moves) and keeps where to send the
 * person; a provider that does not answer leaves the payment failed and the idempotency key let go
 * (`provider-unavailable`). Shared by a signup's payment and a transfer's fee.
 */
export async function preparePayment(
  deps: Deps,
  actor: UserActor,
  input: {
    payment: PaymentRecord;
    provider: PaymentProvider;
    signup: SignupRecord;
    locale: Locale;
    key?: IdempotencyKey | undefined;
    description: string;
    expiresAt: Date;
  },
): Promise<PaymentRecord> {
  const { payment, provider, signup } = input;
  const method = provider.id;
  const back = localizedUrl(deps.siteUrl, input.locale, paymentResultPath(payment.id));
  let prepared: Awaited<ReturnType<PaymentProvider["prepare"]>>;
  try {
    prepared = await provider.prepare({
      paymentId: payment.id,
      reference: signupReference(signup.id),
      amount: payment.amount,
      currency: payment.currency,
      locale: input.locale,
      description: input.description.slice(0, 250),
      successUrl: back,
      cancelUrl: back,
      customerEmail: await ownerEmail(deps, actor),
      expiresAt: input.expiresAt,
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
  return pending ?? payment;
}

/** The payment attempt states that took no money and are over: after one, every way to pay is offered again. */
const ENDED_UNPAID: readonly PaymentState[] = ["failed", "cancelled", "expired"];

/**
 * Whether the way to pay a signup awaiting payment may be chosen again: its newest payment attempt
 * (`payments` newest first) failed, was cancelled at the provider or expired, so no money is on its way.
 */
export function mayChooseMethodAgain(signup: Pick<SignupRecord, "state">, payments: readonly PaymentRecord[]): boolean {
  const [newest] = payments;
  return signup.state === "awaiting-payment" && newest !== undefined && ENDED_UNPAID.includes(newest.state);
}

/**
 * Sets another way to pay, one the event offers and the site has live, once the last attempt took
 * no money; the hold's end follows the domain's rule, counted from the first attempt.
 */
async function changeMethod(
  deps: Deps,
  actor: UserActor,
  signup: SignupRecord,
  earlier: readonly PaymentRecord[],
  method: PaymentProviderId,
): Promise<SignupRecord> {
  const view = await viewOf(deps.db, signup);
  if (!view.event.paymentMethods.includes(method) || !deps.payments.providers.has(method))
    refuse("method-not-offered", "This way of paying is not available now.", {
      field: { attribute: "provider" },
    });
  const firstAttemptAt = earlier.reduce(
    (first, payment) => (payment.createdAt < first ? payment.createdAt : first),
    deps.now,
  );
  return withSignup(deps, signup.id, async (tx, locked) => {
    // Asked again under the signup's lock: an attempt started meanwhile keeps the way it pays.
    if (!mayChooseMethodAgain(locked, await paymentsOfSignup(tx, locked.id)))
      refuse("wrong-state", "The way to pay can change only after an attempt that took no money.");
    const transition = changePaymentMethod(snapshotOf(locked, view.participants.length), actor, deps.now, {
      method,
      paymentTermDays: view.event.paymentTermDays,
      firstAttemptAt,
    });
    return applyTransition(deps, tx, locked, transition, { paymentMethod: method });
  });
}

async function ownerEmail(deps: Deps, actor: UserActor): Promise<string | undefined> {
  return (await findUserById(deps.db, actor.userId))?.email;
}
