import { paymentAuditOf, schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { type LivePayments, livePayments } from "@sports/payments";
import { type StripeFake, startStripeFake } from "@sports/payments/testing";
import { SYSTEM, settle } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, SITE_URL, type TestApi } from "../testing.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEBHOOK_SECRET = "whsec_test_payments";
const JSONAPI = "application/vnd.api+json";
const IBAN = "IT60X0542811101000000123456";
let clock = NOW;
let api: TestApi;
let stripe: StripeFake;
let payments: LivePayments;

beforeAll(async () => {
  stripe = await startStripeFake();
  payments = livePayments({
    providers: ["stripe", "demo", "bank-transfer"],
    stripe: { secretKey: "sk_test_payments", webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
    bankAccount: { beneficiary: "ASD Trail Club", iban: IBAN },
  });
  api = await openTestApi({ now: () => clock, organiserEmails: ["organiser@example.org"], payments });
});
afterAll(async () => {
  await api.database.close();
  await stripe.close();
});

const { visitor, send, start, participants, submit } = signupClient(() => api);

/** A signup submitted for payment by `method`, from the site's Italian pages. */
async function submitted(method: "stripe" | "demo" | "bank-transfer", options: { capacity?: number } = {}) {
  clock = NOW;
  const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, refundDaysBefore: 14 });
  const appointment = await insertAppointment(api.database.db, event, { capacity: options.capacity ?? 10 });
  const owner = await visitor();
  const held = await start(owner.token, appointment.id, {}, { "accept-language": "it-IT" });
  const id = held.body.data.id as string;
  await participants(owner.token, id, [runner()]);
  expect((await submit(owner.token, id, method)).status).toBe(200);
  return { id, owner, appointment, event };
}

const pay = (token: string, signupId: string) =>
  send(
    token,
    "POST",
    "/api/payments",
    { data: { type: "payments", relationships: { signup: { data: { type: "signups", id: signupId } } } } },
    { "accept-language": "it-IT" },
  );

const decide = (token: string, paymentId: string, decision: string) =>
  send(token, "POST", `/api/demo-payments/${paymentId}`, {
    data: { type: "demo-payments", attributes: { decision } },
  });

const signupState = async (id: string) =>
  (await api.database.db.select().from(schema.signups).where(eq(schema.signups.id, id)))[0]?.state;

const paymentRow = async (id: string) =>
  (await api.database.db.select().from(schema.payments).where(eq(schema.payments.id, id)))[0];

const placesTaken = async (id: string) =>
  (await api.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id)))[0]?.placesTaken;

async function waitForMail(to: string, subject: RegExp) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = (await api.mails()).find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** Delivers a Stripe event for a session, signed as Stripe signs it. */
function webhook(
  type: string,
  sessionId: string,
  options: { secret?: string; timestamp?: number; event?: ReturnType<StripeFake["event"]> } = {},
) {
  const event = options.event ?? stripe.event(type, stripe.session(sessionId));
  const { body, signature } = stripe.signedPayload(event, options.secret ?? WEBHOOK_SECRET, options.timestamp);
  return {
    event,
    send: () =>
      api.request("/api/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      }),
  };
}

/** Delivers any body, signed with the webhook's secret: what only Stripe could send. */
const signedBody = (body: string) =>
  api.request("/api/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": stripe.signature(body, WEBHOOK_SECRET) },
    body,
  });

/** A Stripe payment whose session the visitor has paid, before Stripe's webhook. */
async function paidAtStripe() {
  const submission = await submitted("stripe");
  const payment = (await pay(submission.owner.token, submission.id)).body.data;
  const sessionId = stripe.sessions.at(-1)?.id as string;
  const session = stripe.complete(sessionId);
  return { ...submission, payment, sessionId, session };
}

