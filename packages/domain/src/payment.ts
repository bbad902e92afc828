/**
 * Payments: one lifecycle for every provider.
 *
 *   prepare (no money moves) ──▶ redirect (the visitor pays on the provider's page)
 *        ──▶ confirm (only from the provider's own signed word: a webhook, or asking the provider)
 *        ──▶ refund (when a paid signup is cancelled, or a late payment finds no places left)
 *
 * A provider is a port: the domain says what it needs, packages/payments implements it for Stripe,
 * the built-in demonstration provider and bank transfer.
 */

export const PAYMENT_PROVIDER_IDS = ["stripe", "demo", "bank-transfer"] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

/**
 * A payment's states. `created` until the provider has prepared it; `pending` while the visitor is
 * on the provider's page (or, for a bank transfer, until the money arrives); `processing` while an
 * asynchronous method settles; then one of the ends.
 */
export const PAYMENT_STATES = [
  "created",
  "pending",
  "processing",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "refunded",
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What the site asks a provider to prepare. Amounts are integers in minor units. */
export interface PaymentRequest {
  /** The site's own payment id (a UUID): the provider carries it back as the client reference. */
  paymentId: string;
  /** The signup's short reference, shown to the visitor and used as the bank transfer's reason. */
  reference: string;
  amount: number;
  /** ISO 4217, upper case (EUR). */
  currency: string;
  /** The page's language, a BCP 47 tag such as it-IT. */
  locale: string;
  /** One line the visitor sees on the provider's page. */
  description: string;
  /** Absolute URLs back to the site's /paymentResult. */
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** When the provider's page stops taking the payment. */
  expiresAt: Date;
  /** The same key for a retried preparation: the provider creates nothing twice. */
  idempotencyKey: string;
}

export interface PreparedPayment {
  /** The provider's id for this payment (Stripe: the Checkout Session's id). */
  providerReference: string;
  /**
   * Where to send the visitor: an absolute URL for a page outside the site (Stripe's), a path for
   * one of the site's own (the demonstration's); null when there is nothing to visit (bank transfer).
   */
  redirectUrl: string | null;
}

/** What a provider says about a payment, from a verified webhook or from asking it. */
export type ProviderOutcome = "pending" | "processing" | "paid" | "failed" | "cancelled" | "expired" | "refunded";

export interface ProviderReport {
  providerReference: string;
  outcome: ProviderOutcome;
  /** The provider's id of the money movement (Stripe: the PaymentIntent), needed to refund. */
  paymentReference?: string;
  /**
   * What was actually paid, in minor units, when the provider says; for `refunded`, what has gone
   * back in all.
   */
  amount?: number;
  currency?: string;
}

/** A verified notification from a provider: its own event id makes a replay recognisable. */
export interface ProviderNotification extends ProviderReport {
  eventId: string;
}

export interface RefundRequest {
  providerReference: string;
  paymentReference?: string;
  amount: number;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  /** Creates the provider's payment page; moves no money. */
  prepare(request: PaymentRequest): Promise<PreparedPayment>;
  /** Asks the provider for a payment's state (the visitor came back before the webhook). */
  report(providerReference: string): Promise<ProviderReport>;
  /**
   * Checks a webhook's signature against its raw body and reads it. Refuses (a `Refusal`, refusal.ts) with
   * `invalid-signature` a forged or stale one, and with `invalid-notification` a signed one the site
   * cannot read (not JSON, or an event it acts on without a field it needs, or with one of the wrong
   * type: checked only after the signature, so only the provider can cause one); answers null for an
   * event the site does not act on.
   */
  verify(rawBody: string, headers: Headers): Promise<ProviderNotification | null>;
  /** Gives money back; the same idempotency key never refunds twice. */
  refund(request: RefundRequest): Promise<{ refundReference: string }>;
}

/**
 * Why the money a provider reports paid cannot settle the payment: another amount or currency, or
 * none said. Undefined when it is the payment's amount in its currency. A payment with a discrepancy
 * confirms nothing and refunds nothing by itself: only an organiser knows what to do with it.
 */
export function amountDiscrepancy(
  payment: { amount: number; currency: string },
  report: Pick<ProviderReport, "amount" | "currency">,
): string | undefined {
  const expected = `${payment.amount} ${payment.currency.toUpperCase()}`;
  if (report.amount === undefined || report.currency === undefined) {
    return `the provider does not say how much was paid (expected ${expected})`;
  }
  const reported = `${report.amount} ${report.currency.toUpperCase()}`;
  return reported === expected ? undefined : `the provider reports ${reported} paid, not ${expected}`;
}

/** Which outcomes a payment can still move to from its state: ends do not move again, except paid → refunded. */
export function paymentMoves(from: PaymentState, to: ProviderOutcome): boolean {
  if (from === to) return false;
  switch (from) {
    case "created":
    case "pending":
      return true;
    case "processing":
      return to !== "pending";
    case "paid":
      return to === "refunded";
    default:
      // failed, cancelled, expired, refunded: a late "paid" for a failed or expired one still counts.
      return to === "paid" && from !== "refunded";
  }
}
