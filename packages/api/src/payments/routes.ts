import { PAYMENT_PROVIDER_IDS, type PaymentProviderId } from "@sports/domain";
import {
  currentPayment,
  DEMO_DECISIONS,
  decideDemoPayment,
  type IdempotencyKey,
  markSignupPaid,
  organiserActor,
  type PaymentView,
  paymentFor,
  paymentView,
  receiveNotification,
  startPayment,
  startTransferPayment,
  userActor,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { requireSession, type Session } from "../accounts/session.ts";
import { readAttributes, readResource } from "../body.ts";
import { type ApiEnv, liveMethods } from "../context.ts";
import { httpError, notFound } from "../errors.ts";
import { type FirstAnswer, idempotent } from "../idempotency.ts";
import { document, metaDocument } from "../respond.ts";
import { includedOf, signupResource } from "../signups/serializers.ts";
import { paymentResource } from "./serializers.ts";

/**
 * Payments over HTTP: starting one, reading one, the providers' webhooks, the demonstration page's
 * decision and an organiser's word, each a use case of packages/usecases/src/payments
 * (docs/decisions/012).
 */

const demoDecision = z.strictObject({ decision: z.enum(DEMO_DECISIONS) });

/** A payment's document: the payment, the signup it pays and what that is for. */
function answerPayment(c: Context<ApiEnv>, { payment, view, transfer }: PaymentView, status: 200 | 201 = 200) {
  const { now, payments } = c.var.deps;
  const context = { locale: c.var.locale, now, fields: new Map(), livePaymentMethods: liveMethods(c) };
  c.header("Cache-Control", "private, no-store");
  return document(
    c,
    {
      data: paymentResource(payment, view, payments.bankAccount, transfer),
      included: [signupResource(view, now), ...includedOf([view], context)],
    },
    status,
  );
}

export function paymentRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/payments", (c) => {
    const session = requireSession(c);
    return idempotent(c, session.user.id, { type: "payments", rerender: paymentAgain(c) }, (key) =>
      start(c, session, key),
    );
  });

  /** Starts paying the person's signup: 201 with a new payment (its key recorded with it), 200 with an open bank transfer. */
  async function start(c: Context<ApiEnv>, session: Session, key: IdempotencyKey | undefined): Promise<FirstAnswer> {
    // The way to pay: the signup's own, unless another is chosen after an attempt that took no money.
    const { attributes, relationships } = await readResource(
      c,
      "payments",
      z.strictObject({ provider: z.enum(PAYMENT_PROVIDER_IDS).optional() }),
      { signup: "signups", transfer: "transfers" },
    );
    if (relationships.transfer && !relationships.signup) {
      // A pending transfer's fee (decision 028): a new payment of it, always.
      const input = { transferId: relationships.transfer, locale: c.var.locale, method: attributes.provider, key };
      const started = await startTransferPayment(c.var.deps, userActor(session.user), input);
      c.header("Location", `/api/payments/${started.payment.id}`);
      return { response: answerPayment(c, started, 201), resourceId: started.payment.id, created: true };
    }
    if (!relationships.signup || relationships.transfer) {
      throw httpError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: "Give the signup to pay for, or the transfer whose fee to pay.",
        source: { pointer: "/data/relationships/signup" },
      });
    }
    const input = { signupId: relationships.signup, locale: c.var.locale, method: attributes.provider, key };
    const { created, ...started } = await startPayment(c.var.deps, userActor(session.user), input);
    if (created) c.header("Location", `/api/payments/${started.payment.id}`);
    return { response: answerPayment(c, started, created ? 201 : 200), resourceId: started.payment.id, created };
  }

  /** A payment answered again for a retry with the same key: as it now stands, with the first status. */
  const paymentAgain = (c: Context<ApiEnv>) => async (id: string, status: 200 | 201) => {
    const payment = await paymentFor(c.var.deps, userActor(requireSession(c).user), id);
    if (status === 201) c.header("Location", `/api/payments/${id}`);
    return answerPayment(c, await paymentView(c.var.deps, payment), status);
  };

  routes.get("/payments/:id", async (c) => {
    const actor = userActor(requireSession(c).user);
    return answerPayment(c, await currentPayment(c.var.deps, actor, c.req.param("id")));
  });

  routes.post("/webhooks/:provider", async (c) => {
    const id = c.req.param("provider");
    const provider = (PAYMENT_PROVIDER_IDS as readonly string[]).includes(id)
      ? c.var.deps.payments.providers.get(id as PaymentProviderId)
      : undefined;
    // The demonstration provider and bank transfer take no webhooks: their word comes from inside the site.
    if (!provider || provider.id === "demo" || provider.id === "bank-transfer") throw notFound(`No webhook for ${id}.`);
    await receiveNotification(c.var.deps, { provider, rawBody: await c.req.text(), headers: c.req.raw.headers });
    return metaDocument(c, { received: true });
  });

  routes.post("/demo-payments/:id", async (c) => {
    const actor = userActor(requireSession(c).user);
    const { decision } = await readAttributes(c, "demo-payments", demoDecision);
    return metaDocument(c, await decideDemoPayment(c.var.deps, actor, { paymentId: c.req.param("id"), decision }));
  });

  routes.post("/signups/:id/payments", async (c) => {
    const actor = organiserActor(requireSession(c).user, "marks a signup paid");
    await readAttributes(c, "payments", z.strictObject({}));
    const done = await markSignupPaid(c.var.deps, actor, { signupId: c.req.param("id") });
    c.header("Location", `/api/payments/${done.payment.id}`);
    return answerPayment(c, done, 201);
  });

  return routes;
}
