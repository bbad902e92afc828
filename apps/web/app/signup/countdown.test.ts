import { describe, expect, it } from "vitest";
import { formatCountdown, isoDuration, secondsLeft } from "./countdown.ts";

describe("the hold's countdown", () => {
  const expiresAt = "2027-06-12T10:15:00.000Z";
  const at = (iso: string) => Date.parse(iso);

  it("counts whole seconds up to the deadline, and never below zero", () => {
    expect(secondsLeft(expiresAt, at("2027-06-12T10:00:00.000Z"))).toBe(900);
    expect(secondsLeft(expiresAt, at("2027-06-12T10:14:59.500Z"))).toBe(1);
    expect(secondsLeft(expiresAt, at("2027-06-12T10:15:00.000Z"))).toBe(0);
    expect(secondsLeft(expiresAt, at("2027-06-12T11:00:00.000Z"))).toBe(0);
    expect(secondsLeft("not a date", 0)).toBe(0);
  });

  it("reads as minutes and seconds, with hours only when there are some", () => {
    expect(formatCountdown(900)).toBe("15:00");
    expect(formatCountdown(59)).toBe("0:59");
    expect(formatCountdown(3723)).toBe("1:02:03");
    expect(formatCountdown(-4)).toBe("0:00");
    expect(isoDuration(899)).toBe("PT14M59S");
  });
});
