import { randomUUID } from "node:crypto";
import { inspect } from "node:util";
import { type PaymentProvider, type PaymentRequest, Refusal } from "@sports/domain";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeProvider } from "./stripe.ts";
import { type FakeEvent, parseForm, type StripeFake, type StripeFakeRequest, startStripeFake } from "./stripe-fake.ts";

const SECRET_KEY = "sk_test_adapter0secret";
const WEBHOOK_SECRET = "whsec_test_signing_secret";
const HOUR = 3600_000;

let fake: StripeFake;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startStripeFake();
  provider = stripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, ...fake.connection });
});
afterAll(() => fake.close());

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  const paymentId = randomUUID();
  return {
    paymentId,
    reference: `R-${paymentId.slice(0, 6).toUpperCase()}`,
    amount: 3000,
    currency: "EUR",
    locale: "it-IT",
    description: "Maratona del Lago – 1 partecipante",
    successUrl: `https://site.example/it-IT/paymentResult?payment=${paymentId}&outcome=success`,
    cancelUrl: `https://site.example/it-IT/paymentResult?payment=${paymentId}&outcome=cancel`,
    customerEmail: "runner@example.org",
    expiresAt: new Date(Date.now() + 2 * HOUR),
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

function lastRequest(method: string, path: string): StripeFakeRequest {
  const request = fake.requests.filter((candidate) => candidate.method === method && candidate.path === path).at(-1);
  if (!request) throw new Error(`the fake received no ${method} ${path}`);
  return request;
}

async function paidPayment(amount = 3000) {
  const prepared = await provider.prepare(paymentRequest({ amount }));
  const session = fake.complete(prepared.providerReference);
  if (!session.payment_intent) throw new Error("a completed session has a PaymentIntent");
  return { providerReference: session.id, paymentReference: session.payment_intent };
}

function signatureHeaders(signature: string): Headers {
  return new Headers({ "content-type": "application/json", "stripe-signature": signature });
}

function signed(event: FakeEvent, options: { secret?: string; timestamp?: number } = {}) {
  const { body, signature } = fake.signedPayload(event, options.secret ?? WEBHOOK_SECRET, options.timestamp);
  return { body, headers: signatureHeaders(signature) };
}

/** Any body, signed with the webhook's secret: what only Stripe could send. */
function signedBody(body: string) {
  return { body, headers: signatureHeaders(fake.signature(body, WEBHOOK_SECRET)) };
}

describe("prepare", () => {
  it("creates one hosted Checkout Session with the payment's amount, line item, references and URLs", async () => {
    const request = paymentRequest();
    const prepared = await provider.prepare(request);

    const session = fake.session(prepared.providerReference);
    expect(prepared).toEqual({ providerReference: session.id, redirectUrl: session.url });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({ status: "open", payment_status: "unpaid", amount_total: 3000, currency: "eur" });

    const sent = lastRequest("POST", "/v1/checkout/sessions");
    const metadata = { paymentId: request.paymentId, reference: request.reference };
    expect(sent.body).toEqual({
      mode: "payment",
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "eur", unit_amount: "3000", product_data: { name: request.description } },
        },
      ],
      client_reference_id: request.paymentId,
      metadata,
      payment_intent_data: { metadata },
      locale: "it",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      customer_email: "runner@example.org",
      expires_at: String(Math.floor(request.expiresAt.getTime() / 1000)),
    });
    expect(sent.idempotencyKey).toBe(request.idempotencyKey);
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(sent.headers["stripe-version"]).toBe(Stripe.API_VERSION);
  });

  it.each([
    ["it-IT", "it"],
    ["en-US", "en"],
    ["de-DE", "de"],
    ["fr-FR", "fr"],
    ["es-ES", "es"],
    ["pt-BR", "auto"],
  ])("shows the page for %s in Stripe's locale %s", async (locale, stripeLocale) => {
    await provider.prepare(paymentRequest({ locale }));
    expect(lastRequest("POST", "/v1/checkout/sessions").body.locale).toBe(stripeLocale);
  });

  it("leaves out the customer's email when there is none", async () => {
    await provider.prepare(paymentRequest({ customerEmail: undefined }));
    expect(lastRequest("POST", "/v1/checkout/sessions").body).not.toHaveProperty("customer_email");
  });

  it("keeps the expiry inside Stripe's 30 minutes to 24 hours", async () => {
    const now = Date.now() / 1000;
    await provider.prepare(paymentRequest({ expiresAt: new Date(Date.now() + 5 * 60_000) }));
    const soon = Number(lastRequest("POST", "/v1/checkout/sessions").body.expires_at);
    expect(soon).toBeGreaterThanOrEqual(now + 30 * 60);
    expect(soon).toBeLessThanOrEqual(now + 33 * 60);

    await provider.prepare(paymentRequest({ expiresAt: new Date(Date.now() + 72 * HOUR) }));
    const late = Number(lastRequest("POST", "/v1/checkout/sessions").body.expires_at);
    expect(late).toBeLessThanOrEqual(now + 24 * 3600);
    expect(late).toBeGreaterThanOrEqual(now + 24 * 3600 - 3 * 60);
  });

  it("creates one session for a retried preparation with the same idempotency key", async () => {
    const request = paymentRequest();
    const before = fake.sessions.length;
    const first = await provider.prepare(request);
    const again = await provider.prepare(request);

    expect(again).toEqual(first);
    expect(fake.sessions.length).toBe(before + 1);
    const sent = fake.requests.slice(-2);
    expect(sent.map((one) => one.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
  });

  it("retries a failed request with the same idempotency key", async () => {
    const request = paymentRequest();
    const before = fake.sessions.length;
    fake.failNext(1);
    const prepared = await provider.prepare(request);

    expect(fake.session(prepared.providerReference).client_reference_id).toBe(request.paymentId);
    expect(fake.sessions.length).toBe(before + 1);
    expect(fake.requests.slice(-2).map((one) => one.idempotencyKey)).toEqual([
      request.idempotencyKey,
      request.idempotencyKey,
    ]);
  });

  it("refuses an idempotency key reused for a different payment, as Stripe does", async () => {
    const first = paymentRequest();
    await provider.prepare(first);
    await expect(provider.prepare(paymentRequest({ idempotencyKey: first.idempotencyKey }))).rejects.toMatchObject({
      type: "StripeIdempotencyError",
    });
  });

  it("never shows the secret key, not even when Stripe refuses it", async () => {
    const wrongKey = "sk_live_not_for_the_fake";
    const refused = stripeProvider({ secretKey: wrongKey, webhookSecret: WEBHOOK_SECRET, ...fake.connection });
    const error: unknown = await refused.prepare(paymentRequest()).catch((caught: unknown) => caught);

    expect(error).toMatchObject({ type: "StripeAuthenticationError", statusCode: 401 });
    expect(inspect(error, { depth: 10 })).not.toContain(wrongKey);
    expect(inspect(refused, { depth: 10, showHidden: true })).not.toContain(wrongKey);
    expect(inspect(provider, { depth: 10, showHidden: true })).not.toContain(SECRET_KEY);
  });
});

