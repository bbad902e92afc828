import type { PaymentProvider, PaymentProviderId } from "@sports/domain";
import { type BankAccount, bankTransferProvider, isValidIban } from "./bank-transfer.ts";
import { type DemoProvider, demoProvider } from "./demo.ts";
import { stripeProvider } from "./stripe.ts";

/** What the site's configuration says about payments (the server reads it from the environment). */
export interface PaymentSettings {
  /** `PAYMENT_PROVIDERS`: exactly these are live; absent, the defaults below. */
  providers?: readonly PaymentProviderId[];
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  bankAccount?: BankAccount;
  /**
   * Whether the demonstration may stand in when no real provider is configured (true when absent).
   * Production says false: there, the demonstration provider runs only when `providers` names it,
   * and bank transfer never shows the sample account.
   */
  allowDemonstration?: boolean;
  /** Whom the sample account is shown as paying, while the demonstration stands in (the site's organiser). */
  sampleBeneficiary?: string;
}

/** The providers that take payments now, and the account bank transfers go to. */
export interface LivePayments {
  providers: ReadonlyMap<PaymentProviderId, PaymentProvider>;
  /** The demonstration provider, when live: its page's decisions go through it. */
  demo: DemoProvider | null;
  bankAccount: BankAccount | null;
  /** True when no real provider is configured and the demonstration ones stand in. */
  demonstration: boolean;
}

/** The account shown for bank transfers while the site runs as a demonstration (the standard example IBAN). */
export const SAMPLE_BANK_ACCOUNT: BankAccount = {
  beneficiary: "Sport Events",
  iban: "IT60X0542811101000000123456",
  sample: true,
};

export class PaymentSettingsError extends Error {
  override name = "PaymentSettingsError";
}

/**
 * Which providers are live. With `PAYMENT_PROVIDERS` unset: Stripe when its keys are set, bank
 * transfer when an account is set, and, while neither real provider is, the demonstration provider
 * and bank transfer to a sample account, so the whole flow can be walked offline. Once Stripe is
 * configured the demonstration is off unless `PAYMENT_PROVIDERS` names it.
 */
export function livePayments(settings: PaymentSettings): LivePayments {
  const { stripe, bankAccount } = settings;
  if (bankAccount && !isValidIban(bankAccount.iban)) {
    throw new PaymentSettingsError("The bank account's IBAN is not valid (its check digits do not hold).");
  }
  const demonstration = !stripe && !bankAccount;
  const allowDemonstration = settings.allowDemonstration ?? true;
  if (demonstration && !allowDemonstration && !settings.providers?.includes("demo")) {
    throw new PaymentSettingsError(
      "No payment provider is configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or BANK_TRANSFER_IBAN and BANK_TRANSFER_BENEFICIARY. In production the demonstration provider runs only when PAYMENT_PROVIDERS names it.",
    );
  }
  const wanted: readonly PaymentProviderId[] =
    settings.providers ??
    (demonstration
      ? ["demo", "bank-transfer"]
      : [...(stripe ? ["stripe" as const] : []), ...(bankAccount ? ["bank-transfer" as const] : [])]);

  const providers = new Map<PaymentProviderId, PaymentProvider>();
  let demo: DemoProvider | null = null;
  for (const id of wanted) {
    if (id === "stripe") {
      if (!stripe)
        throw new PaymentSettingsError("Stripe is listed but STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set.");
      const api = stripe.apiUrl ? new URL(stripe.apiUrl) : undefined;
      providers.set(
        "stripe",
        stripeProvider({
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          ...(api
            ? {
                host: api.hostname,
                port: Number(api.port || (api.protocol === "http:" ? 80 : 443)),
                protocol: api.protocol === "http:" ? "http" : "https",
              }
            : {}),
        }),
      );
    } else if (id === "demo") {
      demo = demoProvider();
      providers.set("demo", demo);
    } else {
      if (!bankAccount && (!demonstration || !allowDemonstration)) {
        throw new PaymentSettingsError(
          "Bank transfer is listed but BANK_TRANSFER_IBAN and BANK_TRANSFER_BENEFICIARY are not set.",
        );
      }
      providers.set("bank-transfer", bankTransferProvider());
    }
  }
  const sample = settings.sampleBeneficiary
    ? { ...SAMPLE_BANK_ACCOUNT, beneficiary: settings.sampleBeneficiary }
    : SAMPLE_BANK_ACCOUNT;
  const account = providers.has("bank-transfer") ? (bankAccount ?? sample) : null;
  return { providers, demo, bankAccount: account, demonstration };
}
