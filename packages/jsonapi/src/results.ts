/**
 * A race's results as the API serves them (docs/api.md, "Results"): the contract between
 * packages/api and the site's results pages. Times are seconds with their fractions.
 */

import type { ResultStatus, ResultsState } from "./race-times.ts";

/** The list a runner is ranked in by gender: women, men, or the open list for anyone else. */
export type GenderList = "female" | "male" | "open";

export interface ResultRanks {
  overall: number | null;
  /** Among women, among men, or in the open list, as the runner's gender puts them. */
  gender: number | null;
  category: number | null;
}

export interface ResultAttributes {
  bib: number;
  givenName: string;
  familyName: string;
  club: string | null;
  gender: "female" | "male" | "non-binary" | "unspecified" | null;
  category: string | null;
  status: ResultStatus;
  netTime: number | null;
  gunTime: number | null;
  ranks: ResultRanks;
  splits: { name: string; time: number }[];
  /** Seconds behind the winner on the time the race ranks by: 0 for the winner, null for the unranked. */
  gap: number | null;
}

/** A race's results settings, in the `meta` of its results and of one result. */
export interface RaceResultsMeta {
  resultsState: ResultsState;
  resultsClaimsUntil: string | null;
  startedAt: string | null;
  rankBy: "gunTime" | "netTime";
}

/** The `meta` of `GET /api/appointments/{id}/results`: how many match, and the filters' choices. */
export interface ResultListMeta extends RaceResultsMeta {
  total: number;
  categories: string[];
  clubs: string[];
}

/** A finisher's diploma as its verification shows it (`GET /api/diplomas/{code}`). */
export interface DiplomaAttributes {
  givenName: string;
  familyName: string;
  bib: number;
  /** Which list `ranks.gender` is in: women, men, or the open list for anyone else. */
  gender: ResultAttributes["gender"];
  status: ResultStatus;
  netTime: number | null;
  gunTime: number | null;
  ranks: ResultRanks;
  category: string | null;
  /** By language, as the organiser wrote them. */
  eventTitle: Record<string, string>;
  raceTitle: Record<string, string>;
  raceStartsAt: string;
  /** The event's time zone, in which the race's day is read. */
  timeZone: string;
  eventSlug: string;
  raceSlug: string;
  rankBy: "gunTime" | "netTime";
  resultsState: ResultsState;
}

/** One raw time of a result's history (`meta.history` of `GET /api/results/{id}`, for the team). */
export interface ResultHistoryEntry {
  id: number;
  point: string;
  kind: string;
  seconds: number | null;
  status: string | null;
  source: string;
  line: number | null;
  reason: string | null;
  receivedAt: string;
  byUserId: string | null;
}

/** A result as a dry run shows it before and after. */
interface ResultBeforeAfter {
  status: ResultStatus;
  gunTime: number | null;
  netTime: number | null;
}

/** What applying a timing file would do (`summary` of a `result-imports` resource). */
export interface ResultImportSummary {
  rows: number;
  new: number;
  changed: number;
  unchanged: number;
  unknownBibs: number[];
  duplicateBibs: { bib: number; lines: number[] }[];
  invalidRows: { line: number; code: string; column: string | null; value: string | null }[];
  changes: { bib: number; name: string; before: ResultBeforeAfter; after: ResultBeforeAfter }[];
}
