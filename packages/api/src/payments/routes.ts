import {
  changePayment,
  findPayment,
  findSignup,
  type IdempotencyKey,
  insertPayment,
  isUuid,
  type PaymentRecord,
  paymentsOfSignup,
  releaseIdempotencyKey,
  type SignupRecord,
  withLockedPayment,
} from "@sports/db";
import {
  type Locale,
  NotificationRejected,
  PAYMENT_PROVIDER_IDS,
  type PaymentProvider,
  type PaymentProviderId,
} from "@sports/domain";
import { JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import { DEMO_DECISIONS } from "@sports/payments";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { publicOrigin, requireSession, type Session } from "../accounts/session.ts";
import type { ApiLogger } from "../app.ts";
import { readAttributes, readResource } from "../body.ts";
import { type ApiEnv, liveMethods } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { type FirstAnswer, idempotent } from "../idempotency.ts";
import { document } from "../respond.ts";
import { settled, views } from "../signups/load.ts";
import {
  includedOf,
  priceOf,
  type SignupView,
  signupReference,
  signupResource,
  signupTitle,
} from "../signups/serializers.ts";
import { settlementMail } from "./mail.ts";
import { paymentResource } from "./serializers.ts";
import { refundOwed, type Settlement, settle } from "./settle.ts";

export interface PaymentRouteOptions {
  logger?: ApiLogger;
}

const refused = (status: number, code: string, detail: string) =>
  new ApiError({ status, code, title: status === 403 ? "Not yours" : "Refused", detail });

/** Payments: starting one, reading one, the providers' webhooks, the demonstration page, an organiser's word. */
export function paymentRoutes(options: PaymentRouteOptions) {
  const routes = new Hono<ApiEnv>();

  const context = (c: Context<ApiEnv>) => ({
    locale: c.var.locale,
    now: c.var.now,
    fields: new Map(),
    livePaymentMethods: liveMethods(c),
  });

  function providerOf(c: Context<ApiEnv>, id: string): PaymentProvider | undefined {
    return (PAYMENT_PROVIDER_IDS as readonly string[]).includes(id)
      ? c.var.payments.providers.get(id as PaymentProviderId)
      : undefined;
  }

  async function answer(c: Context<ApiEnv>, payment: PaymentRecord, status: 200 | 201 = 200) {
    const signup = await findSignup(c.var.db, payment.signupId);
    if (!signup) throw new Error(`The signup of payment ${payment.id} is missing.`);
    const [view] = await views(c.var.db, [signup]);
    if (!view) throw new Error("no view");
    c.header("Cache-Control", "private, no-store");
    return document(
      c,
      {
        data: paymentResource(payment, view, c.var.payments.bankAccount),
        included: [signupResource(view, c.var.now), ...includedOf([view], context(c))],
      },
      status,
    );
  }

  /** After the commit: the mail the settlement wrote goes out, and money owed goes back. */
  async function follow(c: Context<ApiEnv>, settlement: Settlement | undefined): Promise<PaymentRecord | undefined> {
    if (!settlement?.changed) return settlement?.payment;
    c.var.mailQueued();
    if (!settlement.mustRefund) return settlement.payment;
    return refundOwed(c.var.db, c.var.payments, settlement.payment, c.var.now, options.logger);
  }

  /** A provider's signed word, from its webhook or the demonstration page: verified, then applied once. */
  async function receive(c: Context<ApiEnv>, provider: PaymentProvider, rawBody: string, headers: Headers) {
    let notification: Awaited<ReturnType<PaymentProvider["verify"]>>;
    try {
      notification = await provider.verify(rawBody, headers);
    } catch (error) {
      if (!(error instanceof NotificationRejected)) throw error;
      options.logger?.info({ provider: provider.id, reason: error.message }, "webhook refused");
      throw new ApiError({
        status: 400,
        code: "invalid-signature",
        title: "Refused",
        detail: "The signature does not hold.",
      });
    }
    if (!notification) return undefined;
    const key = notification.providerReference
      ? { provider: provider.id, providerReference: notification.providerReference }
      : notification.paymentReference
        ? { provider: provider.id, paymentReference: notification.paymentReference }
        : undefined;
    if (!key) return undefined;
    const settlement = await settle(c.var.db, {
      key,
      report: notification,
      source: "webhook",
      now: c.var.now,
      providerEventId: `${provider.id}:${notification.eventId}`,
      onSettled: settlementMail(publicOrigin(c)),
    });
    return follow(c, settlement);
  }

  /** The visitor's own payment: 401 without a session, 404 unknown, 403 someone else's. */
  async function ownPayment(c: Context<ApiEnv>): Promise<{ session: Session; payment: PaymentRecord }> {
    const session = requireSession(c);
    const id = c.req.param("id") ?? "";
    const payment = isUuid(id) ? await findPayment(c.var.db, id.toLowerCase()) : undefined;
    if (!payment) throw notFound(`No payment ${id}.`);
    const signup = await findSignup(c.var.db, payment.signupId);
    if (signup?.userId !== session.user.id) throw refused(403, "not-owner", "This payment is not yours.");
    return { session, payment };
  }

  /** A new payment of what the signup costs today, with the provider given. */
  async function newPayment(
    db: ApiEnv["Variables"]["db"],
    signup: SignupRecord,
    provider: PaymentProviderId,
    locale: Locale,
    now: Date,
    key?: IdempotencyKey,
  ): Promise<{ payment: PaymentRecord; view: SignupView }> {
    const [view] = await views(db, [signup]);
    const price = view && priceOf(view, now);
    if (!view || !price) throw refused(409, "closed", "This appointment's prices have ended.");
    const payment = await insertPayment(db, {
      signupId: signup.id,
      provider,
      amount: price.total.amount,
      currency: price.total.currency,
      locale,
      at: now,
      ...(key ? { key } : {}),
    });
    return { payment, view };
  }

  /** A payment answered again for a retry with the same key: as it now stands, with the first status. */
  const paymentAgain = (c: Context<ApiEnv>) => async (id: string, status: 200 | 201) => {
    const payment = await findPayment(c.var.db, id);
    if (!payment) throw notFound(`No payment ${id}.`);
    if (status === 201) c.header("Location", `/api/payments/${id}`);
    return answer(c, payment, status);
  };

  routes.post("/payments", (c) => {
    const session = requireSession(c);
    return idempotent(c, session.user.id, { type: "payments", rerender: paymentAgain(c) }, (key) =>
      startPayment(c, session, key),
    );
  });

  /** Starts paying the visitor's signup: 201 with a new payment (its key recorded with it), 200 with an open bank transfer. */
  async function startPayment(
    c: Context<ApiEnv>,
    session: Session,
    key: IdempotencyKey | undefined,
  ): Promise<FirstAnswer> {
    const { db, now } = c.var;
    const { relationships } = await readResource(c, "payments", z.strictObject({}), { signup: "signups" });
    const id = relationships.signup;
    if (!id) {
      throw new ApiError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: "Give the signup to pay for.",
        source: { pointer: "/data/relationships/signup" },
      });
    }
    const found = isUuid(id) ? await findSignup(db, id.toLowerCase()) : undefined;
    if (!found) {
      throw new ApiError({
        status: 404,
        code: "not-found",
        title: "Not found",
        detail: "No such signup.",
        source: { pointer: "/data/relationships/signup" },
      });
    }
    if (found.userId !== session.user.id) throw refused(403, "not-owner", "This signup is not yours.");
    const signup = await settled(db, found, now);
    if (signup.state === "confirmed") throw refused(409, "already-paid", "This signup is paid already.");
    if (signup.state !== "awaiting-payment") {
      throw refused(409, "wrong-state", `A ${signup.state} signup takes no payment.`);
    }
    const method = signup.paymentMethod as PaymentProviderId | null;
    const provider = method ? c.var.payments.providers.get(method) : undefined;
    if (!method || !provider) throw refused(409, "method-not-offered", "This way of paying is not available now.");
    const earlier = await paymentsOfSignup(db, signup.id);
    if (earlier.some((payment) => payment.state === "paid" || payment.state === "processing")) {
      throw refused(409, "already-paid", "This signup has a payment that arrived or is being processed.");
    }
    // A bank transfer has one set of instructions: asking again shows the same ones.
    const open = earlier.find((payment) => payment.provider === "bank-transfer" && payment.state === "pending");
    if (method === "bank-transfer" && open) {
      return { response: await answer(c, open), resourceId: open.id, created: false };
    }

    const { payment, view } = await newPayment(db, signup, method, c.var.locale, now, key);
    const result = `${publicOrigin(c)}/${c.var.locale}/paymentResult?payment=${payment.id}`;
    let prepared: Awaited<ReturnType<PaymentProvider["prepare"]>>;
    try {
      prepared = await provider.prepare({
        paymentId: payment.id,
        reference: signupReference(signup.id),
        amount: payment.amount,
        currency: payment.currency,
        locale: c.var.locale,
        description: signupTitle(view, view.signup.locale).slice(0, 250),
        successUrl: result,
        cancelUrl: result,
        customerEmail: session.user.email,
        expiresAt: signup.paymentDueAt ?? signup.holdExpiresAt,
        idempotencyKey: `prepare-${payment.id}`,
      });
    } catch (error) {
      options.logger?.error({ err: error, provider: method }, "payment provider unavailable");
      await withLockedPayment(db, { id: payment.id }, async (tx, locked) => {
        await changePayment(
          tx,
          locked,
          { state: "failed" },
          { source: "site", at: now, note: "the provider did not answer" },
        );
        // A server error is no answer to keep: a retry with the key tries again.
        if (key) await releaseIdempotencyKey(tx, key);
      });
      throw new ApiError({
        status: 502,
        code: "provider-unavailable",
        title: "Try again",
        detail: "The payment provider did not answer; try again in a moment.",
      });
    }
    const pending = await withLockedPayment(db, { id: payment.id }, (tx, locked) =>
      changePayment(
        tx,
        locked,
        { state: "pending", providerReference: prepared.providerReference, redirectUrl: prepared.redirectUrl },
        { source: "visitor", at: now, actorUserId: session.user.id },
      ),
    );
    c.header("Location", `/api/payments/${payment.id}`);
    return { response: await answer(c, pending ?? payment, 201), resourceId: payment.id, created: true };
  }

  routes.get("/payments/:id", async (c) => {
    let { payment } = await ownPayment(c);
    const provider = c.var.payments.providers.get(payment.provider);
    // Back before the webhook: ask the provider what it knows.
    if (provider && payment.providerReference && (payment.state === "pending" || payment.state === "processing")) {
      try {
        const report = await provider.report(payment.providerReference);
        if (report.outcome !== payment.state) {
          const settlement = await settle(c.var.db, {
            key: { id: payment.id },
            report,
            source: "report",
            now: c.var.now,
            onSettled: settlementMail(publicOrigin(c)),
          });
          payment = (await follow(c, settlement)) ?? payment;
        }
      } catch (error) {
        options.logger?.error({ err: error, payment: payment.id }, "could not ask the payment provider");
      }
    }
    return answer(c, payment);
  });

  routes.post("/webhooks/:provider", async (c) => {
    const provider = providerOf(c, c.req.param("provider"));
    if (!provider || provider.id === "demo" || provider.id === "bank-transfer") {
      throw notFound(`No webhook for ${c.req.param("provider")}.`);
    }
    const rawBody = await c.req.text();
    await receive(c, provider, rawBody, c.req.raw.headers);
    return c.json({ meta: { received: true } }, 200);
  });

  const demoDecision = z.strictObject({ decision: z.enum(DEMO_DECISIONS) });

  routes.post("/demo-payments/:id", async (c) => {
    const { payment } = await ownPayment(c);
    const demo = c.var.payments.demo;
    if (!demo || payment.provider !== "demo" || !payment.providerReference)
      throw notFound(`No demonstration payment ${payment.id}.`);
    const { decision } = await readAttributes(c, "demo-payments", demoDecision);
    if (payment.state !== "pending") throw refused(409, "wrong-state", `This payment is ${payment.state} already.`);
    const { rawBody, headers } = demo.notify({
      providerReference: payment.providerReference,
      decision,
      amount: payment.amount,
      currency: payment.currency,
    });
    await receive(c, demo, rawBody, headers);
    const redirectUrl = `${publicOrigin(c)}/${payment.locale}/paymentResult?payment=${payment.id}`;
    return c.body(JSON.stringify({ jsonapi: { version: "1.1" }, meta: { redirectUrl } }), 200, {
      "content-type": JSONAPI_MEDIA_TYPE,
    });
  });

  routes.post("/signups/:id/payments", async (c) => {
    const session = requireSession(c);
    if (session.user.role !== "organiser")
      throw refused(403, "not-organiser", "Only an organiser marks a signup paid.");
    const { db, now } = c.var;
    await readAttributes(c, "payments", z.strictObject({}));
    const id = c.req.param("id");
    const found = isUuid(id) ? await findSignup(db, id.toLowerCase()) : undefined;
    if (!found) throw notFound(`No signup ${id}.`);
    const signup = await settled(db, found, now);
    const earlier = await paymentsOfSignup(db, signup.id);
    if (signup.state === "confirmed" || earlier.some((payment) => payment.state === "paid")) {
      throw refused(409, "already-paid", "This signup is paid already.");
    }
    let payment = earlier.find((p) => p.provider === "bank-transfer" && p.state === "pending");
    if (!payment) {
      if (signup.state !== "awaiting-payment" && signup.state !== "expired") {
        throw refused(409, "wrong-state", `A ${signup.state} signup takes no payment.`);
      }
      ({ payment } = await newPayment(db, signup, "bank-transfer", signup.locale, now));
    }
    const settlement = await settle(db, {
      key: { id: payment.id },
      report: {
        providerReference: payment.providerReference ?? "",
        outcome: "paid",
        amount: payment.amount,
        currency: payment.currency,
      },
      source: "organiser",
      now,
      actorUserId: session.user.id,
      onSettled: settlementMail(publicOrigin(c)),
    });
    const done = (await follow(c, settlement)) ?? payment;
    c.header("Location", `/api/payments/${done.id}`);
    return answer(c, done, 201);
  });

  return routes;
}
