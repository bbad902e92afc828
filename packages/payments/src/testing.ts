/**
 * For tests only (scripts/check-imports.ts keeps it out of the product): a local fake of Stripe's
 * API that the real Stripe SDK talks to, with the webhooks Stripe would send.
 */
export {
  type FakeCheckoutSession,
  type FakeEvent,
  type FakeRefund,
  parseForm,
  type StripeFake,
  type StripeFakeRequest,
  startStripeFake,
} from "./stripe-fake.ts";
