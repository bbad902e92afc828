import { describe, expect, it } from "vitest";
import { type Rankable, rankResults } from "./ranking.ts";

const finisher = (gender: string | null, category: string | null, gunTime: number, netTime = gunTime): Rankable => ({
  status: "finished",
  gender,
  category,
  gunTime,
  netTime,
});

describe("ranking a race", () => {
  it("ranks overall, by gender and by category, equal times sharing a rank", () => {
    const results = [
      finisher("male", "SM", 3600),
      finisher("female", "SF", 3500),
      finisher("male", "SM40", 3600),
      finisher("male", "SM", 3700),
      finisher("female", "SF", 3800),
    ];
    expect(rankResults(results, "gunTime")).toEqual([
      { overall: 2, gender: 1, category: 1 },
      { overall: 1, gender: 1, category: 1 },
      { overall: 2, gender: 1, category: 1 },
      { overall: 4, gender: 3, category: 2 },
      { overall: 5, gender: 2, category: 2 },
    ]);
  });

  it("ranks by net time when the race says so", () => {
    const results = [finisher("male", "SM", 3600, 3590), finisher("male", "SM", 3605, 3500)];
    expect(rankResults(results, "gunTime").map((ranks) => ranks.overall)).toEqual([1, 2]);
    expect(rankResults(results, "netTime").map((ranks) => ranks.overall)).toEqual([2, 1]);
  });

  it("lists DNF, DNS, DSQ and results without a time apart, without ranks", () => {
    const results: Rankable[] = [
      { ...finisher("male", "SM", 3000), status: "dsq" },
      { ...finisher("female", "SF", 3100), status: "dnf" },
      { status: "finished", gender: "male", category: "SM", gunTime: null, netTime: 3000 },
      finisher("male", "SM", 3900),
    ];
    const none = { overall: null, gender: null, category: null };
    expect(rankResults(results, "gunTime")).toEqual([none, none, none, { overall: 1, gender: 1, category: 1 }]);
  });

  it("ranks anyone neither female nor male overall and in the open list, without a federation category", () => {
    const results = [finisher("non-binary", null, 3400), finisher("male", "SM", 3300), finisher(null, null, 3500)];
    expect(rankResults(results, "gunTime")).toEqual([
      { overall: 2, gender: 1, category: null },
      { overall: 1, gender: 1, category: 1 },
      { overall: 3, gender: 2, category: null },
    ]);
  });
});
