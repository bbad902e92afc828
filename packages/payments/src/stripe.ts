import {
  type PaymentProvider,
  type PaymentRequest,
  type ProviderNotification,
  type ProviderOutcome,
  type ProviderReport,
  Refusal,
} from "@sports/domain";
import Stripe from "stripe";
import { z } from "zod";

export interface StripeProviderOptions {
  /** The account's secret API key (sk_live_… or sk_test_…). Kept inside the provider, never logged. */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** Another API host, such as the local fake's 127.0.0.1; api.stripe.com when absent. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  /** How old a webhook's signed timestamp may be; 300 s when absent (0 turns the age check off, as in the SDK). */
  toleranceSeconds?: number;
}

/** Stripe's limits on a Checkout Session's life, with a minute's margin for the trip to Stripe. */
const MIN_LIFE_SECONDS = 30 * 60 + 60;
const MAX_LIFE_SECONDS = 24 * 60 * 60 - 60;

const STRIPE_LOCALES = new Set(["it", "en", "de", "fr", "es"]);

/**
 * The payment provider for Stripe Checkout: one hosted Checkout Session per payment.
 *
 * - `providerReference` is the Checkout Session's id (cs_…), `paymentReference` its PaymentIntent (pi_…).
 * - `verify` acts on `checkout.session.completed`, `.async_payment_succeeded`, `.async_payment_failed`,
 *   `.expired` and `charge.refunded`; every other event answers null. A signed body that is not JSON,
 *   or an event of those types without a field the site reads (or with one of another type), throws
 *   a `Refusal` with `invalid-notification`: the signature is checked first, so only Stripe's word gets that far.
 * - A `charge.refunded` event carries a Charge, not the Checkout Session, and the session cannot be looked
 *   up without asking Stripe: its notification's `providerReference` is the charge's
 *   `metadata.checkoutSessionId` when present, otherwise `""`, `paymentReference` is the charge's
 *   PaymentIntent, by which the caller finds the payment, and `amount` what has gone back in all
 *   (`amount_refunded`: Stripe sends the event for every refund, a part or the rest).
 */
