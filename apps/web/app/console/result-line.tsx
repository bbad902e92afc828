import type { SubmissionResult } from "@conform-to/react";
import { RESULT_STATUSES, type ResultHistoryEntry } from "@sports/jsonapi";
import { Link } from "react-router";
import { correctionForm, timeText } from "../forms/console-results.ts";
import { FormErrors, SelectField, TextField } from "../forms/fields.tsx";
import { formatDateTime } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { useConsoleForm } from "./console-form.tsx";
import { SavedNotice } from "./notices.tsx";
import { OrganiserForm, useConsoleRole } from "./organiser-form.tsx";
import { historySource, historyValue, resultStatusLabel, timeOrDash } from "./result-labels.ts";
import type { ResultRow } from "./results-table.tsx";

/**
 * One line of the results on a screen of its own: what it says now, the organiser's correction
 * (times typed as h:mm:ss, the state, and why), every raw time it was worked out from, oldest
 * first, and its diploma's preview for a finisher.
 */
export function ResultLine({
  line,
  history,
  timeZone,
  back,
  lastResult,
  saved,
}: {
  line: ResultRow;
  history: ResultHistoryEntry[];
  timeZone: string;
  back: string;
  lastResult: SubmissionResult | undefined;
  saved: boolean;
}) {
  const { locale, apiBaseUrl } = useRootData();
  const organiser = useConsoleRole() === "organiser";
  const a = line.attributes;
  const name = `${a.givenName} ${a.familyName}`.trim();
  const diploma = `${apiBaseUrl.replace(/\/+$/, "")}/api/results/${encodeURIComponent(line.id)}/diploma.pdf?locale=${locale}`;
  return (
    <>
      <h1>{m.console_results_line_title({ bib: a.bib, name: name || "—" })}</h1>
      <p>
        <Link to={back}>{m.console_results_back()}</Link>
      </p>
      <SavedNotice saved={saved} />
      <dl className="console-facts">
        <dt>{m.console_results_col_status()}</dt>
        <dd>{resultStatusLabel(a.status)}</dd>
        <dt>{m.console_results_col_gun_time()}</dt>
        <dd>{timeOrDash(a.gunTime)}</dd>
        <dt>{m.console_results_col_net_time()}</dt>
        <dd>{timeOrDash(a.netTime)}</dd>
        <dt>{m.console_results_sort_rank()}</dt>
        <dd>{a.ranks.overall ?? "—"}</dd>
        <dt>{m.console_results_col_category()}</dt>
        <dd>{a.category && a.ranks.category !== null ? `${a.category} (${a.ranks.category})` : (a.category ?? "—")}</dd>
        <dt>{m.console_results_field_club()}</dt>
        <dd>{a.club ?? "—"}</dd>
      </dl>
      {a.status === "finished" ? (
        <p>
          <a href={diploma}>{m.console_results_diploma()}</a>
        </p>
      ) : null}
      {organiser ? (
        // A saved correction changes what the line shows: the form starts again from it.
        <Correction
          key={`${a.status}|${a.gunTime}|${a.netTime}`}
          line={line}
          lastResult={saved ? undefined : lastResult}
        />
      ) : null}
      <section className="console-section" aria-labelledby="result-history-title">
        <h2 id="result-history-title">{m.console_results_history_title()}</h2>
        {history.length === 0 ? (
          <p>{m.console_results_history_empty()}</p>
        ) : (
          <ol className="console-list">
            {history.map((time) => (
              <li key={time.id}>
                <strong>{historyValue(time)}</strong> · {historySource(time)} ·{" "}
                {formatDateTime(time.receivedAt, locale, timeZone)}
                {time.reason ? (
                  <p className="console-hint">{m.console_results_history_reason({ reason: time.reason })}</p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** The organiser's correction of the line: only what differs from what it shows is sent, with the reason. */
function Correction({ line, lastResult }: { line: ResultRow; lastResult: SubmissionResult | undefined }) {
  const a = line.attributes;
  const shown = { gunTime: timeText(a.gunTime), netTime: timeText(a.netTime), status: a.status };
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: `correction-${line.id}`,
    schema: correctionForm,
    lastResult,
    defaultValue: { resultId: line.id, ...shown, reason: "" },
  });
  const labels = {
    gunTime: m.console_results_col_gun_time(),
    netTime: m.console_results_col_net_time(),
    status: m.console_results_col_status(),
    reason: m.console_results_reason(),
  };
  return (
    <section className="console-section" aria-labelledby="result-correction-title">
      <h2 id="result-correction-title">{m.console_results_correct_title()}</h2>
      <OrganiserForm method="post" className="console-form" {...formProps}>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <input type="hidden" name="intent" value="correct" />
        <input type="hidden" name="resultId" value={line.id} />
        <input type="hidden" name="shownGunTime" value={shown.gunTime} />
        <input type="hidden" name="shownNetTime" value={shown.netTime} />
        <input type="hidden" name="shownStatus" value={shown.status} />
        <div className="console-fields-row">
          <TextField
            field={fields.gunTime}
            label={labels.gunTime}
            hint={m.console_results_time_hint()}
            autoComplete="off"
          />
          <TextField
            field={fields.netTime}
            label={labels.netTime}
            hint={m.console_results_time_hint()}
            autoComplete="off"
          />
          <SelectField field={fields.status} label={labels.status} required>
            {RESULT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {resultStatusLabel(status)}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          field={fields.reason}
          label={labels.reason}
          hint={m.console_results_reason_hint()}
          maxLength={500}
          autoComplete="off"
          required
        />
        <p>
          <button type="submit" className="button button-primary">
            {m.console_results_correct()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}
