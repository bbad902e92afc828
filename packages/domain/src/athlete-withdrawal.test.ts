import { describe, expect, it } from "vitest";
import { athletePrice } from "./athlete-withdrawal.ts";
import type { GrossItem } from "./billing-compose.ts";

const at = (vatRate: number, natura: string | null) => ({ vatRate, natura }) as GrossItem["treatment"];
const entries: GrossItem = { description: "Iscrizione", quantity: 4, gross: 12_000, treatment: at(0, "N2.2") };
const room: GrossItem = { description: "Camera", quantity: 1, gross: 6000, treatment: at(1000, null) };
const duty: GrossItem = { description: "Bollo", quantity: 1, gross: 200, treatment: at(0, "N1"), stampDuty: true };

describe("an athlete's price in a club's payment", () => {
  it("is the entry fee line per athlete, less their part of a discount, never more than is held", () => {
    expect(athletePrice({ amount: 12_200, refundDue: 0, billed: [entries, duty], participants: 4 })).toBe(3000);
    // 10% off the 180 € bought: 3 € off each entry.
    const discount: GrossItem = { description: "Sconto", quantity: 1, gross: -1800, treatment: at(0, "N2.2") };
    const billed = [entries, room, discount, duty];
    expect(athletePrice({ amount: 16_400, refundDue: 0, billed, participants: 4 })).toBe(2700);
    expect(athletePrice({ amount: 16_400, refundDue: 15_000, billed, participants: 4 })).toBe(1400);
  });

  it("without frozen lines, shares what the payment still holds among the athletes left", () => {
    expect(athletePrice({ amount: 9000, refundDue: 3000, billed: null, participants: 2 })).toBe(3000);
  });
});