describe("report", () => {
  it("reads an open session as pending", async () => {
    const { providerReference } = await provider.prepare(paymentRequest({ amount: 4500, currency: "EUR" }));
    expect(await provider.report(providerReference)).toEqual({
      providerReference,
      outcome: "pending",
      amount: 4500,
      currency: "EUR",
    });
    expect(lastRequest("GET", `/v1/checkout/sessions/${providerReference}`).body).toEqual({});
  });

  it("reads a completed and paid session as paid, with its PaymentIntent", async () => {
    const { providerReference } = await provider.prepare(paymentRequest());
    const session = fake.complete(providerReference);
    expect(await provider.report(providerReference)).toEqual({
      providerReference,
      outcome: "paid",
      paymentReference: session.payment_intent,
      amount: 3000,
      currency: "EUR",
    });
    expect(session.payment_intent).toMatch(/^pi_test_/);
  });

  it("reads a completed session whose payment still settles as processing", async () => {
    const { providerReference } = await provider.prepare(paymentRequest());
    fake.complete(providerReference, { paymentStatus: "unpaid" });
    expect(await provider.report(providerReference)).toMatchObject({ outcome: "processing" });
  });

  it("reads an expired session as expired", async () => {
    const { providerReference } = await provider.prepare(paymentRequest());
    fake.expire(providerReference);
    expect(await provider.report(providerReference)).toMatchObject({ providerReference, outcome: "expired" });
  });

  it("fails for a session Stripe does not know", async () => {
    await expect(provider.report("cs_test_unknown")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
    });
  });
});

