import { describe, expect, it } from "vitest";
import { rememberBillingWords, rememberedBillingWords } from "./billing-words.ts";

describe("the billing words a step's server answer leaves", () => {
  it("are kept from an answer that carries them all, and given back in their language only", () => {
    const countries = [{ code: "IT", name: "Italia" }];
    rememberBillingWords({ signupId: "s1", locale: "it-IT", accountName: "Anna Rossi", countries });
    rememberBillingWords({ signupId: "s1", step: "stays" });
    rememberBillingWords({ locale: "de-DE", accountName: "Anna Rossi" });
    expect(rememberedBillingWords("it-IT")).toEqual({ locale: "it-IT", accountName: "Anna Rossi", countries });
    expect(rememberedBillingWords("en-US")).toBeUndefined();
  });
});
