import { randomBytes } from "node:crypto";
import {
  bibHolders,
  type RaceResultsRecord,
  rawTimesOf,
  type Transaction,
  updateRaceResults,
  writeResults,
} from "@sports/db";
import {
  type ComputedResult,
  computeResults,
  localDate,
  type RaceRules,
  type RawTime,
  TICKET_CODE_LENGTH,
  ticketCodeFrom,
} from "@sports/domain";

/** A diploma's code, drawn as a ticket's is: ten characters that read unambiguously aloud. */
export const newDiplomaCode = (): string => ticketCodeFrom(randomBytes(TICKET_CODE_LENGTH));

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Seconds since midnight of an instant in a time zone, fractions kept. */
export function clockOf(instant: Date, timeZone: string): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    clockFormats.set(timeZone, format);
  }
  const part = (type: string) => Number(format.formatToParts(instant).find((found) => found.type === type)?.value ?? 0);
  return part("hour") * 3600 + part("minute") * 60 + part("second") + instant.getUTCMilliseconds() / 1000;
}

/** The rules a race's results are worked out by. */
export function raceRulesOf(race: RaceResultsRecord): RaceRules {
  return {
    raceDate: localDate(race.startsAt, race.timeZone),
    rankBy: race.rankBy,
    categoryRules: race.categoryRules,
    gunClock: race.startedAt ? clockOf(race.startedAt, race.timeZone) : null,
  };
}

/** The race's results as its raw times (and `extra`, not yet stored) make them. */
export async function resultsOfRace(
  tx: Transaction,
  race: RaceResultsRecord,
  extra: readonly RawTime[] = [],
): Promise<ComputedResult[]> {
  const [times, holders] = await Promise.all([rawTimesOf(tx, race.appointmentId), bibHolders(tx, race.appointmentId)]);
  return computeResults([...times, ...extra], holders, raceRulesOf(race));
}

/**
 * Works a race's results out again from its raw times and stores them, inside the transaction
 * that changed them; `bump` moves the results' version on (raw times changed). Answers how many
 * lines changed.
 */
export async function recomputeResults(
  tx: Transaction,
  race: RaceResultsRecord,
  options: { bump: boolean; now: Date },
): Promise<number> {
  const computed = await resultsOfRace(tx, race);
  const changed = await writeResults(tx, race.appointmentId, computed, newDiplomaCode);
  if (options.bump) await updateRaceResults(tx, race.appointmentId, {}, options);
  return changed;
}
