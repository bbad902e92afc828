import type { PaymentMethod, PaymentState } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { canPayAgain, isOpen, nextPollDelay, POLL_INTERVAL_MS, POLL_LIMIT_MS, paymentOutcome } from "./outcome.ts";

const now = new Date("2027-05-01T10:00:00.000Z");
const awaiting = { state: "awaiting-payment", paymentDueAt: "2027-05-01T10:15:00.000Z" };
const payment = (state: PaymentState, provider: PaymentMethod = "demo", signup: typeof awaiting | null = awaiting) =>
  // The outcome reads only these of a payment and its signup.
  ({ state, provider, signup }) as unknown as Parameters<typeof paymentOutcome>[0];

describe("what the result page says of a payment", () => {
  it("follows the server's state of the payment", () => {
    expect(paymentOutcome(payment("paid"), now)).toEqual({ kind: "paid" });
    expect(paymentOutcome(payment("refunded"), now)).toEqual({ kind: "refunded" });
  });

  it("waits for a card payment the provider has not settled, and shows a transfer's instructions", () => {
    for (const state of ["created", "pending", "processing"] as const) {
      expect(paymentOutcome(payment(state, "stripe"), now)).toEqual({ kind: "confirming" });
      expect(paymentOutcome(payment(state, "demo"), now)).toEqual({ kind: "confirming" });
      expect(paymentOutcome(payment(state, "bank-transfer"), now)).toEqual({ kind: "bank-transfer" });
    }
  });

  it("offers to try again only while the signup waits for payment and its places are held", () => {
    for (const reason of ["failed", "cancelled", "expired"] as const) {
      expect(paymentOutcome(payment(reason), now)).toEqual({ kind: "not-completed", reason, retry: true });
    }
    const lapsed = { ...awaiting, paymentDueAt: "2027-05-01T09:59:59.000Z" };
    expect(paymentOutcome(payment("failed", "demo", lapsed), now)).toMatchObject({ retry: false });
    expect(paymentOutcome(payment("failed", "demo", { ...awaiting, state: "expired" }), now)).toMatchObject({
      retry: false,
    });
    expect(paymentOutcome(payment("cancelled", "demo", null), now)).toMatchObject({ retry: false });
  });

  it("knows a signup without a due date may still be paid", () => {
    expect(canPayAgain({ state: "awaiting-payment", paymentDueAt: null }, now)).toBe(true);
    expect(canPayAgain({ state: "confirmed", paymentDueAt: null }, now)).toBe(false);
  });

  it("tells open payments from ended ones", () => {
    expect(["created", "pending", "processing"].every((state) => isOpen(state as PaymentState))).toBe(true);
    expect(isOpen("paid")).toBe(false);
    expect(isOpen("failed")).toBe(false);
  });
});

describe("asking again while a payment is confirmed", () => {
  it("asks every 1.5 s for about 20 s, then stops", () => {
    expect(nextPollDelay(0)).toBe(POLL_INTERVAL_MS);
    expect(nextPollDelay(POLL_LIMIT_MS - POLL_INTERVAL_MS)).toBe(POLL_INTERVAL_MS);
    expect(nextPollDelay(POLL_LIMIT_MS - POLL_INTERVAL_MS + 1)).toBeNull();
    let elapsed = 0;
    let asked = 0;
    for (let delay = nextPollDelay(elapsed); delay !== null; delay = nextPollDelay(elapsed)) {
      elapsed += delay;
      asked += 1;
    }
    expect(asked).toBe(13);
    expect(elapsed).toBeLessThanOrEqual(POLL_LIMIT_MS);
  });
});
