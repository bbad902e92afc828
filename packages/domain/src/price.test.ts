import { describe, expect, it } from "vitest";
import { currentTier, localDate, lowestPrice, nightsBetween, priceSignup } from "./price.ts";

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

  it("turns to the next day at the first millisecond of it, asked again and again within the minute", () => {
    // The last millisecond of 14 January in Rome (UTC+1), Kolkata (UTC+5:30) and Kathmandu (UTC+5:45).
    const lastOfDay = {
      "Europe/Rome": "2027-01-14T22:59:59.999Z",
      "Asia/Kolkata": "2027-01-14T18:29:59.999Z",
      "Asia/Kathmandu": "2027-01-14T18:14:59.999Z",
    };
    for (const [timeZone, iso] of Object.entries(lastOfDay)) {
      const last = new Date(iso);
      for (const instant of [new Date(last.getTime() - 59_999), last, new Date(last.getTime() - 1)])
        expect(localDate(instant, timeZone), `${timeZone} ${instant.toISOString()}`).toBe("2027-01-14");
      for (const instant of [new Date(last.getTime() + 1), new Date(last.getTime() + 60_000)])
        expect(localDate(instant, timeZone), `${timeZone} ${instant.toISOString()}`).toBe("2027-01-15");
      expect(localDate(last, timeZone)).toBe("2027-01-14");
    }
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

/** The refusal's code a call throws, or "allowed". */
const codeOf = (change: () => unknown) => {
  try {
    change();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return "allowed";
};
const NOW = new Date("2027-05-01T10:00:00Z");

describe("the price of a signup", () => {
  const tiers = [
    { until: "2027-03-31", amount: 4500 },
    { until: null, amount: 6000 },
  ];
  const price = (now: Date, stays: Parameters<typeof priceSignup>[0]["stays"] = []) =>
    priceSignup({ tiers, currency: "EUR", timeZone: "Europe/Rome", now, participantCount: 2, stays });

  it("uses the tier of the event's local day, switching at midnight there", () => {
    // 23:59 on 31 March in Rome (CEST, UTC+2) is 21:59 UTC; a minute later it is 1 April in Rome.
    expect(price(new Date("2027-03-31T21:59:00Z")).participants).toEqual({
      count: 2,
      unit: { amount: 4500, currency: "EUR" },
      amount: 9000,
    });
    expect(price(new Date("2027-03-31T22:00:00Z")).participants.amount).toBe(12000);
  });

  it("adds each stay's nights × rooms × price, and totals in minor units", () => {
    const breakdown = price(new Date("2027-03-01T10:00:00Z"), [
      {
        roomTypeId: "double",
        checkIn: "2027-05-01",
        checkOut: "2027-05-03",
        rooms: 1,
        pricePerNight: { amount: 8950, currency: "EUR" },
      },
    ]);
    expect(breakdown.stays).toEqual([
      { roomTypeId: "double", nights: 2, rooms: 1, unit: { amount: 8950, currency: "EUR" }, amount: 17900 },
    ]);
    expect(breakdown.total).toEqual({ amount: 9000 + 17900, currency: "EUR" });
  });

  it("counts nights across a clock change, and refuses mixed currencies and empty stays", () => {
    expect(nightsBetween("2027-03-27", "2027-03-29")).toBe(2);
    expect(() =>
      price(NOW, [
        {
          roomTypeId: "r",
          checkIn: "2027-05-01",
          checkOut: "2027-05-02",
          rooms: 1,
          pricePerNight: { amount: 1, currency: "CHF" },
        },
      ]),
    ).toThrow(/CHF/);
    expect(() =>
      price(NOW, [
        {
          roomTypeId: "r",
          checkIn: "2027-05-02",
          checkOut: "2027-05-02",
          rooms: 1,
          pricePerNight: { amount: 1, currency: "EUR" },
        },
      ]),
    ).toThrow(/night/);
  });

  it("refuses once the last tier has ended", () => {
    const ended = [{ until: "2027-03-31", amount: 4500 }];
    expect(
      codeOf(() =>
        priceSignup({
          tiers: ended,
          currency: "EUR",
          timeZone: "Europe/Rome",
          now: NOW,
          participantCount: 1,
          stays: [],
        }),
      ),
    ).toBe("closed");
  });
});
