import { describe, expect, it } from "vitest";
import { currentTier, localDate, lowestPrice } from "./price.ts";

const tiers = [
  { until: null, amount: 4000 },
  { until: "2027-03-31", amount: 3500 },
  { until: "2027-01-31", amount: 3000 },
];

describe("currentTier", () => {
  it("applies a tier up to the end of its last day in the event's time zone", () => {
    // 23:30 in Rome on 31 January is still 31 January there (22:30 UTC).
    expect(currentTier(tiers, new Date("2027-01-31T22:30:00Z"), "Europe/Rome")?.amount).toBe(3000);
    // 00:00 in Rome on 1 February is 23:00 UTC on 31 January: the next tier already applies.
    expect(currentTier(tiers, new Date("2027-01-31T23:00:00Z"), "Europe/Rome")?.amount).toBe(3500);
    // The same instant is still 31 January in New York.
    expect(currentTier(tiers, new Date("2027-01-31T23:00:00Z"), "America/New_York")?.amount).toBe(3000);
  });
  it("ends in the open tier, and finds none when every tier has ended", () => {
    expect(currentTier(tiers, new Date("2027-09-01T10:00:00Z"), "Europe/Rome")?.amount).toBe(4000);
    expect(
      currentTier([{ until: "2027-01-31", amount: 3000 }], new Date("2027-02-01T10:00:00Z"), "Europe/Rome"),
    ).toBeNull();
  });
});

describe("localDate", () => {
  it("reads the calendar day in the time zone across a DST change", () => {
    expect(localDate(new Date("2027-03-28T00:30:00Z"), "Europe/Rome")).toBe("2027-03-28");
    expect(localDate(new Date("2027-03-27T23:30:00Z"), "Europe/Rome")).toBe("2027-03-28");
    expect(localDate(new Date("2027-03-27T22:59:00Z"), "Europe/Rome")).toBe("2027-03-27");
  });
});

describe("lowestPrice", () => {
  it("takes the lowest price and skips missing ones", () => {
    expect(lowestPrice([null, { amount: 3000, currency: "EUR" }, { amount: 2500, currency: "EUR" }])).toEqual({
      amount: 2500,
      currency: "EUR",
    });
    expect(lowestPrice([null])).toBeNull();
  });
});
