import { describe, expect, it } from "vitest";
import { demoPaymentPath, isPaymentId, paymentIdOf, paymentResultPath } from "./paths.ts";

const id = "0b9c2a8e-6f1d-4c3b-9a7e-2d5f8c1b4e6a";

describe("the payment screens' URLs", () => {
  it("are the ones the API sends providers back to", () => {
    expect(paymentResultPath(id)).toBe(`/paymentResult?payment=${id}`);
    expect(demoPaymentPath(id)).toBe(`/demoPayment/${id}`);
  });

  it("read the payment a result URL names, and nothing that could not be one", () => {
    const url = (search: string) => new URL(`http://site.test/it-IT/paymentResult${search}`);
    expect(paymentIdOf(url(`?payment=${id}`))).toBe(id);
    expect(paymentIdOf(url(""))).toBeNull();
    expect(paymentIdOf(url("?payment="))).toBeNull();
    expect(paymentIdOf(url("?payment=../users/me"))).toBeNull();
    expect(paymentIdOf(url(`?payment=${id}&payment=${id}`))).toBeNull();
    expect(paymentIdOf(url(`?payment=${"a".repeat(65)}`))).toBeNull();
    expect(isPaymentId(id)).toBe(true);
    expect(isPaymentId("a b")).toBe(false);
    expect(isPaymentId(undefined)).toBe(false);
  });
});
