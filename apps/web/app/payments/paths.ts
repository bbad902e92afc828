/**
 * The payment screens' URLs, without the language prefix: the builders the server uses too, for the
 * providers to send the visitor back to (packages/jsonapi/src/site-paths.ts).
 */
export { demoPaymentPath, paymentResultPath } from "@sports/jsonapi";

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
