import { describe, expect, it } from "vitest";
import { formatRaceTime } from "./race-times.ts";

describe("a race time as written", () => {
  it("writes hours only when there are any, and tenths only when there are any, with the language's mark", () => {
    expect(formatRaceTime(3723)).toBe("1:02:03");
    expect(formatRaceTime(3723.4)).toBe("1:02:03.4");
    expect(formatRaceTime(3723.44, ",")).toBe("1:02:03,4");
    expect(formatRaceTime(123)).toBe("2:03");
    expect(formatRaceTime(36_000)).toBe("10:00:00");
  });
});