describe("the demonstration provider", () => {
  it("walks a payment through its page: prepared, paid on the provider's signed word, the signup confirmed and the receipt mailed", async () => {
    const { id, owner } = await submitted("demo");
    const started = await pay(owner.token, id);
    expect(started.status).toBe(201);
    const payment = started.body.data;
    expect(payment.attributes).toMatchObject({
      provider: "demo",
      state: "pending",
      amount: { amount: 2500, currency: "EUR" },
      reference: `SE-${id.slice(0, 8).toUpperCase()}`,
      // A page of the site is a path: the visitor stays on the origin they are on, whatever PUBLIC_URL says.
      redirectUrl: `/it-IT/demoPayment/${payment.id}`,
      bankTransfer: null,
    });
    const decided = await decide(owner.token, payment.id, "pay");
    expect(decided.status).toBe(200);
    expect(decided.body.meta.redirectUrl).toBe(`/it-IT/paymentResult?payment=${payment.id}`);
    const read = await send(owner.token, "GET", `/api/payments/${payment.id}`);
    expect(read.body.data.attributes).toMatchObject({ state: "paid", redirectUrl: null });
    expect(read.body.included.find((r: { type: string }) => r.type === "signups").attributes.state).toBe("confirmed");
    expect(await signupState(id)).toBe("confirmed");
    const mail = await waitForMail(owner.email, /^Iscrizione confermata/);
    expect(mail.text).toContain("25,00");
    expect((await paymentAuditOf(api.database.db, payment.id)).map((a) => [a.toState, a.source])).toEqual([
      ["created", "visitor"],
      ["pending", "visitor"],
      ["paid", "webhook"],
    ]);
    // The page's decision is made once.
    expect((await decide(owner.token, payment.id, "pay")).body.errors[0].code).toBe("wrong-state");
  });

  it("lets a declined visitor try again while the hold lasts, and pays once", async () => {
    const { id, owner } = await submitted("demo");
    const first = (await pay(owner.token, id)).body.data;
    await decide(owner.token, first.id, "decline");
    expect((await send(owner.token, "GET", `/api/payments/${first.id}`)).body.data.attributes.state).toBe("failed");
    expect(await signupState(id)).toBe("awaiting-payment");
    const second = (await pay(owner.token, id)).body.data;
    expect(second.id).not.toBe(first.id);
    await decide(owner.token, second.id, "pay");
    expect(await signupState(id)).toBe("confirmed");
    expect((await pay(owner.token, id)).body.errors[0].code).toBe("already-paid");
  });

  it("takes the first of two decisions sent at once; the other is 409 wrong-state", async () => {
    const { id, owner } = await submitted("demo");
    const payment = (await pay(owner.token, id)).body.data;
    const answers = await Promise.all([
      decide(owner.token, payment.id, "decline"),
      decide(owner.token, payment.id, "pay"),
    ]);
    const [declined, paid] = answers.map((answer) => answer.status);
    expect([declined, paid].sort()).toEqual([200, 409]);
    expect((await paymentRow(payment.id))?.state).toBe(declined === 200 ? "failed" : "paid");
    expect(await signupState(id)).toBe(declined === 200 ? "awaiting-payment" : "confirmed");
  });

  it("shows a payment to its owner only", async () => {
    const { id, owner } = await submitted("demo");
    const payment = (await pay(owner.token, id)).body.data;
    const stranger = await visitor();
    const foreign = await send(stranger.token, "GET", `/api/payments/${payment.id}`);
    expect([foreign.status, foreign.body.errors[0].code]).toEqual([403, "not-owner"]);
    expect(JSON.stringify(foreign.body)).not.toContain(id);
    expect((await decide(stranger.token, payment.id, "pay")).status).toBe(403);
    expect((await send(undefined, "GET", `/api/payments/${payment.id}`)).status).toBe(401);
    expect((await send(owner.token, "GET", `/api/payments/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await send(owner.token, "GET", "/api/payments/not-a-uuid")).status).toBe(404);
    expect((await pay(stranger.token, id)).status).toBe(403);
  });
});

describe("bank transfer", () => {
  it("shows the organiser's account, the amount and the reference, and waits for an organiser to mark it paid", async () => {
    const { id, owner } = await submitted("bank-transfer");
    const started = await pay(owner.token, id);
    expect(started.body.data.attributes).toMatchObject({
      provider: "bank-transfer",
      state: "pending",
      redirectUrl: null,
      bankTransfer: {
        beneficiary: "ASD Trail Club",
        iban: "IT60 X054 2811 1010 0000 0123 456",
        reference: `SE-${id.slice(0, 8).toUpperCase()}`,
        amount: { amount: 2500, currency: "EUR" },
        dueAt: new Date(NOW.getTime() + 5 * DAY).toISOString(),
      },
    });
    // Asking again shows the same instructions.
    expect((await pay(owner.token, id)).body.data.id).toBe(started.body.data.id);

    const markPaid = (token: string) =>
      send(token, "POST", `/api/signups/${id}/payments`, { data: { type: "payments", attributes: {} } });
    expect((await markPaid(owner.token)).body.errors[0].code).toBe("not-organiser");
    const organiser = await visitor();
    await api.database.db.update(schema.users).set({ role: "organiser" }).where(eq(schema.users.id, organiser.id));
    const marked = await markPaid(organiser.token);
    expect(marked.status).toBe(201);
    expect(marked.body.data).toMatchObject({ id: started.body.data.id, attributes: { state: "paid" } });
    expect(await signupState(id)).toBe("confirmed");
    const audit = await paymentAuditOf(api.database.db, started.body.data.id);
    expect(audit.at(-1)).toMatchObject({ toState: "paid", source: "organiser", actorUserId: organiser.id });
    expect((await markPaid(organiser.token)).body.errors[0].code).toBe("already-paid");
  });
});

describe("Stripe", () => {
  it("prepares a Checkout Session with the server's amount, the page's language, the result URLs and an idempotency key", async () => {
    const { id, owner } = await submitted("stripe");
    const started = await pay(owner.token, id);
    expect(started.status).toBe(201);
    const payment = started.body.data;
    const request = stripe.requests.find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST");
    expect(request?.idempotencyKey).toBe(`prepare-${payment.id}`);
    expect(request?.body).toMatchObject({
      mode: "payment",
      locale: "it",
      client_reference_id: payment.id,
      success_url: `${SITE_URL}/it-IT/paymentResult?payment=${payment.id}`,
      cancel_url: `${SITE_URL}/it-IT/paymentResult?payment=${payment.id}`,
      line_items: [{ price_data: { currency: "eur", unit_amount: "2500" }, quantity: "1" }],
    });
    expect(payment.attributes.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  });

  it("confirms on a valid webhook, once however often the event comes, and refuses forged or stale ones", async () => {
    const { id, owner } = await submitted("stripe");
    const payment = (await pay(owner.token, id)).body.data;
    const sessionId = stripe.sessions.at(-1)?.id as string;
    stripe.complete(sessionId);

    const forged = await webhook("checkout.session.completed", sessionId, { secret: "whsec_wrong" }).send();
    expect([forged.status, (await forged.json()).errors[0].code]).toEqual([400, "invalid-signature"]);
    const stale = await webhook("checkout.session.completed", sessionId, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    }).send();
    expect(stale.status).toBe(400);
    expect(await signupState(id)).toBe("awaiting-payment");

    const completed = webhook("checkout.session.completed", sessionId);
    for (let delivery = 0; delivery < 3; delivery++) expect((await completed.send()).status).toBe(200);
    expect(await signupState(id)).toBe("confirmed");
    const paid = (await paymentAuditOf(api.database.db, payment.id)).filter((a) => a.toState === "paid");
    expect(paid).toHaveLength(1);
    expect(paid[0]?.providerEventId).toBe(`stripe:${completed.event.id}`);

    // An expiry that arrives after the completion changes nothing.
    expect((await webhook("checkout.session.expired", sessionId).send()).status).toBe(200);
    expect((await send(owner.token, "GET", `/api/payments/${payment.id}`)).body.data.attributes.state).toBe("paid");
    await waitForMail(owner.email, /^Iscrizione confermata/);
    expect((await api.mails()).filter((m) => m.to === owner.email && /confermata/.test(m.subject))).toHaveLength(1);
  });

  it("asks Stripe when the visitor is back before the webhook", async () => {
    const { id, owner } = await submitted("stripe");
    const payment = (await pay(owner.token, id)).body.data;
    expect((await send(owner.token, "GET", `/api/payments/${payment.id}`)).body.data.attributes.state).toBe("pending");
    stripe.complete(stripe.sessions.at(-1)?.id as string);
    const read = await send(owner.token, "GET", `/api/payments/${payment.id}`);
    expect(read.body.data.attributes.state).toBe("paid");
    expect(await signupState(id)).toBe("confirmed");
  });

  it("confirms a payment that comes after the hold expired if the places are still there", async () => {
    const { id, owner, appointment } = await submitted("stripe", { capacity: 1 });
    await pay(owner.token, id);
    const sessionId = stripe.sessions.at(-1)?.id as string;
    clock = new Date(NOW.getTime() + 16 * MINUTE);
    // Reading it lets it expire, and gives its place back.
    expect((await send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes.state).toBe("expired");
    expect(await placesTaken(appointment.id)).toBe(0);
    stripe.complete(sessionId);
    expect((await webhook("checkout.session.completed", sessionId).send()).status).toBe(200);
    expect(await signupState(id)).toBe("confirmed");
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(stripe.refunds).toHaveLength(0);
  });

  it("refunds a payment that comes after the hold expired and the places went, and tells the visitor", async () => {
    const { id, owner, appointment } = await submitted("stripe", { capacity: 1 });
    const payment = (await pay(owner.token, id)).body.data;
    const sessionId = stripe.sessions.at(-1)?.id as string;
    clock = new Date(NOW.getTime() + 16 * MINUTE);
    const latecomer = await visitor();
    expect((await start(latecomer.token, appointment.id)).status).toBe(201);
    expect(await signupState(id)).toBe("expired");
    const refundsBefore = stripe.refunds.length;
    const session = stripe.complete(sessionId);
    const completed = webhook("checkout.session.completed", sessionId);
    for (let delivery = 0; delivery < 2; delivery++) expect((await completed.send()).status).toBe(200);
    expect(await signupState(id)).toBe("expired");
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(stripe.refunds.slice(refundsBefore)).toMatchObject([
      { amount: 2500, payment_intent: session.payment_intent },
    ]);
    const read = await send(owner.token, "GET", `/api/payments/${payment.id}`);
    expect(read.body.data.attributes).toMatchObject({ state: "refunded", refundedAmount: 2500 });
    const mail = await waitForMail(owner.email, /^Rimborso/);
    expect(mail.text).toContain("25,00");
  });

  it("refunds a cancelled paid signup in full until the event's last refund day", async () => {
    const { id, owner } = await submitted("stripe");
    await api.database.db
      .update(schema.events)
      .set({ cancellationDaysBefore: 7 })
      .where(
        eq(
          schema.events.id,
          (await api.database.db.select().from(schema.signups).where(eq(schema.signups.id, id)))[0]?.eventId as string,
        ),
      );
    const payment = (await pay(owner.token, id)).body.data;
    const sessionId = stripe.sessions.at(-1)?.id as string;
    stripe.complete(sessionId);
    await webhook("checkout.session.completed", sessionId).send();
    // Before: what cancelling would give back, as the cancellation then owes it.
    const before = (await send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes;
    expect(before.refund).toMatchObject({
      amount: { amount: 2500, currency: "EUR" },
      reason: "in-full",
      state: "if-cancelled",
    });
    const refundsBefore = stripe.refunds.length;
    const cancelled = await send(owner.token, "PATCH", `/api/signups/${id}`, {
      data: { type: "signups", id, attributes: { state: "cancelled" } },
    });
    expect(cancelled.status).toBe(200);
    expect(stripe.refunds.slice(refundsBefore)).toMatchObject([{ amount: before.refund.amount.amount }]);
    expect(cancelled.body.data.attributes.refund).toMatchObject({
      amount: { amount: 2500, currency: "EUR" },
      state: "refunded",
    });
    expect((await send(owner.token, "GET", `/api/payments/${payment.id}`)).body.data.attributes.state).toBe("refunded");
  });
});

describe("Stripe's webhook", () => {
  it("answers a JSON:API document, for an event it acts on, one it does not, and one about a payment it does not know", async () => {
    const { id, sessionId } = await paidAtStripe();
    const unknownSession = { ...stripe.session(sessionId), id: "cs_test_not_ours", payment_intent: "pi_test_not_ours" };
    const answers = [
      await webhook("checkout.session.completed", sessionId).send(),
      await webhook("checkout.session.completed", "", {
        event: stripe.event("checkout.session.completed", unknownSession),
      }).send(),
      await webhook("charge.refunded", "", {
        event: stripe.event("charge.refunded", { ...stripe.charge(sessionId), payment_intent: "pi_test_not_ours" }),
      }).send(),
      await signedBody(JSON.stringify({ id: "evt_test_other", type: "customer.created", data: { object: {} } })),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe(JSONAPI);
      expect(await answer.json()).toEqual({ jsonapi: { version: "1.1" }, meta: { received: true } });
    }
    expect(await signupState(id)).toBe("confirmed");
  });

  it("answers a signed body it cannot read with a 400 JSON:API error, and changes nothing", async () => {
    const { id, payment, sessionId } = await paidAtStripe();
    const completed = stripe.event("checkout.session.completed", stripe.session(sessionId));
    const { metadata, ...charge } = stripe.charge(sessionId);
    expect(metadata).toBeDefined();
    for (const body of [
      "this is not JSON",
      JSON.stringify({ ...completed, data: {} }),
      JSON.stringify(stripe.event("charge.refunded", charge)),
      JSON.stringify({ ...completed, data: { object: { ...stripe.session(sessionId), amount_total: "2500" } } }),
    ]) {
      const answer = await signedBody(body);
      expect(answer.status).toBe(400);
      expect(answer.headers.get("content-type")).toBe(JSONAPI);
      expect(await answer.json()).toEqual({
        jsonapi: { version: "1.1" },
        errors: [
          {
            status: "400",
            code: "invalid-notification",
            title: "Unreadable",
            detail: "The notification is signed but the site cannot read it.",
          },
        ],
      });
    }
    expect(await signupState(id)).toBe("awaiting-payment");
    expect(await paymentRow(payment.id)).toMatchObject({ state: "pending", attention: null });
  });

  it("flags a session that paid less than the payment for an organiser: the signup is not confirmed and nothing is refunded", async () => {
    const { id, owner, payment, sessionId, session } = await paidAtStripe();
    const refundsBefore = stripe.refunds.length;
    const short = stripe.event("checkout.session.completed", { ...session, amount_total: 1000 });
    for (let delivery = 0; delivery < 2; delivery++) {
      expect((await webhook("checkout.session.completed", sessionId, { event: short }).send()).status).toBe(200);
    }

    expect(await signupState(id)).toBe("awaiting-payment");
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({
      state: "paid",
      attention: "the provider reports 1000 EUR paid, not 2500 EUR",
      refundDue: 0,
      refundedAmount: 0,
      paymentReference: session.payment_intent,
    });
    expect(stripe.refunds.slice(refundsBefore)).toEqual([]);
    const audit = await paymentAuditOf(api.database.db, payment.id);
    expect(audit.filter((entry) => entry.toState === "paid")).toMatchObject([
      {
        source: "webhook",
        providerEventId: `stripe:${short.id}`,
        note: "the provider reports 1000 EUR paid, not 2500 EUR; neither confirmed nor refunded until an organiser decides",
      },
    ]);

    // Its owner sees it still being processed, without the reason, and cannot pay a second time.
    const read = await send(owner.token, "GET", `/api/payments/${payment.id}`);
    expect(read.body.data.attributes).toMatchObject({ state: "processing", paidAt: null, refundedAmount: 0 });
    // Neither the reason nor the amount Stripe reports (random ids may hold the digits "1000" anywhere).
    expect(JSON.stringify(read.body)).not.toMatch(/attention|1000 EUR|"amount":1000\b/);
    expect((await pay(owner.token, id)).body.errors[0].code).toBe("already-paid");
    // Stripe's later word on the same session moves nothing, and no mail says it was paid or refunded.
    await webhook("checkout.session.async_payment_succeeded", sessionId).send();
    expect(await signupState(id)).toBe("awaiting-payment");
    const mails = (await api.mails()).filter((mail) => mail.to === owner.email);
    expect(mails.filter((mail) => /confermata|Rimborso/.test(mail.subject))).toEqual([]);

    // The organiser gives the 1000 back at Stripe: recorded as such, the payment still flagged.
    await payments.providers.get("stripe")?.refund({
      providerReference: sessionId,
      paymentReference: session.payment_intent as string,
      amount: 1000,
      idempotencyKey: crypto.randomUUID(),
    });
    const refunded = { ...stripe.charge(sessionId), amount: 1000, amount_refunded: 1000 };
    await webhook("charge.refunded", "", { event: stripe.event("charge.refunded", refunded) }).send();
    expect(await paymentRow(payment.id)).toMatchObject({
      state: "paid",
      refundDue: 1000,
      refundedAmount: 1000,
      attention: "the provider reports 1000 EUR paid, not 2500 EUR",
    });
  });

  it("records a refund Stripe reports as what went back, never more than the payment, and ends the payment only when all of it did", async () => {
    const { payment, sessionId, session } = await paidAtStripe();
    await webhook("checkout.session.completed", sessionId).send();
    // Refunds an organiser makes in Stripe's dashboard, a part then the rest: Stripe reports each.
    const refundAtStripe = async (amount: number) => {
      await payments.providers.get("stripe")?.refund({
        providerReference: sessionId,
        paymentReference: session.payment_intent as string,
        amount,
        idempotencyKey: crypto.randomUUID(),
      });
      return webhook("charge.refunded", "", {
        event: stripe.event("charge.refunded", stripe.charge(sessionId)),
      }).send();
    };
    expect((await refundAtStripe(1000)).status).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ state: "paid", refundDue: 1000, refundedAmount: 1000 });
    expect((await refundAtStripe(1500)).status).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ state: "refunded", refundDue: 2500, refundedAmount: 2500 });

    // A report of more than the payment's amount records the payment's amount.
    const other = await paidAtStripe();
    await webhook("checkout.session.completed", other.sessionId).send();
    const tooMuch = { ...stripe.charge(other.sessionId), amount_refunded: 9999 };
    const answer = await webhook("charge.refunded", "", { event: stripe.event("charge.refunded", tooMuch) }).send();
    expect(answer.status).toBe(200);
    expect(await paymentRow(other.payment.id)).toMatchObject({
      state: "refunded",
      refundDue: 2500,
      refundedAmount: 2500,
    });
  });

  it("flags, and logs, money in another currency, wherever the provider's word comes from", async () => {
    const { id, payment, sessionId } = await paidAtStripe();
    const logger = { error: vi.fn(), info: vi.fn() };
    const settlement = await settle(testDeps(api.database.db, NOW, { logger }), SYSTEM, {
      key: { id: payment.id },
      report: { providerReference: sessionId, outcome: "paid", amount: 2500, currency: "usd" },
      source: "report",
    });
    expect(settlement).toMatchObject({
      changed: true,
      confirmed: false,
      mustRefund: false,
      attention: "the provider reports 2500 USD paid, not 2500 EUR",
    });
    expect(logger.error).toHaveBeenCalledExactlyOnceWith(
      { payment: payment.id, provider: "stripe", attention: "the provider reports 2500 USD paid, not 2500 EUR" },
      "a payment needs an organiser",
    );
    expect(await signupState(id)).toBe("awaiting-payment");
    expect(await paymentRow(payment.id)).toMatchObject({ state: "paid", refundDue: 0 });
  });
});
