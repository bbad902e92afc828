import { describe, expect, it } from "vitest";
import {
  aheadOf,
  arrivalKind,
  passExpiresAt,
  queueStateOf,
  refreshAfterSeconds,
  shuffledAdmission,
} from "./waiting-room.ts";

const OPENING = new Date("2027-05-01T10:00:00Z");
const at = (seconds: number) => new Date(OPENING.getTime() + seconds * 1000);
const RULES = { shuffleMinutes: 15, admitPerMinute: 120 };

describe("the waiting room's arithmetic", () => {
  it("shuffles arrivals in the minutes before the opening and queues the later ones", () => {
    expect(arrivalKind(at(-15 * 60 - 1), OPENING, RULES)).toBe("too-early");
    expect(arrivalKind(at(-15 * 60), OPENING, RULES)).toBe("shuffled");
    expect(arrivalKind(at(-1), OPENING, RULES)).toBe("shuffled");
    expect(arrivalKind(OPENING, OPENING, RULES)).toBe("in-order");
  });

  it("admits the drawn places at the pace from the opening", () => {
    expect(shuffledAdmission(OPENING, 1, RULES)).toEqual(OPENING);
    expect(shuffledAdmission(OPENING, 121, RULES)).toEqual(at(60));
  });

  it("reads an entry's state off the clock", () => {
    const entry = { place: 3, admitAt: at(10), passUsedAt: null };
    expect(queueStateOf(entry, at(9), 5)).toBe("waiting");
    expect(queueStateOf(entry, at(10), 5)).toBe("admitted");
    expect(queueStateOf(entry, passExpiresAt(at(10)), 5)).toBe("expired");
    expect(queueStateOf(entry, at(11), 0)).toBe("sold-out");
    expect(queueStateOf({ ...entry, passUsedAt: at(11) }, at(12), 0)).toBe("used");
  });

  it("asks pages to come back sooner as the admission nears", () => {
    expect(refreshAfterSeconds(at(3600), OPENING, OPENING)).toBe(30);
    expect(refreshAfterSeconds(at(100), OPENING, OPENING)).toBe(10);
    expect(refreshAfterSeconds(at(5), OPENING, OPENING)).toBe(2);
  });

  it("asks pages waiting for the draw to come back at the opening", () => {
    expect(refreshAfterSeconds(null, at(-600), OPENING)).toBe(30);
    expect(refreshAfterSeconds(null, at(-12.5), OPENING)).toBe(13);
    expect(refreshAfterSeconds(null, at(-0.2), OPENING)).toBe(1);
    expect(refreshAfterSeconds(null, at(3), OPENING)).toBe(1);
  });

  it("counts the people still before an entry off the clock, at the pace", () => {
    // 120 a minute: one every half second.
    expect(aheadOf(at(10), at(10), RULES)).toBe(0);
    expect(aheadOf(at(10), at(9.6), RULES)).toBe(0);
    expect(aheadOf(at(10), at(9.5), RULES)).toBe(0);
    expect(aheadOf(at(10), at(9.4), RULES)).toBe(1);
    expect(aheadOf(at(10), at(5), RULES)).toBe(9);
    expect(aheadOf(at(10), at(11), RULES)).toBe(0);
  });
});
