import { PAYMENT_METHODS } from "@sports/jsonapi";
import { describe, expect, it } from "vitest";
import { methodHint, methodName } from "../signup/labels.ts";
import { paymentRefusalMessage, paymentStateName } from "./labels.ts";

describe("the payment's words", () => {
  it("name each method and say what choosing it means", () => {
    expect(PAYMENT_METHODS.map((method) => methodName(method))).toEqual([
      "Card",
      "Card — demonstration",
      "Bank transfer",
    ]);
    expect(methodHint("stripe", 5)).toMatch(/Stripe's secure page/);
    expect(methodHint("demo", 5)).toMatch(/No money moves/);
    expect(methodHint("bank-transfer", 5)).toBe("Pay within 5 days; the places stay yours until then.");
    expect(methodName(null)).toBe("");
  });

  it("say why a payment could not start, and what state one is in", () => {
    expect(paymentRefusalMessage("already-paid")).toBe("This signup has already been paid.");
    expect(paymentRefusalMessage("wrong-state")).toMatch(/no longer waiting for payment/);
    expect(paymentRefusalMessage("unavailable")).toMatch(/could not be started/);
    expect(paymentRefusalMessage("method-not-offered")).toMatch(/not available/);
    expect(paymentStateName("created")).toBe(paymentStateName("pending"));
  });
});
