import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { FakeCheckoutSession, FakeRefund, StripeFake, StripeFakeRequest } from "./stripe-fake-types.ts";
import {
  type FormBody,
  field,
  headersOf,
  integer,
  isObject,
  metadataOf,
  missing,
  newId,
  optionalText,
  parseForm,
  readBody,
  StripeApiError,
  seconds,
  sendJson,
  text,
} from "./stripe-form.ts";

export type { FakeCheckoutSession, FakeEvent, FakeRefund, StripeFake, StripeFakeRequest } from "./stripe-fake-types.ts";
export { type FormBody, type FormValue, parseForm } from "./stripe-form.ts";

/** The Stripe-Signature header of a body, as Stripe signs it. */
function signature(body: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

interface Answer {
  status: number;
  body: unknown;
}

interface Remembered extends Answer {
  method: string;
  path: string;
  rawBody: string;
}

/** Starts the fake on 127.0.0.1 and a free port. */
export async function startStripeFake(): Promise<StripeFake> {
  const requests: StripeFakeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const remembered = new Map<string, Remembered>();
  /** The `payment_intent_data.metadata` of each session, by session id: Stripe copies it to the charge. */
  const intentMetadata = new Map<string, Record<string, string>>();
  let failuresToCome = 0;
  let url = "";

  function findSession(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`Stripe fake: no Checkout Session ${id}.`);
    return session;
  }

  function createSession(body: FormBody): FakeCheckoutSession {
    const lineItems = body.line_items;
    if (!Array.isArray(lineItems) || lineItems.length === 0) missing("line_items");
    let amountTotal = 0;
    let currency = "";
    lineItems.forEach((item, index) => {
      const param = `line_items[${index}]`;
      const priceData = field(item, "price_data");
      const itemCurrency = text(field(priceData, "currency"), `${param}[price_data][currency]`).toLowerCase();
      if (currency && itemCurrency !== currency) {
        throw new StripeApiError(400, "All line items must use the same currency.", { param });
      }
      currency = itemCurrency;
      text(field(field(priceData, "product_data"), "name"), `${param}[price_data][product_data][name]`);
      const unitAmount = integer(field(priceData, "unit_amount"), `${param}[price_data][unit_amount]`);
      amountTotal += unitAmount * integer(field(item, "quantity"), `${param}[quantity]`);
    });
    const now = seconds();
    const expiresAt = body.expires_at === undefined ? now + 24 * 3600 : integer(body.expires_at, "expires_at");
    if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
      throw new StripeApiError(400, "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.", {
        param: "expires_at",
      });
    }
    const id = newId("cs_test");
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      mode: text(body.mode, "mode"),
      url: `${url}/pay/${id}`,
      status: "open",
      payment_status: amountTotal === 0 ? "no_payment_required" : "unpaid",
      amount_total: amountTotal,
      currency,
      client_reference_id: optionalText(body.client_reference_id),
      customer_email: optionalText(body.customer_email),
      locale: optionalText(body.locale),
      metadata: metadataOf(body.metadata),
      payment_intent: null,
      success_url: text(body.success_url, "success_url"),
      cancel_url: optionalText(body.cancel_url),
      created: now,
      expires_at: expiresAt,
      livemode: false,
    };
    sessions.set(id, session);
    const intentData = body.payment_intent_data;
    intentMetadata.set(id, metadataOf(isObject(intentData) ? intentData.metadata : undefined));
    return session;
  }

  function createRefund(body: FormBody): FakeRefund {
    const paymentIntent = text(body.payment_intent, "payment_intent");
    const session = [...sessions.values()].find((candidate) => candidate.payment_intent === paymentIntent);
    if (!session) {
      throw new StripeApiError(400, `No such payment_intent: '${paymentIntent}'`, {
        code: "resource_missing",
        param: "payment_intent",
      });
    }
    if (session.payment_status !== "paid") {
      throw new StripeApiError(400, `PaymentIntent ${paymentIntent} has no successful charge to refund.`, {
        code: "charge_not_refundable",
      });
    }
    const refunded = refunds
      .filter((refund) => refund.payment_intent === paymentIntent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = session.amount_total - refunded;
    const amount = body.amount === undefined ? left : integer(body.amount, "amount");
    if (amount <= 0) {
      throw new StripeApiError(400, "Invalid positive integer.", {
        code: "parameter_invalid_integer",
        param: "amount",
      });
    }
    if (amount > left) {
      throw new StripeApiError(400, `Refund amount (${amount}) is greater than the amount left to refund (${left}).`, {
        code: "amount_too_large",
        param: "amount",
      });
    }
    const refund: FakeRefund = {
      id: newId("re_test"),
      object: "refund",
      amount,
      currency: session.currency,
      payment_intent: paymentIntent,
      status: "succeeded",
      created: seconds(),
    };
    refunds.push(refund);
    return refund;
  }

  function complete(sessionId: string, options: { paymentStatus?: "paid" | "unpaid" } = {}): FakeCheckoutSession {
    const session = findSession(sessionId);
    const stillUnpaid = session.status === "complete" && session.payment_status === "unpaid";
    if (session.status !== "open" && !stillUnpaid) {
      throw new Error(`Stripe fake: session ${sessionId} is ${session.status}, it cannot be paid.`);
    }
    session.status = "complete";
    if (session.payment_status !== "no_payment_required") session.payment_status = options.paymentStatus ?? "paid";
    session.payment_intent ??= newId("pi_test");
    return session;
  }

  /** Answers an API request; a StripeApiError becomes Stripe's error JSON. */
  function answerApi(method: string, path: string, body: FormBody): Answer {
    try {
      if (method === "POST" && path === "/v1/checkout/sessions") return { status: 200, body: createSession(body) };
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (method === "GET" && sessionPath?.[1]) {
        const id = decodeURIComponent(sessionPath[1]);
        const session = sessions.get(id);
        if (!session) {
          throw new StripeApiError(404, `No such checkout.session: '${id}'`, { code: "resource_missing", param: "id" });
        }
        return { status: 200, body: session };
      }
      if (method === "POST" && path === "/v1/refunds") return { status: 200, body: createRefund(body) };
      throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      const { message, type, code, param } = error;
      return { status: error.status, body: { error: { type, message, code, param } } };
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    const rawBody = await readBody(request);
    if (path.startsWith("/pay/")) {
      visitorPage(method, path, response);
      return;
    }

    const headers = headersOf(request);
    const body = parseForm(rawBody);
    const idempotencyKey = headers["idempotency-key"];
    requests.push({ method, path, headers, idempotencyKey, body });

    if (!/^Bearer sk_test_\w+$/.test(headers.authorization ?? "")) {
      const message = headers.authorization ? "Invalid API Key provided." : "You did not provide an API key.";
      return sendJson(response, 401, { error: { type: "invalid_request_error", message } });
    }
    if (failuresToCome > 0) {
      failuresToCome -= 1;
      return sendJson(response, 500, { error: { type: "api_error", message: "The fake failed on purpose." } });
    }
    if (method === "POST" && idempotencyKey) {
      const first = remembered.get(idempotencyKey);
      if (first && (first.method !== method || first.path !== path || first.rawBody !== rawBody)) {
        return sendJson(response, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (first) return sendJson(response, first.status, first.body, { "idempotent-replayed": "true" });
      const answer = answerApi(method, path, body);
      // A snapshot: a later change to the session must not change the replayed answer.
      remembered.set(idempotencyKey, {
        method,
        path,
        rawBody,
        status: answer.status,
        body: structuredClone(answer.body),
      });
      return sendJson(response, answer.status, answer.body);
    }
    const answer = answerApi(method, path, body);
    return sendJson(response, answer.status, answer.body);
  }

  /** The hosted payment page: Pay completes the session and goes to success_url, Cancel to cancel_url. */
  function visitorPage(method: string, path: string, response: ServerResponse): void {
    const [, , id = "", action] = path.split("/");
    const session = sessions.get(decodeURIComponent(id));
    if (!session) {
      response.writeHead(404, { "content-type": "text/plain" }).end("No such session.");
      return;
    }
    if (method === "POST" && (action === "pay" || action === "cancel")) {
      if (action === "pay" && session.status === "open") complete(session.id);
      const target = (action === "pay" ? session.success_url : session.cancel_url) ?? "/";
      response.writeHead(303, { location: target.replaceAll("{CHECKOUT_SESSION_ID}", session.id) }).end();
      return;
    }
    const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><title>Stripe fake checkout</title><h1>Pay ${amount}</h1><p>${session.status}</p>
<form method="post" action="/pay/${session.id}/pay"><button>Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button>Cancel</button></form>`,
    );
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendJson(response, 500, { error: { type: "api_error", message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = "127.0.0.1";
  url = `http://${host}:${port}`;

  return {
    url,
    host,
    port,
    connection: { host, port, protocol: "http" },
    requests,
    get sessions() {
      return [...sessions.values()];
    },
    refunds,
    session: findSession,
    complete,
    expire(sessionId) {
      const session = findSession(sessionId);
      if (session.status !== "open") throw new Error(`Stripe fake: session ${sessionId} is ${session.status}.`);
      session.status = "expired";
      return session;
    },
    charge(sessionId) {
      const session = findSession(sessionId);
      if (!session.payment_intent) throw new Error(`Stripe fake: session ${sessionId} has no payment yet.`);
      const paymentIntent = session.payment_intent;
      const refunded = refunds
        .filter((refund) => refund.payment_intent === paymentIntent)
        .reduce((sum, refund) => sum + refund.amount, 0);
      return {
        id: `ch_${paymentIntent.slice("pi_".length)}`,
        object: "charge",
        amount: session.amount_total,
        amount_refunded: refunded,
        currency: session.currency,
        payment_intent: paymentIntent,
        refunded: refunded >= session.amount_total,
        metadata: { ...intentMetadata.get(session.id) },
        livemode: false,
      };
    },
    event(type, object) {
      return {
        id: newId("evt_test"),
        object: "event",
        type,
        created: seconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        api_version: Stripe.API_VERSION,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },
    signedPayload(event, secret, timestamp) {
      const body = JSON.stringify(event, null, 2);
      return { body, signature: signature(body, secret, timestamp) };
    },
    signature,
    failNext(times = 1) {
      failuresToCome = times;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps its connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      });
    },
  };
}
