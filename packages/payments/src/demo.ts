import { createHmac, timingSafeEqual } from "node:crypto";
import { type PaymentProvider, type ProviderNotification, type ProviderOutcome, Refusal } from "@sports/domain";

/** What the visitor chose on the demonstration page. */
export const DEMO_DECISIONS = ["pay", "decline", "cancel"] as const;
export type DemoDecision = (typeof DEMO_DECISIONS)[number];

const OUTCOME_OF: Record<DemoDecision, ProviderOutcome> = { pay: "paid", decline: "failed", cancel: "cancelled" };
const SIGNATURE_HEADER = "demo-signature";

export interface DemoProvider extends PaymentProvider {
  readonly id: "demo";
  /**
   * The demonstration page's decision as the provider's signed notification: the body and headers
   * a webhook would carry. The site passes them to the same `verify` and the same handling as a
   * real provider's webhook.
   */
  notify(input: { providerReference: string; decision: DemoDecision; amount: number; currency: string }): {
    rawBody: string;
    headers: Headers;
  };
}

/**
 * The built-in demonstration provider: a page inside the site stands for the provider's hosted page
 * (`/{lang}/demoPayment/{paymentId}`), and no money moves. Its word is signed like a real provider's,
 * with a key that lives only in this process (the page's decision is signed and checked in the same
 * request), so nothing outside can forge a payment.
 */
export function demoProvider(options: { secret?: Buffer; toleranceSeconds?: number } = {}): DemoProvider {
  const secret = options.secret ?? Buffer.from(crypto.getRandomValues(new Uint8Array(32)));
  const tolerance = options.toleranceSeconds ?? 300;
  const sign = (timestamp: number, body: string) =>
    createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

  return {
    id: "demo",

    async prepare(request) {
      // A page of the site: its path, so the visitor stays on the origin they are on.
      return {
        providerReference: `demo_${request.paymentId}`,
        redirectUrl: `/${request.locale}/demoPayment/${encodeURIComponent(request.paymentId)}`,
      };
    },

    async report(providerReference) {
      // The demonstration keeps no state of its own: its page's decision arrives as a notification.
      return { providerReference, outcome: "pending" };
    },

    notify({ providerReference, decision, amount, currency }) {
      const rawBody = JSON.stringify({
        id: `demo_evt_${crypto.randomUUID()}`,
        type: `payment.${OUTCOME_OF[decision]}`,
        data: { providerReference, amount, currency },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      return { rawBody, headers: new Headers({ [SIGNATURE_HEADER]: `t=${timestamp},v1=${sign(timestamp, rawBody)}` }) };
    },

    async verify(rawBody, headers): Promise<ProviderNotification | null> {
      const header = headers.get(SIGNATURE_HEADER) ?? "";
      const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
      const timestamp = Number(parts.get("t"));
      const given = Buffer.from(parts.get("v1") ?? "", "hex");
      const expected = Buffer.from(sign(timestamp, rawBody), "hex");
      if (!Number.isInteger(timestamp) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new Refusal("invalid-signature", "Demo: the signature does not match.");
      }
      if (Math.abs(Date.now() / 1000 - timestamp) > tolerance) {
        throw new Refusal("invalid-signature", "Demo: the signature's timestamp is outside the tolerance.");
      }
      const event = JSON.parse(rawBody) as {
        id: string;
        type: string;
        data: { providerReference: string; amount: number; currency: string };
      };
      const outcome = event.type.replace(/^payment\./, "") as ProviderOutcome;
      if (!Object.values(OUTCOME_OF).includes(outcome)) return null;
      return { eventId: event.id, outcome, ...event.data };
    },

    async refund(request) {
      // Nothing to give back: no money moved. The reference follows the idempotency key.
      return {
        refundReference: `demo_re_${createHmac("sha256", secret).update(request.idempotencyKey).digest("hex").slice(0, 24)}`,
      };
    },
  };
}
