import type { GenderList, ResultStatus, ResultsState } from "@sports/jsonapi";
import { formatDateTime } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";

/** A runner's state in words: finished, or why not. */
export function statusWord(status: ResultStatus): string {
  switch (status) {
    case "dnf":
      return m.results_status_dnf();
    case "dns":
      return m.results_status_dns();
    case "dsq":
      return m.results_status_dsq();
    default:
      return m.results_status_finished();
  }
}

/** Where the results stand, in words. */
export function stateWord(state: ResultsState): string {
  if (state === "official") return m.results_state_official();
  if (state === "provisional") return m.results_state_provisional();
  return m.results_state_unpublished();
}

/** A gender list as the rank's label names it ("Among women"). */
export function listRankLabel(list: GenderList | null): string {
  if (list === "female") return m.results_rank_female();
  if (list === "male") return m.results_rank_male();
  return m.results_rank_open();
}

/** The list a runner's gender ranks them in: women, men, or the open list. */
export function genderListOf(gender: string | null): GenderList {
  return gender === "female" || gender === "male" ? gender : "open";
}

/**
 * Where a race's results stand: a badge (provisional, official; unpublished only the team sees),
 * and while provisional until when claims are taken, in the event's time zone.
 */
export function ResultsStateNotice({
  state,
  claimsUntil,
  locale,
  timeZone,
}: {
  state: ResultsState;
  claimsUntil: string | null;
  locale: string;
  timeZone: string;
}) {
  return (
    <div className="results-state">
      <span className={`badge badge-results-${state}`}>{stateWord(state)}</span>
      {state === "provisional" && (
        <p className="event-meta">
          {claimsUntil
            ? m.results_claims_until({ date: formatDateTime(claimsUntil, locale, timeZone) })
            : m.results_provisional_note()}
        </p>
      )}
    </div>
  );
}
