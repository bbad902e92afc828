/**
 * What a race's results are made of, as the contract names them: a result's states, where a race's
 * results stand, the fields a timing file's columns map to, and race times typed as people write
 * them. The site may import this package only (scripts/check-imports.ts): packages/domain holds the
 * same lists and rules (race-time.ts, results.ts, timing-file.ts), and packages/api/src/contract.test.ts
 * holds the two equal, so a time the console's form takes is one the API's rules read alike.
 */

/** A result's states besides a time. */
export const RESULT_STATUSES = ["finished", "dnf", "dns", "dsq"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** Where a race's results stand: hidden, shown while claims are open, or final. */
export const RESULTS_STATES = ["unpublished", "provisional", "official"] as const;
export type ResultsState = (typeof RESULTS_STATES)[number];

/** What a column of a timing file can be (its splits aside, a list of columns). */
export const TIMING_FIELDS = [
  "bib",
  "netTime",
  "gunTime",
  "startClock",
  "finishClock",
  "status",
  "givenName",
  "familyName",
  "name",
  "club",
] as const;
export type TimingField = (typeof TIMING_FIELDS)[number];

const SECONDS = /^(\d+)(?:[.,](\d+))?$/;
const CLOCK = /^(?:(\d+):)?([0-5]?\d):([0-5]\d)(?:[.,](\d+))?$/;

/**
 * A race time in seconds, fractions kept: `1:02:03`, `02:03` (minutes and seconds), `1:02:03.4`,
 * `1:02:03,4`, `3723` (seconds); null when `text` is none of these shapes.
 */
export function parseRaceTime(text: string): number | null {
  const written = text.trim();
  const seconds = SECONDS.exec(written);
  if (seconds) return Number(`${seconds[1]}.${seconds[2] ?? "0"}`);
  const clock = CLOCK.exec(written);
  if (!clock) return null;
  const [, hours = "0", minutes = "0", wholeSeconds = "0", fraction = "0"] = clock;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(`${wholeSeconds}.${fraction}`);
}

/**
 * A race time as every surface writes it (pages, files, diplomas, mails): seconds as `h:mm:ss`,
 * tenths when there are any (`1:02:03.4`), `mm:ss` under an hour; the decimal mark the language's.
 */
export function formatRaceTime(seconds: number, decimalMark: "." | "," = "."): string {
  const tenths = Math.round(seconds * 10);
  const whole = Math.floor(tenths / 10);
  const [hours, minutes, rest] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const clock = `${String(minutes).padStart(hours > 0 ? 2 : 1, "0")}:${String(rest).padStart(2, "0")}`;
  const fraction = tenths % 10 === 0 ? "" : `${decimalMark}${tenths % 10}`;
  return `${hours > 0 ? `${hours}:` : ""}${clock}${fraction}`;
}
