import { describe, expect, it } from "vitest";
import { parseRaceTime, parseResultStatus } from "./race-time.ts";

describe("a race time as timing files write it", () => {
  it.each([
    ["1:02:03", 3723],
    ["01:02:03", 3723],
    ["02:03", 123],
    ["1:02:03.4", 3723.4],
    ["1:02:03,4", 3723.4],
    ["1:02:03.45", 3723.45],
    ["3723", 3723],
    ["3723,4", 3723.4],
    [" 0:59:59 ", 3599],
    ["12:00:05.2", 43205.2],
  ])("reads %s as %s seconds", (text, seconds) => {
    expect(parseRaceTime(text)).toBeCloseTo(seconds, 6);
  });

  it.each(["", "abc", "1:2:3", "1:60:00", "1:02:60", "-5", "1;02;03", "1:02:03:04"])("refuses %j", (text) => {
    expect(parseRaceTime(text)).toBeNull();
  });
});

describe("a finisher's state as the files say it", () => {
  it.each([
    ["DNF", "dnf"],
    ["Ritirato", "dnf"],
    ["ritirata", "dnf"],
    ["Did not finish", "dnf"],
    ["DNS", "dns"],
    ["Non partito", "dns"],
    ["DSQ", "dsq"],
    ["Squalificato", "dsq"],
    ["dq.", "dsq"],
    ["OK", "finished"],
  ])("reads %s as %s", (text, status) => {
    expect(parseResultStatus(text)).toBe(status);
  });

  it("names no state for a word it does not know", () => {
    expect(parseResultStatus("maybe")).toBeNull();
  });
});
