import { describe, expect, it } from "vitest";
import { at, dayFrom, daysToWeekday } from "./dates.ts";

const ROME = "Europe/Rome";

describe("at", () => {
  it("reads the wall clock in the event's time zone, winter and summer", () => {
    const now = new Date("2025-01-15T12:00:00Z");
    expect(at(now, 0, "09:30", ROME).toISOString()).toBe("2025-01-15T08:30:00.000Z");
    expect(at(now, 150, "09:30", ROME).toISOString()).toBe("2025-06-14T07:30:00.000Z");
    expect(at(now, -15, "23:59", ROME).toISOString()).toBe("2024-12-31T22:59:00.000Z");
  });

  it("counts days from now's local date, not its UTC date", () => {
    // 23:30 UTC on 30 June is already 1 July in Rome.
    const now = new Date("2025-06-30T23:30:00Z");
    expect(at(now, 0, "10:00", ROME).toISOString()).toBe("2025-07-01T08:00:00.000Z");
    expect(dayFrom(now, 0, ROME)).toBe("2025-07-01");
    expect(dayFrom(now, 0, "UTC")).toBe("2025-06-30");
  });

  it("is DST-safe across the spring and autumn changes", () => {
    const beforeSpring = new Date("2025-03-29T12:00:00Z");
    expect(at(beforeSpring, 0, "09:30", ROME).toISOString()).toBe("2025-03-29T08:30:00.000Z");
    expect(at(beforeSpring, 1, "09:30", ROME).toISOString()).toBe("2025-03-30T07:30:00.000Z");
    // 02:30 does not exist on 30 March 2025 in Rome; it resolves to 03:30 summer time.
    expect(at(beforeSpring, 1, "02:30", ROME).toISOString()).toBe("2025-03-30T01:30:00.000Z");
    const beforeAutumn = new Date("2025-10-25T12:00:00Z");
    expect(at(beforeAutumn, 1, "09:30", ROME).toISOString()).toBe("2025-10-26T08:30:00.000Z");
    const newYork = new Date("2025-03-08T17:00:00Z");
    expect(at(newYork, 1, "12:00", "America/New_York").toISOString()).toBe("2025-03-09T16:00:00.000Z");
  });

  it("rejects a malformed time", () => {
    expect(() => at(new Date(), 0, "9:30", ROME)).toThrow();
  });
});

describe("dayFrom and daysToWeekday", () => {
  it("crosses month and year ends", () => {
    const now = new Date("2024-12-30T10:00:00Z");
    expect(dayFrom(now, 3, ROME)).toBe("2025-01-02");
    expect(dayFrom(now, -30, ROME)).toBe("2024-11-30");
    expect(dayFrom(new Date("2024-02-27T10:00:00Z"), 2, ROME)).toBe("2024-02-29");
  });

  it("finds the first given weekday at least n days away", () => {
    const wednesday = new Date("2025-06-11T10:00:00Z");
    expect(daysToWeekday(wednesday, 0, 6, ROME)).toBe(3);
    expect(daysToWeekday(wednesday, 3, 6, ROME)).toBe(3);
    expect(daysToWeekday(wednesday, 4, 6, ROME)).toBe(10);
    expect(daysToWeekday(wednesday, -30, 0, ROME)).toBe(-24);
  });
});
