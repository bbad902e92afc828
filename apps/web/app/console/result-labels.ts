import { formatRaceTime, type TimingField } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";

/**
 * The words the console's results show for the API's codes (docs/api.md, "Results"): a result's
 * state, where a race's results stand, a timing file's fields and format, why a row of it was left
 * out, and where a raw time came from. A code the site does not know yet is shown as it is.
 */

export function resultStatusLabel(status: string): string {
  switch (status) {
    case "finished":
      return m.console_results_status_finished();
    case "dnf":
      return m.console_results_status_dnf();
    case "dns":
      return m.console_results_status_dns();
    case "dsq":
      return m.console_results_status_dsq();
    default:
      return status;
  }
}

export function resultsStateLabel(state: string): string {
  switch (state) {
    case "unpublished":
      return m.console_results_state_unpublished();
    case "provisional":
      return m.console_results_state_provisional();
    case "official":
      return m.console_results_state_official();
    default:
      return state;
  }
}

/** A timing file's field, as the mapping form names it. */
export function timingFieldLabel(field: TimingField): string {
  const labels: Record<TimingField, () => string> = {
    bib: m.console_results_field_bib,
    netTime: m.console_results_field_net_time,
    gunTime: m.console_results_field_gun_time,
    startClock: m.console_results_field_start_clock,
    finishClock: m.console_results_field_finish_clock,
    status: m.console_results_field_status,
    givenName: m.console_results_field_given_name,
    familyName: m.console_results_field_family_name,
    name: m.console_results_field_name,
    club: m.console_results_field_club,
  };
  return labels[field]();
}

export function timingFormatLabel(format: string): string {
  switch (format) {
    case "csv":
      return m.console_results_format_csv();
    case "xlsx":
      return m.console_results_format_xlsx();
    case "iof":
      return m.console_results_format_iof();
    default:
      return format;
  }
}

/** Why a row of the file was left out, by the dry run's `code`. */
export function invalidRowReason(code: string): string {
  switch (code) {
    case "bib-missing":
      return m.console_results_invalid_bib_missing();
    case "bib-invalid":
      return m.console_results_invalid_bib_invalid();
    case "time-invalid":
      return m.console_results_invalid_time_invalid();
    case "status-invalid":
      return m.console_results_invalid_status_invalid();
    case "nothing-to-read":
      return m.console_results_invalid_nothing_to_read();
    default:
      return code;
  }
}

/** Where a raw time of a result's history came from: a file's line, an IOF list's, or a correction. */
export function historySource(time: { source: string; line: number | null }): string {
  if (time.source === "console") return m.console_results_history_console();
  const line = time.line ?? 0;
  return time.source === "iof"
    ? m.console_results_history_iof({ line: String(line) })
    : m.console_results_history_file({ line: String(line) });
}

/** What a raw time of a result's history says: a time at a point, a clock time, or a state. */
export function historyValue(time: { point: string; kind: string; seconds: number | null; status: string | null }) {
  const value =
    time.kind === "status" ? resultStatusLabel(time.status ?? "") : time.seconds === null ? "—" : clockText(time);
  const point =
    time.point === "finish"
      ? m.console_results_point_finish()
      : time.point === "start"
        ? m.console_results_point_start()
        : time.point;
  switch (time.kind) {
    case "gun":
      return m.console_results_history_gun({ point, value });
    case "net":
      return m.console_results_history_net({ point, value });
    case "clock":
      return m.console_results_history_clock({ point, value });
    default:
      return m.console_results_history_status({ value });
  }
}

function clockText(time: { kind: string; seconds: number | null }): string {
  const seconds = time.seconds ?? 0;
  // A clock time of day reads as one even under an hour past midnight (00:05:00).
  if (time.kind === "clock" && seconds < 3600) return `0:${formatRaceTime(seconds).padStart(5, "0")}`;
  return formatRaceTime(seconds);
}

/** A result's time, or a dash for none. */
export const timeOrDash = (seconds: number | null) => (seconds === null ? "—" : formatRaceTime(seconds));
