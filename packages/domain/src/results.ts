/**
 * A race's results as the product shows, exports and certifies them: each one computed from the
 * raw times (packages/db/src/results), never typed over.
 */
import type { ResultStatus } from "./race-time.ts";
import type { RankBy, Ranks } from "./ranking.ts";

/** Where results stand: hidden, shown while claims are open, or final. */
export const RESULTS_STATES = ["unpublished", "provisional", "official"] as const;
export type ResultsState = (typeof RESULTS_STATES)[number];

/** A time taken on the course between start and finish, named as the timing file names it. */
export interface Split {
  name: string;
  /** Seconds since the runner's start (or the gun, as the file gives it), fractions kept. */
  time: number;
}

/** One runner's line in a race's results. */
export interface ResultLine {
  id: string;
  appointmentId: string;
  bib: number;
  /** The participant the bib was given to; null for a bib the timing file knows and we do not. */
  participantId: string | null;
  givenName: string;
  familyName: string;
  club: string | null;
  gender: string | null;
  birthDate: string | null;
  category: string | null;
  status: ResultStatus;
  /** Seconds, fractions kept; null when unknown. */
  netTime: number | null;
  gunTime: number | null;
  ranks: Ranks;
  splits: Split[];
  /** The code of the finisher's diploma and of its verification page (`/attestato/{code}`). */
  diplomaCode: string;
}

/** What a race's results are read with: its date, how it ranks and where its results stand. */
export interface ResultsRace {
  appointmentId: string;
  eventId: string;
  /** The race's day (YYYY-MM-DD) in the event's time zone. */
  raceDate: string;
  rankBy: RankBy;
  resultsState: ResultsState;
}

/** The time a result is ranked by, or null when the runner has none. */
export function rankedTime(line: Pick<ResultLine, "status" | "netTime" | "gunTime">, rankBy: RankBy): number | null {
  return line.status === "finished" ? line[rankBy] : null;
}
