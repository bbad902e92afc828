export { type BankAccount, bankTransferProvider, formatIban, isValidIban } from "./bank-transfer.ts";
export { DEMO_DECISIONS, type DemoDecision, type DemoProvider, demoProvider } from "./demo.ts";
export {
  type LivePayments,
  livePayments,
  type PaymentSettings,
  PaymentSettingsError,
  SAMPLE_BANK_ACCOUNT,
} from "./live.ts";
export { type StripeProviderOptions, stripeProvider } from "./stripe.ts";
