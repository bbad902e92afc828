import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  normalizeRecipientCode,
  normalizeTaxCode,
  normalizeVatNumber,
  pecProblem,
  postalCodeProblem,
  provinceProblem,
  recipientCodeProblem,
  splitVatNumber,
  taxCodeProblem,
  vatNumberProblem,
} from "./fiscal-codes.ts";

describe("VAT numbers", () => {
  it.each([
    ["IT", "00159560366", null],
    ["IT", "00905811006", null],
    ["IT", "06363391001", null],
    ["IT", "IT00159560366", null],
    ["IT", "it 001 595 60366", null],
    ["IT", "001.595.603-66", null],
    ["IT", "00159560367", "vat-number-check-digit"],
    ["IT", "00159560360", "vat-number-check-digit"],
    ["IT", "12345678901", "vat-number-check-digit"],
    ["IT", "0015956036", "vat-number-shape"],
    ["IT", "001595603666", "vat-number-shape"],
    ["IT", "0015956036A", "vat-number-shape"],
    ["IT", "", "vat-number-shape"],
    ["DE", "123456789", null],
    ["de", "DE 123 456 789", null],
    ["NL", "NL123456789B01", null],
    ["FR", "AB123456789", null],
    ["DE", "1", "vat-number-shape"],
    ["DE", "12345678901234", "vat-number-shape"],
    ["DE", "1234/5678", "vat-number-shape"],
    ["D", "123456789", "vat-number-shape"],
    ["D1", "123456789", "vat-number-shape"],
  ] as const)("%s %j: %s", (country, code, problem) => {
    expect(vatNumberProblem(country, code)).toBe(problem);
  });

  it("changing any one digit of a valid number makes it invalid", () => {
    const digit = fc.integer({ min: 0, max: 9 });
    fc.assert(
      fc.property(fc.array(digit, { minLength: 10, maxLength: 10 }), digit, fc.nat(10), (first10, other, place) => {
        const valid = [...Array(10).keys()]
          .map((check) => [...first10, check].join(""))
          .filter((number) => vatNumberProblem("IT", number) === null);
        expect(valid).toHaveLength(1);
        const number = valid[0] as string;
        fc.pre(Number(number[place]) !== other);
        const changed = number.slice(0, place) + String(other) + number.slice(place + 1);
        expect(vatNumberProblem("IT", changed)).toBe("vat-number-check-digit");
      }),
    );
  });

  it.each([
    ["IT 00159560366", "IT", "00159560366"],
    ["it00159560366", "IT", "00159560366"],
    ["de-123.456.789", "DE", "123456789"],
    ["DE123456789", "IT", "DE123456789"],
    ["00159560366", "IT", "00159560366"],
  ])("normalizes %j for %s as %j", (input, country, stored) => {
    expect(normalizeVatNumber(input, country)).toBe(stored);
  });

  it.each([
    ["IT00159560366", "IT", { country: "IT", code: "00159560366" }],
    ["de 123456789", "IT", { country: "DE", code: "123456789" }],
    ["00159560366", "IT", { country: "IT", code: "00159560366" }],
    ["123456789", "de", { country: "DE", code: "123456789" }],
  ])("splits %j (buyer in %s) into its country and number", (input, country, split) => {
    expect(splitVatNumber(input, country)).toEqual(split);
  });
});

