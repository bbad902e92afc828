import { PAYMENT_PATHS } from "../access.ts";

/**
 * The payment screens' URLs, without the language prefix. The API builds the same ones for the
 * providers to send the visitor back to (`/{lang}/paymentResult?payment={id}`).
 */

export function paymentResultPath(paymentId: string): string {
  return `/${PAYMENT_PATHS.result}?${new URLSearchParams({ payment: paymentId })}`;
}

export function demoPaymentPath(paymentId: string): string {
  return `/${PAYMENT_PATHS.demo}/${encodeURIComponent(paymentId)}`;
}

/** What a payment's id may look like; anything else is not asked of the API at all. */
const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The payment a result URL names (`?payment=…`), or null when it names none that could exist. */
export function paymentIdOf(url: URL): string | null {
  const ids = url.searchParams.getAll("payment");
  const [id] = ids;
  return ids.length === 1 && id !== undefined && PAYMENT_ID.test(id) ? id : null;
}

export function isPaymentId(value: unknown): value is string {
  return typeof value === "string" && PAYMENT_ID.test(value);
}
