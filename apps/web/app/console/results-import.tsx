import type { SubmissionResult } from "@conform-to/react";
import { type ResultImportSummary, TIMING_FIELDS } from "@sports/jsonapi";
import { type MappingForm, mappingForm, mappingValues } from "../forms/console-results.ts";
import { FieldErrors, FormErrors, SelectField } from "../forms/fields.tsx";
import { formatNumber } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { FileField, useConsoleForm } from "./console-form.tsx";
import { ConsoleTable, numeric } from "./console-table.tsx";
import { DoneNotice, ProblemsNotice } from "./notices.tsx";
import { OrganiserForm } from "./organiser-form.tsx";
import {
  invalidRowReason,
  resultStatusLabel,
  timeOrDash,
  timingFieldLabel,
  timingFormatLabel,
} from "./result-labels.ts";
import type { ResultImport } from "./results.server.ts";

/** How many of a dry run's bibs, rows and changes are listed; the rest are counted. */
const LISTED = 50;

/** What the results screen's last import action answered (routes/console/results.tsx). */
export interface ImportAnswer {
  preview?: ResultImport | undefined;
  applied?: ResultImport | undefined;
  error?: string | undefined;
  notice?: string | undefined;
  mappingResult?: SubmissionResult | undefined;
}

/**
 * A timing file's import: the file to upload, then its preview (the format found, the mapping of
 * its columns to a result's fields, the dry run) and the button that applies it. Nothing changes
 * until it is applied; a preview made before the results moved is shown again, fresh, to apply.
 */
