/**
 * Results computed from raw times (docs/decisions/063-results-from-raw-times.md): every time that
 * arrives is kept as it came, and a race's results are worked out from all of them each time one
 * changes. For a bib, a point and a kind of time, a console edit wins over any file, and among
 * files the latest wins.
 */
import { RESULT_STATUSES, type ResultStatus } from "./race-time.ts";
import { type RankBy, rankResults } from "./ranking.ts";
import { type CategoryRules, categoryOf } from "./result-category.ts";
import type { ResultLine, Split } from "./results.ts";

/** The largest timing file taken: a 20,000-runner race with splits stays well within. */
export const TIMING_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Where a runner is timed: the start, the finish, or a split named as the timing file names it. */
export type TimingPoint = "start" | "finish" | (string & {});

/** What a raw time says: a clock time of day, a time since the gun, a time since the runner's own start, or a state. */
export const RAW_TIME_KINDS = ["clock", "gun", "net", "status"] as const;
export type RawTimeKind = (typeof RAW_TIME_KINDS)[number];

export const RAW_TIME_SOURCES = ["file", "iof", "console"] as const;
export type RawTimeSource = (typeof RAW_TIME_SOURCES)[number];

/** One time as it arrived. `seconds` for times, `status` for a state; names only for bibs we do not know. */
export interface RawTime {
  /** Increasing in the order the times arrived. */
  id: number;
  bib: number;
  point: TimingPoint;
  kind: RawTimeKind;
  seconds: number | null;
  status: ResultStatus | null;
  source: RawTimeSource;
  givenName: string | null;
  familyName: string | null;
  club: string | null;
}

/** A participant who wears a bib in the race. */
export interface BibHolder {
  participantId: string;
  givenName: string;
  familyName: string;
  club: string | null;
  gender: string | null;
  birthDate: string | null;
}

export interface RaceRules {
  raceDate: string;
  rankBy: RankBy;
  categoryRules: CategoryRules;
  /** The gun as seconds since midnight in the event's time zone; null while the actual start is not known. */
  gunClock: number | null;
}

/** A result as computed, before it is stored (which gives it an id and a diploma code). */
export type ComputedResult = Omit<ResultLine, "id" | "appointmentId" | "diplomaCode">;

const DAY = 86_400;
const isStatus = (value: unknown): value is ResultStatus => RESULT_STATUSES.includes(value as ResultStatus);

/** The raw time that counts for one point and kind: a console edit's, else the latest file's. */
export function winningTime(times: readonly RawTime[], point: TimingPoint, kind: RawTimeKind): RawTime | undefined {
  let best: RawTime | undefined;
  for (const time of times) {
    if (time.point !== point || time.kind !== kind) continue;
    const console = time.source === "console";
    const bestConsole = best?.source === "console";
    if (!best || (console && !bestConsole) || (console === bestConsole && time.id > best.id)) best = time;
  }
  return best;
}

/** Elapsed time between two clock times of day, across midnight when the second is earlier. */
function between(from: number, to: number): number {
  return to >= from ? to - from : to + DAY - from;
}

function timesOf(times: readonly RawTime[], gunClock: number | null) {
  const value = (point: TimingPoint, kind: RawTimeKind) => winningTime(times, point, kind)?.seconds ?? null;
  const startClock = value("start", "clock");
  const finishClock = value("finish", "clock");
  const netTime =
    value("finish", "net") ?? (startClock !== null && finishClock !== null ? between(startClock, finishClock) : null);
  const gunTime =
    value("finish", "gun") ?? (gunClock !== null && finishClock !== null ? between(gunClock, finishClock) : null);
  return { netTime, gunTime };
}

function splitsOf(times: readonly RawTime[]): Split[] {
  const names = [...new Set(times.filter((t) => t.point !== "start" && t.point !== "finish").map((t) => t.point))];
  return names
    .map((name) => ({ name, time: (winningTime(times, name, "net") ?? winningTime(times, name, "gun"))?.seconds }))
    .filter((split): split is Split => typeof split.time === "number")
    .sort((a, b) => a.time - b.time);
}

/** A runner's state: the one a file or an edit gave, else finished with a finish time, else out on the course. */
function statusOf(times: readonly RawTime[], finished: boolean): ResultStatus {
  const given = winningTime(times, "finish", "status")?.status;
  if (isStatus(given)) return given;
  return finished ? "finished" : "dnf";
}

/** The file's words for a bib we do not know: the latest names and club it gave. */
function fileNamesOf(times: readonly RawTime[]) {
  const latest = <K extends "givenName" | "familyName" | "club">(key: K) =>
    [...times].reverse().find((time) => time[key])?.[key] ?? null;
  return { givenName: latest("givenName") ?? "", familyName: latest("familyName") ?? "", club: latest("club") };
}

/** One bib's result, unranked. */
function resultOf(
  bib: number,
  times: readonly RawTime[],
  holder: BibHolder | undefined,
  rules: RaceRules,
): ComputedResult {
  const { netTime, gunTime } = timesOf(times, rules.gunClock);
  const person = holder ?? { participantId: null, ...fileNamesOf(times), gender: null, birthDate: null };
  return {
    bib,
    participantId: person.participantId,
    givenName: person.givenName,
    familyName: person.familyName,
    club: person.club,
    gender: person.gender,
    birthDate: person.birthDate,
    category: categoryOf(rules.categoryRules, person, rules.raceDate),
    status: statusOf(times, netTime !== null || gunTime !== null),
    netTime,
    gunTime,
    ranks: { overall: null, gender: null, category: null },
    splits: splitsOf(times),
  };
}

/** A race's results from all its raw times, ranked, in the order of their bibs. */
export function computeResults(
  rawTimes: readonly RawTime[],
  holders: ReadonlyMap<number, BibHolder>,
  rules: RaceRules,
): ComputedResult[] {
  const byBib = new Map<number, RawTime[]>();
  for (const time of rawTimes) {
    const list = byBib.get(time.bib);
    if (list) list.push(time);
    else byBib.set(time.bib, [time]);
  }
  const results = [...byBib.keys()]
    .sort((a, b) => a - b)
    .map((bib) => resultOf(bib, byBib.get(bib) as RawTime[], holders.get(bib), rules));
  const ranks = rankResults(results, rules.rankBy);
  return results.map((result, index) => ({ ...result, ranks: ranks[index] as ComputedResult["ranks"] }));
}

/** Whether two computed results read the same (what a dry run calls unchanged). */
export function sameResult(a: ComputedResult, b: ComputedResult): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
