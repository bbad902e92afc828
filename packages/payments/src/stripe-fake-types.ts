import type { FormBody } from "./stripe-form.ts";

/** What the local fake of Stripe's API (stripe-fake.ts) offers a test. */

/** One request as the fake received it. */
export interface StripeFakeRequest {
  method: string;
  path: string;
  /** Lower-case header names, as node reads them. */
  headers: Record<string, string>;
  idempotencyKey: string | undefined;
  body: FormBody;
}

/** The fields of a Checkout Session the adapter reads, and a few more. */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: string;
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
}

export interface FakeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

/** A local stand-in for the part of Stripe's HTTP API the Stripe provider uses, for tests. */
export interface StripeFake {
  /** http://127.0.0.1:{port} */
  url: string;
  host: string;
  port: number;
  /** Options for `stripeProvider` that point the SDK at the fake. */
  connection: { host: string; port: number; protocol: "http" };
  /** Every request received, in order, replays included. */
  requests: StripeFakeRequest[];
  readonly sessions: readonly FakeCheckoutSession[];
  readonly refunds: readonly FakeRefund[];
  /** A session by id; throws for an unknown one. */
  session(id: string): FakeCheckoutSession;
  /** The visitor pays (or, with `unpaid`, starts an asynchronous method): status complete, a PaymentIntent. */
  complete(sessionId: string, options?: { paymentStatus?: "paid" | "unpaid" }): FakeCheckoutSession;
  /** The session's time runs out. */
  expire(sessionId: string): FakeCheckoutSession;
  /** The Charge behind a completed session, for `charge.refunded` events. */
  charge(sessionId: string): Record<string, unknown>;
  /** A Stripe event carrying a snapshot of `object` (a session, or a charge). */
  event(type: string, object: object): FakeEvent;
  /** The body Stripe would POST and its Stripe-Signature header; `timestamp` in Unix seconds, now when absent. */
  signedPayload(event: FakeEvent, secret: string, timestamp?: number): { body: string; signature: string };
  /** The Stripe-Signature header Stripe would send with any raw body, even one that is not an event. */
  signature(body: string, secret: string, timestamp?: number): string;
  /** The next `times` API requests fail with a 500 before doing anything (to exercise the SDK's retries). */
  failNext(times?: number): void;
  close(): Promise<void>;
}
