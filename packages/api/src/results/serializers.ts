import type { ResultLine } from "@sports/domain";
import type { ResourceObject } from "@sports/jsonapi";
import type { RaceResultsRecord, ResultImportRecord } from "@sports/usecases";

/** A result as the API shows it: times in seconds with their fractions, ranks, splits, and the gap to the winner. */
export function resultResource(
  line: ResultLine,
  leader?: ResultLine,
): ResourceObject<"results", Record<string, unknown>> {
  return {
    type: "results",
    id: line.id,
    attributes: {
      bib: line.bib,
      givenName: line.givenName,
      familyName: line.familyName,
      club: line.club,
      gender: line.gender,
      category: line.category,
      status: line.status,
      netTime: line.netTime,
      gunTime: line.gunTime,
      ranks: line.ranks,
      splits: line.splits,
      gap: gapOf(line, leader),
    },
    relationships: { appointment: { data: { type: "appointments", id: line.appointmentId } } },
  };
}

/** Seconds behind the winner on the time both are ranked by; null for the winner's own and the unranked. */
function gapOf(line: ResultLine, leader: ResultLine | undefined): number | null {
  if (!leader || line.ranks.overall === null || line.id === leader.id) return line.id === leader?.id ? 0 : null;
  const time = (result: ResultLine) => result.gunTime ?? result.netTime;
  const mine = time(line);
  const best = time(leader);
  return mine !== null && best !== null ? Math.round((mine - best) * 10) / 10 : null;
}

/** A race's results settings, as the appointment's attributes show them. */
export function raceResultsAttributes(race: RaceResultsRecord) {
  return {
    resultsState: race.state,
    resultsClaimsUntil: race.claimsUntil?.toISOString() ?? null,
    startedAt: race.startedAt?.toISOString() ?? null,
    rankBy: race.rankBy,
    categoryRules: race.categoryRules,
  };
}

/** An uploaded timing file and its dry run. */
export function resultImportResource(
  found: ResultImportRecord,
): ResourceObject<"result-imports", Record<string, unknown>> {
  return {
    type: "result-imports",
    id: found.id,
    attributes: {
      state: found.state,
      format: found.format,
      columns: found.columns,
      mapping: found.mapping,
      summary: found.summary,
      createdAt: found.createdAt.toISOString(),
      appliedAt: found.appliedAt?.toISOString() ?? null,
    },
    relationships: { appointment: { data: { type: "appointments", id: found.appointmentId } } },
  };
}
