import { describe, expect, it } from "vitest";
import { bankTransferProvider, formatIban, isValidIban } from "./bank-transfer.ts";
import { demoProvider } from "./demo.ts";
import { livePayments, PaymentSettingsError, SAMPLE_BANK_ACCOUNT } from "./live.ts";

const request = {
  paymentId: "7b0c6f8e-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
  reference: "SE-7B0C6F8E",
  amount: 4500,
  currency: "EUR",
  locale: "it-IT",
  description: "Cortina Crode Trail – 32 km",
  successUrl: "https://events.example.org/it-IT/paymentResult?payment=7b0c6f8e-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
  cancelUrl: "https://events.example.org/it-IT/paymentResult?payment=7b0c6f8e-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
  expiresAt: new Date("2027-05-01T10:15:00Z"),
  idempotencyKey: "prepare-7b0c6f8e",
};

describe("the demonstration provider", () => {
  it("sends the visitor to the site's own demonstration page, by its path", async () => {
    expect(await demoProvider().prepare(request)).toEqual({
      providerReference: `demo_${request.paymentId}`,
      redirectUrl: `/it-IT/demoPayment/${request.paymentId}`,
    });
  });

  it("signs each decision and reads it back; a forged, altered or stale one is refused", async () => {
    const demo = demoProvider();
    const decision = { providerReference: "demo_1", amount: 4500, currency: "EUR" };
    for (const [choice, outcome] of [
      ["pay", "paid"],
      ["decline", "failed"],
      ["cancel", "cancelled"],
    ] as const) {
      const { rawBody, headers } = demo.notify({ ...decision, decision: choice });
      expect(await demo.verify(rawBody, headers)).toMatchObject({
        ...decision,
        outcome,
        eventId: expect.stringMatching(/^demo_evt_/),
      });
    }
    const { rawBody, headers } = demo.notify({ ...decision, decision: "pay" });
    await expect(demo.verify(rawBody.replace("4500", "1"), headers)).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
    await expect(demoProvider().verify(rawBody, headers)).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
    await expect(demo.verify(rawBody, new Headers())).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
    const strict = demoProvider({ toleranceSeconds: -1 });
    const late = strict.notify({ ...decision, decision: "pay" });
    await expect(strict.verify(late.rawBody, late.headers)).rejects.toThrow(/tolerance/);
  });
});

describe("bank transfer", () => {
  it("has nothing to visit and takes no webhooks", async () => {
    const provider = bankTransferProvider();
    expect(await provider.prepare(request)).toEqual({
      providerReference: `bt_${request.paymentId}`,
      redirectUrl: null,
    });
    await expect(provider.verify("{}", new Headers())).rejects.toMatchObject({
      name: "Refusal",
      code: "invalid-signature",
    });
  });

  it("checks and shows IBANs as people read them", () => {
    expect(isValidIban("IT60X0542811101000000123456")).toBe(true);
    expect(isValidIban("it60 x054 2811 1010 0000 0123 456")).toBe(true);
    expect(isValidIban("IT61X0542811101000000123456")).toBe(false);
    expect(isValidIban("not an iban")).toBe(false);
    expect(formatIban("it60x0542811101000000123456")).toBe("IT60 X054 2811 1010 0000 0123 456");
  });
});

describe("which providers are live", () => {
  const stripe = { secretKey: "sk_test_x", webhookSecret: "whsec_x" };
  const bankAccount = { beneficiary: "ASD Trail Club", iban: "IT60X0542811101000000123456" };
  const ids = (settings: Parameters<typeof livePayments>[0]) => [...livePayments(settings).providers.keys()];

  it("is the demonstration and a sample account while no real provider is configured", () => {
    const live = livePayments({});
    expect([...live.providers.keys()]).toEqual(["demo", "bank-transfer"]);
    expect(live).toMatchObject({ demonstration: true, bankAccount: SAMPLE_BANK_ACCOUNT });
    expect(live.demo?.id).toBe("demo");
  });

  it("shows the sample account as the organiser's, marked as a sample for the pages to say so", () => {
    expect(livePayments({ sampleBeneficiary: "Sport Events S.r.l." }).bankAccount).toEqual({
      beneficiary: "Sport Events S.r.l.",
      iban: SAMPLE_BANK_ACCOUNT.iban,
      sample: true,
    });
    expect(livePayments({ bankAccount, sampleBeneficiary: "Sport Events S.r.l." }).bankAccount).toEqual(bankAccount);
  });

  it("turns the demonstration off once a real provider is configured, unless PAYMENT_PROVIDERS names it", () => {
    expect(ids({ stripe })).toEqual(["stripe"]);
    expect(ids({ stripe, bankAccount })).toEqual(["stripe", "bank-transfer"]);
    expect(ids({ bankAccount })).toEqual(["bank-transfer"]);
    expect(ids({ stripe, providers: ["stripe", "demo"] })).toEqual(["stripe", "demo"]);
    expect(livePayments({ bankAccount }).bankAccount).toEqual(bankAccount);
  });

  it("refuses a listed provider that is not configured, and a wrong IBAN", () => {
    expect(() => livePayments({ providers: ["stripe"] })).toThrow(PaymentSettingsError);
    expect(() => livePayments({ stripe, providers: ["bank-transfer"] })).toThrow(/BANK_TRANSFER_IBAN/);
    expect(() => livePayments({ bankAccount: { ...bankAccount, iban: "IT61X0542811101000000123456" } })).toThrow(
      /IBAN/,
    );
  });

  it("never stands the demonstration in where it is not allowed (production), unless PAYMENT_PROVIDERS names it", () => {
    const production = { allowDemonstration: false };
    expect(() => livePayments(production)).toThrow(/No payment provider is configured/);
    expect(ids({ ...production, bankAccount })).toEqual(["bank-transfer"]);
    expect(ids({ ...production, stripe })).toEqual(["stripe"]);
    // Named on purpose, the demonstration runs, but bank transfer never shows the sample account.
    expect(ids({ ...production, providers: ["demo"] })).toEqual(["demo"]);
    expect(() => livePayments({ ...production, providers: ["demo", "bank-transfer"] })).toThrow(/BANK_TRANSFER_IBAN/);
  });
});
