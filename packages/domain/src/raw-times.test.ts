import { describe, expect, it } from "vitest";
import { type BibHolder, computeResults, type RaceRules, type RawTime } from "./raw-times.ts";

const RULES: RaceRules = {
  raceDate: "2027-05-03",
  rankBy: "gunTime",
  categoryRules: { kind: "fidal" },
  gunClock: null,
};

let id = 0;
const time = (bib: number, kind: RawTime["kind"], value: number | string, more: Partial<RawTime> = {}): RawTime => ({
  id: ++id,
  bib,
  point: "finish",
  kind,
  seconds: typeof value === "number" ? value : null,
  status: typeof value === "string" ? (value as RawTime["status"]) : null,
  source: "file",
  givenName: null,
  familyName: null,
  club: null,
  ...more,
});

const holder = (gender: string, birthDate: string): BibHolder => ({
  participantId: `p-${gender}-${birthDate}`,
  givenName: "A",
  familyName: "B",
  club: null,
  gender,
  birthDate,
});

describe("results from raw times", () => {
  it("takes a console edit over any file, and the latest file over older ones", () => {
    const times = [time(1, "gun", 3600), time(1, "gun", 3500, { source: "console" }), time(1, "gun", 3400)];
    expect(computeResults(times, new Map(), RULES)[0]?.gunTime).toBe(3500);
    expect(computeResults([time(2, "gun", 3600), time(2, "gun", 3400)], new Map(), RULES)[0]?.gunTime).toBe(3400);
  });

  it("works gun and net times out of clock times, across midnight", () => {
    const rules = { ...RULES, gunClock: 23 * 3600 + 50 * 60 };
    const [result] = computeResults(
      [time(1, "clock", 23 * 3600 + 51 * 60, { point: "start" }), time(1, "clock", 40 * 60)],
      new Map(),
      rules,
    );
    expect(result?.gunTime).toBe(50 * 60);
    expect(result?.netTime).toBe(49 * 60);
  });

  it("reads a state, else finished with a time, else out on the course", () => {
    const results = computeResults(
      [time(1, "gun", 3600), time(1, "status", "dsq"), time(2, "net", 1200, { point: "10 km" }), time(3, "gun", 4000)],
      new Map(),
      RULES,
    );
    expect(results.map((r) => [r.bib, r.status, r.ranks.overall])).toEqual([
      [1, "dsq", null],
      [2, "dnf", null],
      [3, "finished", 1],
    ]);
    expect(results[1]?.splits).toEqual([{ name: "10 km", time: 1200 }]);
  });

  it("names a bib we know from its participant, one we do not from the file, and ranks by category", () => {
    const holders = new Map([
      [1, holder("female", "1990-01-01")],
      [2, holder("female", "1985-12-31")],
    ]);
    const results = computeResults(
      [time(1, "gun", 3000), time(2, "gun", 2900), time(3, "gun", 2800, { familyName: "Rossi", club: "GS Alpini" })],
      holders,
      RULES,
    );
    expect(results.map((r) => [r.category, r.ranks])).toEqual([
      ["SF35", { overall: 3, gender: 2, category: 1 }],
      ["SF40", { overall: 2, gender: 1, category: 1 }],
      [null, { overall: 1, gender: 1, category: null }],
    ]);
    expect(results[2]).toMatchObject({ familyName: "Rossi", club: "GS Alpini", participantId: null });
  });
});
