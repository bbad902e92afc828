import { allResults } from "@sports/db";
import { type Actor, type Locale, localDate, pickText, type ResultLine } from "@sports/domain";
import type { Deps } from "../deps.ts";
import { SITE_NAME } from "../mail/texts.ts";
import { writeIofResultList } from "./iof-xml.ts";
import { visibleRace } from "./read-results.ts";
import { resultsCsv, resultsXlsx } from "./results-export.ts";

export const RESULTS_FILE_FORMATS = ["csv", "xlsx", "xml"] as const;
export type ResultsFileFormat = (typeof RESULTS_FILE_FORMATS)[number];

const CONTENT_TYPES: Record<ResultsFileFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xml: "application/xml; charset=utf-8",
};

/** Every split name the results hold, in the order they come on the course. */
function splitNamesOf(lines: readonly ResultLine[]): string[] {
  const names = new Map<string, number>();
  for (const line of lines)
    for (const split of line.splits) names.set(split.name, Math.min(names.get(split.name) ?? Infinity, split.time));
  return [...names].sort((a, b) => a[1] - b[1]).map(([name]) => name);
}

/**
 * A race's results as a file, for whoever may read them: CSV in the language's dialect, XLSX, or
 * an IOF XML 3.0 ResultList (one ClassResult for the race), in rank order.
 */
export async function resultsFile(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { appointmentId: string; format: ResultsFileFormat; locale: Locale },
): Promise<{ body: ReadableStream<Uint8Array> | string; contentType: string; fileName: string }> {
  const race = await visibleRace(deps, actor, input.appointmentId);
  const lines = await allResults(deps.db, race.appointmentId);
  const eventName = pickText(race.eventTitle, input.locale) ?? race.eventSlug;
  const raceName = pickText(race.appointmentTitle, input.locale) ?? race.appointmentSlug;
  const fileName = `${race.eventSlug}-${race.appointmentSlug}-results.${input.format}`;
  const contentType = CONTENT_TYPES[input.format];
  if (input.format === "xml") {
    const body = writeIofResultList({
      event: { id: race.eventId, name: eventName, date: localDate(race.startsAt, race.timeZone) },
      races: [{ id: race.appointmentId, name: raceName, lines, rankBy: race.rankBy }],
      createdAt: deps.now,
      creator: SITE_NAME,
    });
    return { body, contentType, fileName };
  }
  const write = input.format === "csv" ? resultsCsv : resultsXlsx;
  return { body: write(lines, input.locale, splitNamesOf(lines)), contentType, fileName };
}
