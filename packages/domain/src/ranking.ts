/**
 * Ranks a race's results: every finisher overall, within their gender and within their category, by
 * the time the race ranks by (gun time, as federation rules rank, or net time). Equal times share a
 * rank and the next rank skips (1, 2, 2, 4). Results that did not finish, start or stand (DNF, DNS,
 * DSQ), or have no time to rank by, get no rank. Women and men are ranked among themselves; anyone
 * else (non-binary, unspecified) among the open list, which has no federation category.
 */
import type { ResultStatus } from "./race-time.ts";

export type RankBy = "gunTime" | "netTime";

export interface Rankable {
  status: ResultStatus;
  gender: string | null;
  category: string | null;
  gunTime: number | null;
  netTime: number | null;
}

export interface Ranks {
  overall: number | null;
  gender: number | null;
  category: number | null;
}

/** The list a gender ranks in: women, men, or the open list for anyone else. */
export function genderList(gender: string | null): "female" | "male" | "open" {
  return gender === "female" || gender === "male" ? gender : "open";
}

/** Each result's ranks, in the order `results` were given. */
export function rankResults<R extends Rankable>(results: readonly R[], rankBy: RankBy): Ranks[] {
  const timeOf = (result: R) => (result.status === "finished" ? result[rankBy] : null);
  const ranked = results
    .map((result, index) => ({ result, index, time: timeOf(result) }))
    .filter((entry): entry is { result: R; index: number; time: number } => entry.time !== null)
    .sort((a, b) => a.time - b.time);
  const ranks: Ranks[] = results.map(() => ({ overall: null, gender: null, category: null }));
  const groups: [keyof Ranks, (result: R) => string | null][] = [
    ["overall", () => ""],
    ["gender", (result) => genderList(result.gender)],
    ["category", (result) => result.category],
  ];
  for (const [rank, groupOf] of groups) {
    const last = new Map<string, { time: number; rank: number; count: number }>();
    for (const { result, index, time } of ranked) {
      const group = groupOf(result);
      if (group === null) continue;
      const before = last.get(group);
      const count = (before?.count ?? 0) + 1;
      const shared = before !== undefined && before.time === time;
      const place = shared ? before.rank : count;
      last.set(group, { time, rank: place, count });
      (ranks[index] as Ranks)[rank] = place;
    }
  }
  return ranks;
}
