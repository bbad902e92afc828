import { addRawTimes, catalogueChanged, findResult, lockRaceResults, type RowTimeInput } from "@sports/db";
import {
  type Actor,
  type FieldProblem,
  type ResultLine,
  type ResultStatus,
  refuse,
  refuseProblems,
} from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { recomputeResults } from "./recompute.ts";

export interface ResultCorrection {
  gunTime?: number | null;
  netTime?: number | null;
  status?: ResultStatus;
  /** Why: every correction says it (a DSQ its rule, a time the timing company's word). */
  reason: string;
}

function problemsOf(correction: ResultCorrection): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (correction.reason.trim() === "")
    problems.push({ attribute: "reason", code: "required", detail: "Say why the result is corrected." });
  for (const field of ["gunTime", "netTime"] as const) {
    const value = correction[field];
    if (value !== undefined && value !== null && !(value > 0 && value < 7 * 86_400))
      problems.push({ attribute: field, code: "invalid-time", detail: "A time is a number of seconds above zero." });
  }
  if (correction.gunTime === undefined && correction.netTime === undefined && correction.status === undefined)
    problems.push({ attribute: "status", code: "required", detail: "Give a time or a state to correct." });
  return problems;
}

/** The console's raw times for a correction: one per time or state given. */
function timesOf(bib: number, correction: ResultCorrection): RowTimeInput[] {
  const base = { bib, point: "finish", givenName: null, familyName: null, club: null } as const;
  const times: RowTimeInput[] = [];
  if (correction.gunTime != null) times.push({ ...base, kind: "gun", seconds: correction.gunTime, status: null });
  if (correction.netTime != null) times.push({ ...base, kind: "net", seconds: correction.netTime, status: null });
  if (correction.status) times.push({ ...base, kind: "status", seconds: null, status: correction.status });
  return times;
}

/**
 * An organiser's correction of one result: stored as raw times of its own (source `console`, who
 * and why), which win over any file for that bib and point, then the race's results worked out
 * again (ranks move with it). Answers the corrected result.
 */
export async function correctResult(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { resultId: string; correction: ResultCorrection },
): Promise<ResultLine> {
  requireOrganiser(actor, "corrects results");
  refuseProblems(problemsOf(input.correction));
  const { after, shown } = await deps.db.transaction(async (tx) => {
    const before = await findResult(tx, input.resultId);
    if (!before) refuse("not-found", `No result ${input.resultId}.`);
    const race = await lockRaceResults(tx, before.appointmentId);
    if (!race) refuse("not-found", `No appointment ${before.appointmentId}.`);
    const reason = input.correction.reason.trim();
    await addRawTimes(tx, timesOf(before.bib, input.correction), {
      appointmentId: race.appointmentId,
      source: "console",
      importId: null,
      byUserId: actor.userId,
      reason,
      receivedAt: deps.now,
    });
    await recomputeResults(tx, race, { bump: true, now: deps.now });
    const after = (await findResult(tx, input.resultId)) as ResultLine;
    await audit(tx, deps, actor, {
      action: "result-corrected",
      subjectType: "results",
      subjectId: before.id,
      eventId: race.eventId,
      before: { bib: before.bib, status: before.status, gunTime: before.gunTime, netTime: before.netTime },
      after: { status: after.status, gunTime: after.gunTime, netTime: after.netTime, reason },
    });
    return { after, shown: race.state !== "unpublished" };
  });
  // The results pages kept for everyone show published results: they are dropped.
  if (shown) await catalogueChanged(deps.db);
  return after;
}
