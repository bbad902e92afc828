import { describe, expect, it } from "vitest";
import { amountDiscrepancy, PAYMENT_STATES, type PaymentState, paymentMoves } from "./payment.ts";

describe("a payment's moves", () => {
  it("goes anywhere from created or pending, never to the state it is in", () => {
    for (const from of ["created", "pending"] as const) {
      expect(paymentMoves(from, "paid")).toBe(true);
      expect(paymentMoves(from, "failed")).toBe(true);
      expect(paymentMoves(from, "expired")).toBe(true);
    }
    for (const state of PAYMENT_STATES.filter((s) => s !== "created")) {
      expect(paymentMoves(state, state as Exclude<PaymentState, "created">)).toBe(false);
    }
  });

  it("keeps a paid payment paid whatever comes late (an expiry, a failure), except a refund", () => {
    for (const late of ["pending", "processing", "failed", "cancelled", "expired"] as const) {
      expect(paymentMoves("paid", late)).toBe(false);
    }
    expect(paymentMoves("paid", "refunded")).toBe(true);
  });

  it("still counts money that arrives for a payment given up on, but never moves a refunded one", () => {
    for (const from of ["failed", "cancelled", "expired"] as const) {
      expect(paymentMoves(from, "paid")).toBe(true);
      expect(paymentMoves(from, "pending")).toBe(false);
    }
    for (const to of ["paid", "pending", "failed"] as const) expect(paymentMoves("refunded", to)).toBe(false);
    expect(paymentMoves("processing", "pending")).toBe(false);
    expect(paymentMoves("processing", "paid")).toBe(true);
  });
});

describe("what a provider reports paid", () => {
  const payment = { amount: 2500, currency: "EUR" };

  it("settles the payment when it is its amount in its currency, whatever the currency's case", () => {
    expect(amountDiscrepancy(payment, { amount: 2500, currency: "EUR" })).toBeUndefined();
    expect(amountDiscrepancy(payment, { amount: 2500, currency: "eur" })).toBeUndefined();
  });

  it("says why when the amount or the currency differs, or the provider does not say", () => {
    expect(amountDiscrepancy(payment, { amount: 1000, currency: "eur" })).toBe(
      "the provider reports 1000 EUR paid, not 2500 EUR",
    );
    expect(amountDiscrepancy(payment, { amount: 3000, currency: "EUR" })).toMatch(/3000 EUR paid, not 2500 EUR/);
    expect(amountDiscrepancy(payment, { amount: 2500, currency: "usd" })).toMatch(/2500 USD paid, not 2500 EUR/);
    expect(amountDiscrepancy(payment, { currency: "EUR" })).toMatch(/does not say how much/);
    expect(amountDiscrepancy(payment, { amount: 2500 })).toMatch(/does not say how much/);
  });
});
