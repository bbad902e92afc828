/**
 * Times as timing companies write them, read into seconds: `1:02:03`, `02:03` (minutes and
 * seconds), `1:02:03.4`, `1:02:03,4` (a decimal comma), `3723` or `3723,4` (seconds). A clock time
 * of day (`09:00:05.2`) reads the same, as seconds since midnight. And a finisher's state as the
 * files say it, in Italian or English.
 */

/** The states a result can have besides a time. */
export const RESULT_STATUSES = ["finished", "dnf", "dns", "dsq"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

const SECONDS = /^(\d+)(?:[.,](\d+))?$/;
const CLOCK = /^(?:(\d+):)?([0-5]?\d):([0-5]\d)(?:[.,](\d+))?$/;

/** A duration or a clock time in seconds (tenths and finer kept), or null when `text` is none of the shapes. */
export function parseRaceTime(text: string): number | null {
  const written = text.trim();
  const seconds = SECONDS.exec(written);
  if (seconds) return Number(`${seconds[1]}.${seconds[2] ?? "0"}`);
  const clock = CLOCK.exec(written);
  if (!clock) return null;
  const [, hours = "0", minutes = "0", wholeSeconds = "0", fraction = "0"] = clock;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(`${wholeSeconds}.${fraction}`);
}

/** How the files name the states that are not a finish: codes, and the words Italian and English timing uses. */
const STATUS_WORDS: Record<string, ResultStatus> = {
  dnf: "dnf",
  "did not finish": "dnf",
  ritirato: "dnf",
  ritirata: "dnf",
  rit: "dnf",
  dns: "dns",
  "did not start": "dns",
  "non partito": "dns",
  "non partita": "dns",
  np: "dns",
  dsq: "dsq",
  dq: "dsq",
  disqualified: "dsq",
  squalificato: "dsq",
  squalificata: "dsq",
  sq: "dsq",
  finished: "finished",
  ok: "finished",
  arrivato: "finished",
  arrivata: "finished",
};

/** The state a status cell names; null when it names none (an empty cell is the caller's to read). */
export function parseResultStatus(text: string): ResultStatus | null {
  const key = text.trim().toLowerCase().replace(/\.$/, "").replace(/\s+/g, " ");
  return STATUS_WORDS[key] ?? null;
}