describe("tax codes", () => {
  it.each([
    ["RSSMRA85T10A562S", null],
    ["MRTMTT25D09F205Z", null],
    ["BNCGLI90A41H501E", null],
    ["rssmra85t10a562s", null],
    [" RSSMRA 85T10 A562S ", null],
    // Omocodic: the place's last digit, then its last two, then all seven digits replaced by letters.
    ["RSSMRA85T10A56NH", null],
    ["RSSMRA85T10A5SNT", null],
    ["RSSMRAURTMLARSNL", null],
    // An 11-digit code of a company or an association.
    ["00484960588", null],
    ["80213330584", null],
    ["97532760580", null],
    ["RSSMRA85T10A562T", "tax-code-check-character"],
    ["RSSMRA85T10A56NS", "tax-code-check-character"],
    ["RSSMRB85T10A562S", "tax-code-check-character"],
    ["00484960587", "tax-code-check-digit"],
    ["97532760581", "tax-code-check-digit"],
    ["RSSMRA85T10A562", "tax-code-shape"],
    ["RSSMRA85T10A562SX", "tax-code-shape"],
    ["RSSMRA85F10A562S", "tax-code-shape"],
    ["RSSMRA85T10A56AS", "tax-code-shape"],
    ["RSSMR485T10A562S", "tax-code-shape"],
    ["RSSMRA85T10A562S1", "tax-code-shape"],
    ["0048496058", "tax-code-shape"],
    ["", "tax-code-shape"],
  ] as const)("%j: %s", (code, problem) => {
    expect(taxCodeProblem(code)).toBe(problem);
  });

  it("stores a code in upper case without spaces", () => {
    expect(normalizeTaxCode(" rssmra 85t10 a562s ")).toBe("RSSMRA85T10A562S");
  });
});

describe("addresses", () => {
  it.each([
    ["IT", "20121", null],
    ["it", " 00184 ", null],
    ["IT", "2012", "postal-code-shape"],
    ["IT", "201210", "postal-code-shape"],
    ["IT", "2012A", "postal-code-shape"],
    ["DE", "10115", null],
    ["GB", "sw1a 1aa", null],
    ["PT", "1000-001", null],
    ["NL", "1012 JS", null],
    ["DE", "1", "postal-code-shape"],
    ["DE", "12345678901", "postal-code-shape"],
    ["DE", "10/115", "postal-code-shape"],
    ["DE", "-1011", "postal-code-shape"],
  ] as const)("postal code in %s %j: %s", (country, postalCode, problem) => {
    expect(postalCodeProblem(country, postalCode)).toBe(problem);
  });

  it.each([
    ["IT", "MI", null],
    ["IT", "rm", null],
    ["IT", null, "province-shape"],
    ["IT", "", "province-shape"],
    ["IT", "MIL", "province-shape"],
    ["IT", "M1", "province-shape"],
    ["DE", null, null],
    ["DE", "Bayern", null],
  ] as const)("province in %s %j: %s", (country, province, problem) => {
    expect(provinceProblem(country, province)).toBe(problem);
  });
});

describe("recipient codes", () => {
  it.each([
    ["ABC1234", "IT", null],
    ["abc 1234", "IT", null],
    ["0000000", "IT", null],
    ["XXXXXXX", "DE", null],
    ["xxxxxxx", "FR", null],
    ["2R4GTO8", "SM", null],
    ["XXXXXXX", "SM", null],
    ["ABC1234", null, null],
    ["XXXXXXX", null, null],
    ["XXXXXXX", "IT", "recipient-code-foreign-only"],
    ["ABC1234", "DE", "recipient-code-foreign"],
    ["0000000", "DE", "recipient-code-foreign"],
    ["2R4GTO8", "DE", "recipient-code-foreign"],
    ["ABC123", "IT", "recipient-code-shape"],
    ["ABC12345", "IT", "recipient-code-shape"],
    ["ABC-123", "IT", "recipient-code-shape"],
    ["", "IT", "recipient-code-shape"],
  ] as const)("%j for a buyer in %s: %s", (code, country, problem) => {
    expect(recipientCodeProblem(code, { country })).toBe(problem);
  });

  it("stores a code in upper case without spaces", () => {
    expect(normalizeRecipientCode(" abc 1234 ")).toBe("ABC1234");
  });
});

describe("PEC addresses", () => {
  it.each([
    ["amministrazione@pec.atleticaroma.it", null],
    [" Club.Runners+fatture@legalmail.it ", null],
    ["amministrazione@pec", "pec-shape"],
    ["amministrazione.pec.it", "pec-shape"],
    ["ammin istrazione@pec.it", "pec-shape"],
    ["a@b@pec.it", "pec-shape"],
    ["@pec.it", "pec-shape"],
    ["amministrazione@pec.i", "pec-shape"],
    [`${"a".repeat(250)}@pec.it`, "pec-shape"],
    ["", "pec-shape"],
  ] as const)("%j: %s", (pec, problem) => {
    expect(pecProblem(pec)).toBe(problem);
  });
});
