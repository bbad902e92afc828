import { describe, expect, it } from "vitest";
import { arrivalKind, passExpiresAt, queueStateOf, refreshAfterSeconds, shuffledAdmission } from "./waiting-room.ts";

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
    expect(refreshAfterSeconds(null, OPENING)).toBe(30);
    expect(refreshAfterSeconds(at(3600), OPENING)).toBe(30);
    expect(refreshAfterSeconds(at(100), OPENING)).toBe(10);
    expect(refreshAfterSeconds(at(5), OPENING)).toBe(2);
  });
});