export function stripeProvider(options: StripeProviderOptions): PaymentProvider {
  if (!options.secretKey) throw new Error("Stripe: the secret key is missing.");
  if (!options.webhookSecret) throw new Error("Stripe: the webhook signing secret is missing.");
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
  });
  const { webhookSecret } = options;
  const tolerance = options.toleranceSeconds ?? 300;

  return {
    id: "stripe",

    async prepare(request) {
      const metadata = { paymentId: request.paymentId, reference: request.reference };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.paymentId,
          metadata,
          payment_intent_data: { metadata },
          locale: stripeLocale(request.locale),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          expires_at: sessionExpiry(request),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe: Checkout Session ${session.id} has no URL to send the visitor to.`);
      return { providerReference: session.id, redirectUrl: session.url };
    },

    async report(providerReference) {
      const session = await stripe.checkout.sessions.retrieve(providerReference);
      return reportOf(session, sessionOutcome(session));
    },

    async verify(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new Refusal("invalid-signature", "Stripe: the Stripe-Signature header is missing.");
      if (hasEmptySignature(signature))
        throw new Refusal("invalid-signature", "Stripe: the Stripe-Signature header has an empty signature.");
      const signatures = stripe.webhooks.signature;
      if (!signatures) throw new Error("Stripe: the SDK has no webhook signature helper.");
      try {
        // Not constructEventAsync: it parses the body too, and its errors for a signed body it cannot
        // parse are plain ones, indistinguishable from a failure of its own.
        await signatures.verifyHeaderAsync(rawBody, signature, webhookSecret, tolerance);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new Refusal("invalid-signature", `Stripe: ${error.message}`, { cause: error });
        }
        throw error;
      }
      return eventReport(rawBody);
    },

    async refund(request) {
      if (!request.paymentReference) {
        throw new Error(
          `Stripe: cannot refund ${request.providerReference || "a payment"} without its PaymentIntent (paymentReference).`,
        );
      }
      const refund = await stripe.refunds.create(
        { payment_intent: request.paymentReference, amount: request.amount },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundReference: refund.id };
    },
  };
}

/** A `v1` without a value (`t=1,v1=`): the SDK throws a plain Error for one, not its verification error. */
function hasEmptySignature(header: string): boolean {
  return header.split(",").some((item) => {
    const [scheme, value] = item.split("=");
    return scheme === "v1" && !value;
  });
}

/** it-IT → "it", and so on for the site's languages; anything else lets Stripe pick. */
function stripeLocale(tag: string): Stripe.Checkout.SessionCreateParams.Locale {
  const language = tag.split("-")[0]?.toLowerCase() ?? "";
  return STRIPE_LOCALES.has(language) ? language : "auto";
}

/**
 * The payment's expiry in Unix seconds, kept inside Stripe's 30 minutes to 24 hours. A clamped value is
 * rounded to the minute so that a retry a moment later most likely sends the same parameters.
 */
function sessionExpiry(request: PaymentRequest): number {
  const now = Math.floor(Date.now() / 1000);
  const wanted = Math.floor(request.expiresAt.getTime() / 1000);
  const earliest = Math.ceil((now + MIN_LIFE_SECONDS) / 60) * 60;
  const latest = Math.floor((now + MAX_LIFE_SECONDS) / 60) * 60;
  return Math.min(Math.max(wanted, earliest), latest);
}

function sessionOutcome(session: Stripe.Checkout.Session): ProviderOutcome {
  if (session.status === "expired") return "expired";
  if (session.status === "complete") return isPaid(session) ? "paid" : "processing";
  return "pending";
}

function isPaid(session: SessionFields): boolean {
  return session.payment_status === "paid" || session.payment_status === "no_payment_required";
}

function reportOf(session: SessionFields, outcome: ProviderOutcome): ProviderReport {
  const paymentReference = idOf(session.payment_intent);
  return {
    providerReference: session.id,
    outcome,
    ...(paymentReference ? { paymentReference } : {}),
    ...(session.amount_total === null ? {} : { amount: session.amount_total }),
    ...(session.currency ? { currency: session.currency.toUpperCase() } : {}),
  };
}

/** A field Stripe sends as an id or, when expanded, as the object. */
const expandable = z.union([z.string(), z.object({ id: z.string() })]);
const currencyCode = z.string().regex(/^[A-Za-z]{3}$/);
const minorUnits = z.int().nonnegative();

/**
 * The fields of a Checkout Session the site reads, which Stripe always sends (null where it may have
 * no value). An amount without a value is one the provider does not say, and settles nothing
 * (`amountDiscrepancy` in packages/domain/src/payment.ts).
 */
const checkoutSession = z.object({
  id: z.string().min(1),
  payment_status: z.string(),
  payment_intent: expandable.nullable(),
  amount_total: minorUnits.nullable(),
  currency: currencyCode.nullable(),
});
type SessionFields = z.infer<typeof checkoutSession>;

/** The fields of a Charge the site reads. */
const charge = z.object({
  payment_intent: expandable.nullable(),
  amount_refunded: minorUnits,
  currency: currencyCode,
  metadata: z.record(z.string(), z.string()),
});

const eventOf = <T extends z.ZodType>(object: T) =>
  z.object({ id: z.string().min(1), type: z.string(), data: z.object({ object }) });
const sessionEvent = eventOf(checkoutSession);
const chargeEvent = eventOf(charge);
/** Any event: its type says whether the rest is read at all. */
const anyEvent = z.object({ type: z.string() });

/** The Checkout Session events the site acts on, and the outcome each reports. */
const SESSION_OUTCOMES = new Map<string, (session: SessionFields) => ProviderOutcome>([
  ["checkout.session.completed", (session) => (isPaid(session) ? "paid" : "processing")],
  ["checkout.session.async_payment_succeeded", () => "paid"],
  ["checkout.session.async_payment_failed", () => "failed"],
  ["checkout.session.expired", () => "expired"],
]);

/**
 * What a verified body says about a payment, or null for an event the site does not act on; throws
 * `invalid-notification` refusal for a body that is not JSON or an event it acts on that lacks what it reads.
 */
function eventReport(rawBody: string): ProviderNotification | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch (error) {
    throw new Refusal("invalid-notification", "Stripe: the notification is not JSON.", { cause: error });
  }
  const { type } = readAs(anyEvent, body, "the notification");
  if (type === "charge.refunded") {
    const { id, data } = readAs(chargeEvent, body, type);
    const paymentReference = idOf(data.object.payment_intent);
    return {
      eventId: id,
      providerReference: data.object.metadata.checkoutSessionId ?? "",
      outcome: "refunded",
      ...(paymentReference ? { paymentReference } : {}),
      amount: data.object.amount_refunded,
      currency: data.object.currency.toUpperCase(),
    };
  }
  const outcome = SESSION_OUTCOMES.get(type);
  if (!outcome) return null;
  const { id, data } = readAs(sessionEvent, body, type);
  return { ...reportOf(data.object, outcome(data.object)), eventId: id };
}

function readAs<T extends z.ZodType>(schema: T, body: unknown, what: string): z.infer<T> {
  const read = schema.safeParse(body);
  if (read.success) return read.data;
  const issues = read.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join(".") || "(the body)"}: ${issue.message}`);
  throw new Refusal("invalid-notification", `Stripe: ${what} cannot be read (${issues.join("; ")}).`, {
    cause: read.error,
  });
}

/** The id of a field Stripe may send as an id or, when expanded, as the object. */
function idOf(field: string | { id: string } | null): string | undefined {
  if (field === null) return undefined;
  return typeof field === "string" ? field : field.id;
}
