import {
  catalogueChanged,
  finishersToMail,
  lockRaceResults,
  markMailed,
  queueMail,
  type RaceResultsRecord,
  type Transaction,
  updateRaceResults,
} from "@sports/db";
import {
  type Actor,
  type CategoryRules,
  type FieldProblem,
  isLocale,
  pickText,
  type RankBy,
  type ResultsState,
  refuse,
  refuseProblems,
} from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { diplomaFileUrl, diplomaVerifyUrl } from "./diplomas.ts";
import { recomputeResults } from "./recompute.ts";
import { officialResultMail } from "./results-mail.ts";

export interface RaceResultsChange {
  resultsState?: ResultsState;
  resultsClaimsUntil?: Date | null;
  startedAt?: Date | null;
  rankBy?: RankBy;
  categoryRules?: CategoryRules;
  /** Why: required to take official results back to provisional. */
  reason?: string;
}

/** Each finisher with an address, once: their official time, ranks and diploma, in their language. */
async function mailFinishers(
  tx: Transaction,
  deps: Pick<Deps, "siteUrl" | "now">,
  race: RaceResultsRecord,
): Promise<void> {
  const finishers = await finishersToMail(tx, race.appointmentId);
  for (const { line, to, locale } of finishers) {
    const language = isLocale(locale) ? locale : "it-IT";
    const mail = officialResultMail({
      locale: language,
      line,
      race: [pickText(race.eventTitle, language), pickText(race.appointmentTitle, language)].filter(Boolean).join(", "),
      diplomaLink: diplomaFileUrl(deps.siteUrl, line),
      verifyLink: diplomaVerifyUrl(deps.siteUrl, line.diplomaCode),
      rankBy: race.rankBy,
    });
    await queueMail(tx, { to, kind: "official-result", ...mail });
  }
  await markMailed(
    tx,
    finishers.map(({ line }) => line.id),
    deps.now,
  );
}

const SETTINGS = { startedAt: "startedAt", rankBy: "rankBy", categoryRules: "categoryRules" } as const;

function problemsOf(race: RaceResultsRecord, change: RaceResultsChange): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const reason = change.reason?.trim() ?? "";
  if (race.state === "official" && change.resultsState === "provisional" && reason === "")
    problems.push({
      attribute: "resultsReason",
      code: "required",
      detail: "Say why official results go back to provisional.",
    });
  if (change.resultsState === "unpublished" && race.state !== "unpublished")
    problems.push({
      attribute: "resultsState",
      code: "results-published",
      detail: "Published results stay published: take them back to provisional to correct them.",
    });
  if (change.categoryRules?.kind === "bands" && change.categoryRules.bands.length === 0)
    problems.push({ attribute: "categoryRules", code: "required", detail: "Give at least one band." });
  return problems;
}

/** The fields that change, before and after, for the change log. */
function diffOf(race: RaceResultsRecord, change: RaceResultsChange) {
  const current: Record<string, unknown> = {
    resultsState: race.state,
    resultsClaimsUntil: race.claimsUntil,
    startedAt: race.startedAt,
    rankBy: race.rankBy,
    categoryRules: race.categoryRules,
  };
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(change)) {
    if (key === "reason" || value === undefined) continue;
    if (JSON.stringify(current[key]) === JSON.stringify(value)) continue;
    before[key] = current[key];
    after[key] = value;
  }
  return { before, after };
}

/**
 * Changes how a race's results are worked out (its actual start, what it ranks by, its categories)
 * and where they stand (unpublished, provisional with the claims' deadline, official). A change of
 * the rules works the results out again; every change goes in the change log with who and why.
 * Answers the settings now and whether the results just became official.
 */
export async function changeRaceResults(
  deps: Pick<Deps, "db" | "now" | "siteUrl" | "mailQueued">,
  actor: Actor,
  input: { appointmentId: string; change: RaceResultsChange },
): Promise<{ race: RaceResultsRecord; becameOfficial: boolean }> {
  requireOrganiser(actor, "changes results");
  const { change } = input;
  const outcome = await deps.db.transaction(async (tx) => {
    const race = await lockRaceResults(tx, input.appointmentId);
    if (!race) refuse("not-found", `No appointment ${input.appointmentId}.`);
    refuseProblems(problemsOf(race, change));
    const { before, after } = diffOf(race, change);
    if (Object.keys(after).length === 0) return { race, becameOfficial: false };
    const rulesChanged = Object.keys(after).some((key) => key in SETTINGS);
    const row = {
      ...(change.resultsState !== undefined ? { state: change.resultsState } : {}),
      ...(change.resultsClaimsUntil !== undefined ? { claimsUntil: change.resultsClaimsUntil } : {}),
      ...(change.startedAt !== undefined ? { startedAt: change.startedAt } : {}),
      ...(change.rankBy !== undefined ? { rankBy: change.rankBy } : {}),
      ...(change.categoryRules !== undefined ? { categoryRules: change.categoryRules } : {}),
    };
    await updateRaceResults(tx, race.appointmentId, row, { bump: rulesChanged, now: deps.now });
    const next = { ...race, ...row, version: race.version + (rulesChanged ? 1 : 0) };
    if (rulesChanged) await recomputeResults(tx, next, { bump: false, now: deps.now });
    await audit(tx, deps, actor, {
      action: "results-settings-changed",
      subjectType: "appointments",
      subjectId: race.appointmentId,
      eventId: race.eventId,
      before,
      after: { ...after, ...(change.reason?.trim() ? { reason: change.reason.trim() } : {}) },
    });
    const becameOfficial = race.state !== "official" && next.state === "official";
    if (becameOfficial) await mailFinishers(tx, deps, next);
    return { race: next, becameOfficial };
  });
  // The event's page links results once published; the kept pages are dropped.
  await catalogueChanged(deps.db);
  if (outcome.becameOfficial) deps.mailQueued();
  return outcome;
}
