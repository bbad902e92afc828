import { describe, expect, it } from "vitest";
import { formatGap, formatPace, formatRaceTime } from "./race-time.ts";

describe("race times on the results pages", () => {
  it("writes hours only past the hour, and tenths only when there are any, in the page's language", () => {
    expect(formatRaceTime(3723.4, "it-IT")).toBe("1:02:03,4");
    expect(formatRaceTime(3723.4, "en-US")).toBe("1:02:03.4");
    expect(formatRaceTime(3723, "de-DE")).toBe("1:02:03");
    expect(formatRaceTime(2400.04, "fr-FR")).toBe("40:00");
    expect(formatRaceTime(59.96, "es-ES")).toBe("1:00");
    expect(formatRaceTime(36_000, "en-US")).toBe("10:00:00");
  });

  it("gives the gap with a plus, the winner's as a dash, and the pace per kilometre", () => {
    expect(formatGap(122.5, "it-IT")).toBe("+2:02,5");
    expect(formatGap(0, "it-IT")).toBe("–");
    // A half marathon in 1:35:00: 4:30 a kilometre.
    expect(formatPace(5700, 21_097.5, "en-US")).toBe("4:30");
  });
});
