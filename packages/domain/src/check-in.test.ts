import { describe, expect, it } from "vitest";
import { checkCheckInOpen } from "./check-in.ts";

// A race in Rome on 10 June 2027 from 09:00 to 13:00 (07:00 to 11:00 UTC).
const race = {
  startsAt: new Date("2027-06-10T07:00:00Z"),
  endsAt: new Date("2027-06-10T11:00:00Z"),
  timeZone: "Europe/Rome",
};
const outcome = (now: string, opensDaysBefore = 1, rules: Partial<typeof race> = {}) => {
  try {
    checkCheckInOpen({ ...race, ...rules, opensDaysBefore, now: new Date(now) });
    return "open";
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe("the check-in window", () => {
  it("opens at the start of the day the event's days before the race's day, both in its time zone", () => {
    // The 9th starts at 22:00 UTC on the 8th in Rome.
    expect(outcome("2027-06-08T21:59:59.999Z")).toBe("check-in-not-open");
    expect(outcome("2027-06-08T22:00:00Z")).toBe("open");
    expect(outcome("2027-06-09T21:59:59.999Z", 0)).toBe("check-in-not-open");
    expect(outcome("2027-06-09T22:00:00Z", 0)).toBe("open");
    // Days, not 24 hours: two days before a race on 29 March (summer time since the 28th) is the 27th, at 23:00 UTC on the 26th.
    const spring = { startsAt: new Date("2027-03-29T07:00:00Z"), endsAt: new Date("2027-03-29T11:00:00Z") };
    expect(outcome("2027-03-26T22:30:00Z", 2, spring)).toBe("check-in-not-open");
    expect(outcome("2027-03-26T23:00:00Z", 2, spring)).toBe("open");
  });

  it("closes when the race ends, and says when it opens and closes", () => {
    expect(outcome("2027-06-10T10:59:59.999Z")).toBe("open");
    expect(outcome("2027-06-10T11:00:00Z")).toBe("check-in-not-open");
    expect(() =>
      checkCheckInOpen({ ...race, opensDaysBefore: 3, now: new Date("2027-06-01T00:00:00Z") }, { participantId: "p1" }),
    ).toThrow(
      expect.objectContaining({
        code: "check-in-not-open",
        meta: { opensOn: "2027-06-07", closesAt: "2027-06-10T11:00:00.000Z", participantId: "p1" },
      }),
    );
  });
});
