import {
  findRaceResults,
  findResult,
  findResultByDiplomaCode,
  leaderOf,
  listResults,
  type RaceResultsRecord,
  type ResultsQuery,
  rawTimesOfBib,
  resultFacets,
  resultsOfAccount,
} from "@sports/db";
import { type Actor, normalizeTicketCode, type ResultLine, refuse } from "@sports/domain";
import { isTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

/** A race whose results the actor may read: published ones for everyone, any for the team. */
export async function visibleRace(
  deps: Pick<Deps, "db">,
  actor: Actor,
  appointmentId: string,
): Promise<RaceResultsRecord> {
  const race = await findRaceResults(deps.db, appointmentId);
  if (!race || (race.state === "unpublished" && !isTeam(actor)))
    refuse("not-found", `No results for ${appointmentId}.`);
  return race;
}

/** One page of a race's results, filtered and sorted, with the filters' choices and the winner. */
export async function raceResults(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { appointmentId: string; query: ResultsQuery },
) {
  const race = await visibleRace(deps, actor, input.appointmentId);
  const [page, facets, leader] = await Promise.all([
    listResults(deps.db, race.appointmentId, input.query),
    resultFacets(deps.db, race.appointmentId),
    leaderOf(deps.db, race.appointmentId),
  ]);
  return { race, ...page, facets, leader };
}

/** One finisher's result with the winner's (for the gap); the team also gets its raw times, its history. */
export async function oneResult(deps: Pick<Deps, "db">, actor: Actor, input: { resultId: string }) {
  const line = await findResult(deps.db, input.resultId);
  if (!line) refuse("not-found", `No result ${input.resultId}.`);
  const race = await visibleRace(deps, actor, line.appointmentId);
  const [leader, history] = await Promise.all([
    leaderOf(deps.db, race.appointmentId),
    isTeam(actor) ? rawTimesOfBib(deps.db, race.appointmentId, line.bib) : Promise.resolve(null),
  ]);
  return { race, line, leader, history };
}

/** What a diploma's verification page confirms: the finisher's result in a race whose results are published. */
export async function verifyDiploma(
  deps: Pick<Deps, "db">,
  input: { code: string },
): Promise<{ race: RaceResultsRecord; line: ResultLine }> {
  const code = normalizeTicketCode(input.code);
  const line = /^[0-9A-Z]{10}$/.test(code) ? await findResultByDiplomaCode(deps.db, code) : undefined;
  if (line?.status !== "finished") refuse("not-found", "No diploma has this code.");
  const race = await findRaceResults(deps.db, line.appointmentId);
  if (!race || race.state === "unpublished") refuse("not-found", "No diploma has this code.");
  return { race, line };
}

/** The published results of everyone the account signed up, each with its signup, for My signups. */
export async function myResults(deps: Pick<Deps, "db">, actor: Actor) {
  if (actor.kind === "visitor" || actor.kind === "system") refuse("not-owner", "Log in to see your results.");
  return resultsOfAccount(deps.db, actor.userId);
}