describe("verify", () => {
  it("reads a signed checkout.session.completed as paid", async () => {
    const { providerReference, paymentReference } = await paidPayment();
    const event = fake.event("checkout.session.completed", fake.session(providerReference));
    const { body, headers } = signed(event);

    expect(await provider.verify(body, headers)).toEqual({
      eventId: event.id,
      providerReference,
      outcome: "paid",
      paymentReference,
      amount: 3000,
      currency: "EUR",
    });
  });

  it("reads a completed session whose payment still settles as processing", async () => {
    const { providerReference } = await provider.prepare(paymentRequest());
    const event = fake.event(
      "checkout.session.completed",
      fake.complete(providerReference, { paymentStatus: "unpaid" }),
    );
    const { body, headers } = signed(event);
    expect(await provider.verify(body, headers)).toMatchObject({ providerReference, outcome: "processing" });
  });

  it.each([
    ["checkout.session.async_payment_succeeded", "paid"],
    ["checkout.session.async_payment_failed", "failed"],
    ["checkout.session.expired", "expired"],
  ])("reads %s as %s", async (type, outcome) => {
    const { providerReference } = await provider.prepare(paymentRequest());
    const event = fake.event(type, fake.session(providerReference));
    const { body, headers } = signed(event);
    expect(await provider.verify(body, headers)).toMatchObject({ eventId: event.id, providerReference, outcome });
  });

  it("reads charge.refunded by its PaymentIntent, and by the session when the charge names it", async () => {
    const { providerReference, paymentReference } = await paidPayment();
    await provider.refund({ providerReference, paymentReference, amount: 1000, idempotencyKey: randomUUID() });
    const charge = fake.charge(providerReference);
    expect(charge.metadata).toMatchObject({ paymentId: expect.any(String), reference: expect.any(String) });

    // The amount is what has gone back in all, not what was charged.
    const plain = signed(fake.event("charge.refunded", charge));
    expect(await provider.verify(plain.body, plain.headers)).toMatchObject({
      providerReference: "",
      outcome: "refunded",
      paymentReference,
      amount: 1000,
      currency: "EUR",
    });

    const named = { ...charge, metadata: { checkoutSessionId: providerReference } };
    const withSession = signed(fake.event("charge.refunded", named));
    expect(await provider.verify(withSession.body, withSession.headers)).toMatchObject({
      providerReference,
      outcome: "refunded",
      paymentReference,
    });
  });

  it("answers null for an event the site does not act on", async () => {
    const { providerReference } = await provider.prepare(paymentRequest());
    const { body, headers } = signed(
      fake.event("checkout.session.async_payment_pending", fake.session(providerReference)),
    );
    expect(await provider.verify(body, headers)).toBeNull();
    const other = signed(fake.event("payment_intent.created", { id: "pi_test_x", object: "payment_intent" }));
    expect(await provider.verify(other.body, other.headers)).toBeNull();
  });

  describe("a signed notification the site cannot read", () => {
    it("is unreadable when it is not JSON", async () => {
      for (const text of ["not json", "{", '{"id": "evt_1", "type": "checkout.session.completed",', "\u0000"]) {
        const { body, headers } = signedBody(text);
        await expect(provider.verify(body, headers)).rejects.toMatchObject({
          name: "Refusal",
          code: "invalid-notification",
        });
      }
    });

    it("is unreadable as a checkout.session.completed whose data is empty", async () => {
      const { providerReference } = await paidPayment();
      const event = { ...fake.event("checkout.session.completed", fake.session(providerReference)), data: {} };
      const { body, headers } = signedBody(JSON.stringify(event));
      const error = await provider.verify(body, headers).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Refusal);
      expect(error).toMatchObject({ code: "invalid-notification" });
      expect(String(error)).toMatch(/checkout\.session\.completed cannot be read \(data\.object: /);
    });

    it("is unreadable as a charge.refunded without metadata", async () => {
      const { providerReference } = await paidPayment();
      const { metadata, ...charge } = fake.charge(providerReference);
      expect(metadata).toBeDefined();
      const { body, headers } = signedBody(JSON.stringify(fake.event("charge.refunded", charge)));
      await expect(provider.verify(body, headers)).rejects.toThrow(/data\.object\.metadata/);
      await expect(provider.verify(body, headers)).rejects.toMatchObject({
        name: "Refusal",
        code: "invalid-notification",
      });
    });

    it.each([
      ["a number", "42"],
      ["an array", "[]"],
      ["null", "null"],
      ["an event without a type", JSON.stringify({ id: "evt_1", data: { object: {} } })],
      [
        "a session without an id",
        JSON.stringify({
          id: "evt_1",
          type: "checkout.session.expired",
          data: { object: { payment_status: "unpaid" } },
        }),
      ],
      [
        "a session whose amount is a string",
        JSON.stringify({
          id: "evt_1",
          type: "checkout.session.completed",
          data: {
            object: {
              id: "cs_1",
              payment_status: "paid",
              payment_intent: "pi_1",
              amount_total: "2500",
              currency: "eur",
            },
          },
        }),
      ],
      [
        "a charge whose refunded amount is negative",
        JSON.stringify({
          id: "evt_1",
          type: "charge.refunded",
          data: { object: { id: "ch_1", payment_intent: "pi_1", amount_refunded: -1, currency: "eur", metadata: {} } },
        }),
      ],
      [
        "an event without an id",
        JSON.stringify({ type: "checkout.session.expired", data: { object: { id: "cs_1" } } }),
      ],
    ])("is unreadable as %s", async (_, text) => {
      const { body, headers } = signedBody(text);
      await expect(provider.verify(body, headers)).rejects.toMatchObject({
        name: "Refusal",
        code: "invalid-notification",
      });
    });

    it("answers null for an event the site does not act on, whatever it carries", async () => {
      for (const event of [
        { id: "evt_1", type: "customer.created" },
        { type: "payment_intent.succeeded", data: "anything" },
        { id: "evt_1", type: "constructor", data: {} },
        { id: "evt_1", type: "__proto__", data: {} },
      ]) {
        const { body, headers } = signedBody(JSON.stringify(event));
        expect(await provider.verify(body, headers)).toBeNull();
      }
    });

    it("reads a session Stripe left without an amount as one whose amount is not said", async () => {
      const { providerReference } = await paidPayment();
      const session = { ...fake.session(providerReference), amount_total: null, currency: null };
      const { body, headers } = signedBody(JSON.stringify(fake.event("checkout.session.completed", session)));
      const notification = await provider.verify(body, headers);
      expect(notification).toMatchObject({ providerReference, outcome: "paid" });
      expect(notification).not.toHaveProperty("amount");
      expect(notification).not.toHaveProperty("currency");
    });

    it("is still rejected, not unreadable, when its signature does not hold", async () => {
      const headers = signatureHeaders(fake.signature("not json", "whsec_someone_else"));
      await expect(provider.verify("not json", headers)).rejects.toMatchObject({
        name: "Refusal",
        code: "invalid-signature",
      });
    });
  });

  it("rejects a notification signed with another secret", async () => {
    const { providerReference } = await paidPayment();
    const forged = signed(fake.event("checkout.session.completed", fake.session(providerReference)), {
      secret: "whsec_someone_else",
    });
    await expect(provider.verify(forged.body, forged.headers)).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
  });

  it("rejects a body changed after signing", async () => {
    const { providerReference } = await provider.prepare(paymentRequest());
    const { body, headers } = signed(fake.event("checkout.session.completed", fake.session(providerReference)));
    const changed = body.replace('"payment_status": "unpaid"', '"payment_status": "paid"');
    expect(changed).not.toBe(body);
    await expect(provider.verify(changed, headers)).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
  });

  it("rejects a notification older than the tolerance and accepts one inside it", async () => {
    const { providerReference } = await paidPayment();
    const event = fake.event("checkout.session.completed", fake.session(providerReference));
    const now = Math.floor(Date.now() / 1000);

    const stale = signed(event, { timestamp: now - 301 });
    await expect(provider.verify(stale.body, stale.headers)).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
    const recent = signed(event, { timestamp: now - 240 });
    expect(await provider.verify(recent.body, recent.headers)).toMatchObject({ outcome: "paid" });

    const strict = stripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      toleranceSeconds: 60,
      ...fake.connection,
    });
    await expect(strict.verify(recent.body, recent.headers)).rejects.toThrow(/tolerance/);
  });

  it("rejects a notification without a signature", async () => {
    const { providerReference } = await paidPayment();
    const { body } = signed(fake.event("checkout.session.completed", fake.session(providerReference)));
    await expect(provider.verify(body, new Headers({ "content-type": "application/json" }))).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
    await expect(provider.verify(body, signatureHeaders("t=1,v0=abc"))).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
  });

  it.each(["t=1,v1=", "t=,v1=", "v1", "t=1,v1=abc,v1="])(
    "rejects the signature %j, which has an empty v1",
    async (header) => {
      await expect(provider.verify("{}", signatureHeaders(header))).rejects.toMatchObject({
        name: "Refusal",
        code: "invalid-signature",
      });
    },
  );
});

