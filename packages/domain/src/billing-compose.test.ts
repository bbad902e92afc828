import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BillingRules,
  composeLines,
  correctionItems,
  type GrossItem,
  grossItem,
  shareOut,
  stampDutyItem,
  stampDutyOf,
  withDiscount,
} from "./billing-compose.ts";

const rules: BillingRules = {
  treatments: {
    entryFee: { vatRate: 0, natura: "N2.2" },
    lodging: { vatRate: 1000, natura: null },
    transferFee: { vatRate: 2200, natura: null },
  },
  stampDuty: { applies: true, chargedToBuyer: true },
};

const entry = (gross: number, quantity = 1) => grossItem(rules, "entryFee", { description: "Entry", quantity, gross });
const lodging = (gross: number) => grossItem(rules, "lodging", { description: "Room", quantity: 1, gross });

describe("shareOut", () => {
  it("shares in proportion, adding up exactly", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(500, [3000, 1000])).toEqual([375, 125]);
    expect(shareOut(7, [0, 0])).toEqual([7, 0]);
  });
  it("always adds up to the amount", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.nat(100_000), { minLength: 1, maxLength: 6 }), (amount, weights) => {
        const shares = shareOut(amount, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      }),
    );
  });
});

describe("stampDutyOf", () => {
  it("counts only the amounts without VAT, above 77.47 €", () => {
    expect(stampDutyOf([entry(7747)], true)).toBe(0);
    expect(stampDutyOf([entry(7748)], true)).toBe(200);
    // A mixed document: 60 € without VAT and 100 € with it stay under the threshold.
    expect(stampDutyOf([entry(6000), lodging(10_000)], true)).toBe(0);
    expect(stampDutyOf([entry(4000, 2), entry(4000), lodging(10_000)], true)).toBe(200);
    expect(stampDutyOf([entry(9000)], false)).toBe(0);
    // The duty charged to the buyer does not count towards its own threshold.
    expect(stampDutyOf([entry(7000), ...stampDutyItem(800, "Stamp")], true)).toBe(0);
  });
});

describe("composeLines", () => {
  it("states each rate's net and VAT adding up to what was paid", () => {
    const items = [entry(9000, 2), lodging(12_000), ...stampDutyItem(200, "Stamp duty")];
    const document = composeLines(items);
    expect(document.total).toBe(21_200);
    expect(document.summary).toEqual([
      { vatRate: 0, natura: "N2.2", taxable: 9000, vat: 0 },
      { vatRate: 1000, natura: null, taxable: 10_909, vat: 1091 },
      { vatRate: 0, natura: "N1", taxable: 200, vat: 0 },
    ]);
    expect(document.lines[0]).toMatchObject({ quantity: 2, unitPrice: 4500, total: 9000, natura: "N2.2" });
    expect(document.lines[1]).toMatchObject({ quantity: 1, unitPrice: 10_909, vatRate: 1000, natura: null });
  });

  it("states a line whose net does not divide by its quantity as one unit", () => {
    const line = composeLines([grossItem(rules, "transferFee", { description: "Fee", quantity: 3, gross: 1000 })])
      .lines[0];
    expect(line).toMatchObject({ description: "Fee (3 ×)", quantity: 1, unitPrice: 820, total: 820 });
  });

  it("keeps totals exact for any prices, the VAT within a cent of the rate's", () => {
    const item = fc.record({
      kind: fc.constantFrom("entryFee", "lodging", "transferFee") as fc.Arbitrary<
        "entryFee" | "lodging" | "transferFee"
      >,
      gross: fc.integer({ min: 1, max: 200_000 }),
      quantity: fc.integer({ min: 1, max: 5 }),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), fc.nat(5000), (drawn, off) => {
        const items: GrossItem[] = drawn.map((d) =>
          grossItem(rules, d.kind, { description: d.kind, quantity: d.quantity, gross: d.gross }),
        );
        const paid = items.reduce((sum, i) => sum + i.gross, 0);
        const discount = Math.min(off, paid);
        const document = composeLines(withDiscount(items, { amount: discount, description: "Discount" }));
        expect(document.total).toBe(paid - discount);
        for (const rate of document.summary) {
          const lines = document.lines.filter((l) => l.vatRate === rate.vatRate && l.natura === rate.natura);
          expect(lines.reduce((sum, l) => sum + l.total, 0)).toBe(rate.taxable);
          expect(Math.abs(rate.vat - (rate.taxable * rate.vatRate) / 10_000)).toBeLessThanOrEqual(1);
        }
        for (const line of document.lines) expect(line.unitPrice * line.quantity).toBe(line.total);
      }),
    );
  });
});

describe("withDiscount", () => {
  it("takes the discount off each treatment in proportion", () => {
    const items = withDiscount([entry(3000), lodging(1000)], { amount: 400, description: "Code" });
    expect(items.slice(2).map((i) => [i.gross, i.treatment.vatRate])).toEqual([
      [-300, 0],
      [-100, 1000],
    ]);
  });
});

describe("correctionItems", () => {
  it("gives back a part over the document's treatments in proportion", () => {
    const original = composeLines([entry(9000), lodging(3000), ...stampDutyItem(200, "Stamp")]);
    const items = correctionItems(original.summary, 6100, "Refund");
    expect(items.map((i) => [i.gross, i.treatment.natura ?? i.treatment.vatRate])).toEqual([
      [4500, "N2.2"],
      [1500, 1000],
      [100, "N1"],
    ]);
    expect(items[2]?.stampDuty).toBe(true);
    expect(composeLines(items).total).toBe(6100);
  });
});