export function ResultsImport({ answer }: { answer: ImportAnswer }) {
  const { preview, applied } = answer;
  return (
    <section className="console-section" aria-labelledby="results-import-title">
      <h2 id="results-import-title">{m.console_results_import_title()}</h2>
      <p>{m.console_results_import_lead()}</p>
      {applied ? (
        <DoneNotice>
          {m.console_results_applied({
            added: applied.attributes.summary.new,
            changed: applied.attributes.summary.changed,
            unchanged: applied.attributes.summary.unchanged,
          })}
        </DoneNotice>
      ) : null}
      <ProblemsNotice problems={[answer.notice]} />
      {preview ? <ImportPreview preview={preview} lastResult={answer.mappingResult} /> : null}
      <OrganiserForm
        method="post"
        encType="multipart/form-data"
        className={preview ? "console-form console-section" : "console-form console-results-upload"}
        noValidate
      >
        <input type="hidden" name="intent" value="upload" />
        <FileField
          id="results-file"
          name="file"
          label={preview ? m.console_results_file_other() : m.console_results_file()}
          hint={m.console_results_file_hint()}
          accept=".csv,.txt,.xlsx,.xml,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/xml,text/xml"
          error={answer.error}
        />
        <p>
          <button type="submit" className="button button-primary">
            {m.console_results_upload()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}

/** The preview of an uploaded file: its format, the mapping form, the dry run and "Apply". */
function ImportPreview({ preview, lastResult }: { preview: ResultImport; lastResult: SubmissionResult | undefined }) {
  const { format, summary } = preview.attributes;
  return (
    <section aria-labelledby="results-preview-title">
      <h3 id="results-preview-title">{m.console_results_preview_title()}</h3>
      <p>{m.console_results_preview_format({ format: timingFormatLabel(format), rows: summary.rows })}</p>
      <MappingFields preview={preview} lastResult={lastResult} />
      <DryRun summary={summary} />
      <OrganiserForm method="post" className="console-form">
        <input type="hidden" name="intent" value="apply" />
        <input type="hidden" name="importId" value={preview.id} />
        <p className="console-hint">{m.console_results_apply_hint()}</p>
        <p>
          <button type="submit" className="button button-primary">
            {m.console_results_apply()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}

/** A column as the mapping's choices name it: its header, or its place when it has none. */
const columnName = (columns: readonly string[], index: number) =>
  columns[index]?.trim() || m.console_results_column_unnamed({ n: index + 1 });

/** One choice per field of a result, each listing the file's columns (or none), and the splits as boxes. */
function MappingFields({ preview, lastResult }: { preview: ResultImport; lastResult: SubmissionResult | undefined }) {
  const { columns, mapping } = preview.attributes;
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: `mapping-${preview.id}`,
    schema: mappingForm,
    lastResult,
    defaultValue: { importId: preview.id, ...mappingValues(mapping) },
  });
  const labels: Record<string, string> = Object.fromEntries(
    TIMING_FIELDS.map((field) => [field, timingFieldLabel(field)]),
  );
  labels.splits = m.console_results_field_splits();
  const splits = fields.splits;
  const chosenSplits = new Set(
    (Array.isArray(splits.initialValue) ? splits.initialValue : [splits.initialValue]).map(String),
  );
  return (
    <OrganiserForm method="post" className="console-form" {...formProps}>
      <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
      <input type="hidden" name="intent" value="remap" />
      <input type="hidden" name="importId" value={preview.id} />
      <fieldset className="console-languages">
        <legend>{m.console_results_mapping_legend()}</legend>
        <p className="field-hint">{m.console_results_mapping_hint()}</p>
        <div className="console-fields-row">
          {TIMING_FIELDS.map((field) => (
            <SelectField
              key={field}
              field={fields[field as keyof MappingForm]}
              label={labels[field] ?? field}
              required={field === "bib"}
            >
              <option value="">{m.console_results_column_none()}</option>
              {columns.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place in the file.
                <option key={index} value={String(index)}>
                  {columnName(columns, index)}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
        <fieldset
          id={splits.id}
          className="console-splits"
          aria-describedby={splits.errors?.length ? splits.errorId : undefined}
        >
          <legend>{labels.splits}</legend>
          {columns.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place in the file.
            <label key={index} className="console-check">
              <input
                type="checkbox"
                name="splits"
                value={String(index)}
                defaultChecked={chosenSplits.has(String(index))}
              />{" "}
              {columnName(columns, index)}
            </label>
          ))}
          <FieldErrors field={splits} />
        </fieldset>
      </fieldset>
      <p>
        <button type="submit" className="button">
          {m.console_results_preview_again()}
        </button>
      </p>
    </OrganiserForm>
  );
}

/** The first `LISTED` of `items`, and how many more there are. */
function listed<T>(items: readonly T[]): { shown: readonly T[]; more: number } {
  return { shown: items.slice(0, LISTED), more: Math.max(0, items.length - LISTED) };
}

/** What applying the file would do: counts, bibs nobody wears, bibs twice, rows left out, the first changes. */
function DryRun({ summary }: { summary: ResultImportSummary }) {
  const { locale } = useRootData();
  const unknown = listed(summary.unknownBibs);
  const duplicates = listed(summary.duplicateBibs);
  const invalid = listed(summary.invalidRows);
  const changes = listed(summary.changes);
  const count = (value: number) => formatNumber(value, locale);
  return (
    <section aria-labelledby="results-dry-run-title">
      <h3 id="results-dry-run-title">{m.console_results_dry_run_title()}</h3>
      <dl className="console-glance">
        <div>
          <dt>{m.console_results_count_new()}</dt>
          <dd>{count(summary.new)}</dd>
        </div>
        <div>
          <dt>{m.console_results_count_changed()}</dt>
          <dd>{count(summary.changed)}</dd>
        </div>
        <div>
          <dt>{m.console_results_count_unchanged()}</dt>
          <dd>{count(summary.unchanged)}</dd>
        </div>
        <div>
          <dt>{m.console_results_count_invalid()}</dt>
          <dd>{count(summary.invalidRows.length)}</dd>
        </div>
      </dl>
      {unknown.shown.length > 0 ? (
        <>
          <h4>{m.console_results_unknown_title({ count: summary.unknownBibs.length })}</h4>
          <p className="console-hint">{m.console_results_unknown_hint()}</p>
          <p>
            {unknown.shown.join(", ")}
            {unknown.more > 0 ? ` ${m.console_results_and_more({ count: unknown.more })}` : ""}
          </p>
        </>
      ) : null}
      {duplicates.shown.length > 0 ? (
        <>
          <h4>{m.console_results_duplicates_title({ count: summary.duplicateBibs.length })}</h4>
          <p className="console-hint">{m.console_results_duplicates_hint()}</p>
          <ul className="console-list">
            {duplicates.shown.map((duplicate) => (
              <li key={duplicate.bib}>
                {m.console_results_duplicate_line({ bib: duplicate.bib, lines: duplicate.lines.join(", ") })}
              </li>
            ))}
          </ul>
          {duplicates.more > 0 ? <p>{m.console_results_and_more({ count: duplicates.more })}</p> : null}
        </>
      ) : null}
      {invalid.shown.length > 0 ? (
        <>
          <h4 id="results-invalid-title">{m.console_results_invalid_title({ count: summary.invalidRows.length })}</h4>
          <ConsoleTable
            labelledBy="results-invalid-title"
            columns={[
              numeric(m.console_results_col_line()),
              m.console_results_col_column(),
              m.console_results_col_value(),
              m.console_results_col_reason(),
            ]}
          >
            {invalid.shown.map((row) => (
              <tr key={`${row.line}-${row.code}`}>
                <td className="console-num">{row.line}</td>
                <td>{row.column ?? "—"}</td>
                <td>{row.value ?? "—"}</td>
                <td>{invalidRowReason(row.code)}</td>
              </tr>
            ))}
          </ConsoleTable>
          {invalid.more > 0 ? <p>{m.console_results_and_more({ count: invalid.more })}</p> : null}
        </>
      ) : null}
      {changes.shown.length > 0 ? (
        <>
          <h4 id="results-changes-title">{m.console_results_changes_title({ count: summary.changed })}</h4>
          <ConsoleTable
            labelledBy="results-changes-title"
            columns={[
              numeric(m.console_results_col_bib()),
              m.console_results_col_name(),
              m.console_results_col_before(),
              m.console_results_col_after(),
            ]}
          >
            {changes.shown.map((change) => (
              <tr key={change.bib}>
                <td className="console-num">{change.bib}</td>
                <td>{change.name || "—"}</td>
                <td>{stateText(change.before)}</td>
                <td>{stateText(change.after)}</td>
              </tr>
            ))}
          </ConsoleTable>
        </>
      ) : null}
    </section>
  );
}

/**
 * A result's state as a change shows it: its time (and its net time when it has one of its own),
 * after its state when it did not finish (a file may still move the time of a disqualified runner).
 */
function stateText(state: { status: string; gunTime: number | null; netTime: number | null }): string {
  const time =
    state.gunTime !== null && state.netTime !== null && state.netTime !== state.gunTime
      ? m.console_results_time_with_net({ gun: timeOrDash(state.gunTime), net: timeOrDash(state.netTime) })
      : timeOrDash(state.gunTime ?? state.netTime);
  if (state.status === "finished") return time;
  return state.gunTime === null && state.netTime === null
    ? resultStatusLabel(state.status)
    : `${resultStatusLabel(state.status)} · ${time}`;
}