describe("refund", () => {
  it("refunds the PaymentIntent's amount under the idempotency key", async () => {
    const { providerReference, paymentReference } = await paidPayment();
    const idempotencyKey = randomUUID();
    const { refundReference } = await provider.refund({
      providerReference,
      paymentReference,
      amount: 3000,
      idempotencyKey,
    });

    expect(refundReference).toMatch(/^re_test_/);
    const sent = lastRequest("POST", "/v1/refunds");
    expect(sent.body).toEqual({ payment_intent: paymentReference, amount: "3000" });
    expect(sent.idempotencyKey).toBe(idempotencyKey);
    expect(fake.refunds.filter((refund) => refund.payment_intent === paymentReference)).toEqual([
      expect.objectContaining({ id: refundReference, amount: 3000, status: "succeeded" }),
    ]);
  });

  it("refunds once for the same idempotency key", async () => {
    const payment = await paidPayment();
    const request = { ...payment, amount: 1000, idempotencyKey: randomUUID() };
    const first = await provider.refund(request);
    const again = await provider.refund(request);

    expect(again).toEqual(first);
    expect(fake.refunds.filter((refund) => refund.payment_intent === payment.paymentReference)).toHaveLength(1);
  });

  it("fails for more than is left to refund", async () => {
    const payment = await paidPayment(3000);
    await provider.refund({ ...payment, amount: 2000, idempotencyKey: randomUUID() });
    await expect(provider.refund({ ...payment, amount: 1001, idempotencyKey: randomUUID() })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "amount_too_large",
    });
    await expect(provider.refund({ ...payment, amount: 1000, idempotencyKey: randomUUID() })).resolves.toBeDefined();
  });

  it("needs the PaymentIntent", async () => {
    await expect(
      provider.refund({ providerReference: "cs_test_x", amount: 100, idempotencyKey: randomUUID() }),
    ).rejects.toThrow(/PaymentIntent/);
  });
});

describe("the fake", () => {
  it("reads Stripe's bracket form encoding into nested values", () => {
    expect(
      parseForm(
        "line_items[0][price_data][unit_amount]=3000&line_items[0][quantity]=1&metadata[paymentId]=a%20b&x=1+2",
      ),
    ).toEqual({
      line_items: [{ price_data: { unit_amount: "3000" }, quantity: "1" }],
      metadata: { paymentId: "a b" },
      x: "1 2",
    });
    expect(parseForm("__proto__[polluted]=yes&a[constructor][b]=c")).toEqual({});
  });

  it("answers 401 without a test secret key", async () => {
    const response = await fetch(`${fake.url}/v1/checkout/sessions/cs_test_x`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("serves a hosted page whose Pay button completes the session and goes to success_url", async () => {
    const request = paymentRequest();
    const { providerReference, redirectUrl } = await provider.prepare(request);
    if (!redirectUrl) throw new Error("Stripe gives a URL");
    expect((await fetch(redirectUrl)).status).toBe(200);

    const paid = await fetch(`${redirectUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(request.successUrl);
    expect(fake.session(providerReference)).toMatchObject({ status: "complete", payment_status: "paid" });
  });
});
