import { CARD_KINDS, type CardKindName, type CardListSummary } from "@sports/jsonapi";
import { formatDateTime, formatNumber } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { CardListImport } from "./card-lists.server.ts";
import { FileField } from "./console-form.tsx";
import { ConsoleTable, numeric } from "./console-table.tsx";
import { DoneNotice, ProblemsNotice } from "./notices.tsx";
import { OrganiserForm } from "./organiser-form.tsx";

/** What an event's list of one kind holds now (`GET /api/events/{id}/card-lists`). */
export interface CardListInForce {
  id: string;
  attributes: { kind: CardKindName; accepted: boolean; cards: number; appliedAt: string | null };
}

/** What the screen's last action answered about one kind's list. */
export interface CardListAnswer {
  preview?: CardListImport | undefined;
  applied?: CardListImport | undefined;
  error?: string | undefined;
  notice?: string | undefined;
}

/** A kind of card in words: "FIDAL", "Runcard", the promotion bodies'. */
export function cardKindLabel(kind: string): string {
  if (kind === "fidal") return m.console_cards_kind_fidal();
  if (kind === "runcard") return m.console_cards_kind_runcard();
  if (kind === "promotion") return m.console_cards_kind_promotion();
  return kind;
}

/** Why a row of the file was left out, in words. */
function rowReason(code: string): string {
  if (code === "card-missing") return m.console_cards_row_card_missing();
  if (code === "name-missing") return m.console_cards_row_name_missing();
  if (code === "date-invalid") return m.console_cards_row_date_invalid();
  if (code === "card-duplicate") return m.console_cards_row_card_duplicate();
  return code;
}

/** The kinds of card the event accepts, as boxes to tick (none: it asks for no card). */
export function AcceptedCardsForm({
  accepted,
  error,
  chosen,
}: {
  accepted: readonly string[];
  error: string | undefined;
  /** What was ticked when the choice was refused, shown again. */
  chosen: readonly string[] | undefined;
}) {
  const ticked = chosen ?? accepted;
  return (
    <section aria-labelledby="cards-accepted-title" className="console-section">
      <h2 id="cards-accepted-title">{m.console_cards_accepted_title()}</h2>
      <p>{m.console_cards_accepted_lead()}</p>
      <OrganiserForm method="post" className="console-form" key={ticked.join(",")}>
        <input type="hidden" name="intent" value="accepted" />
        <fieldset
          className="console-splits"
          aria-describedby={error ? "cards-accepted-error" : "cards-accepted-hint"}
          aria-invalid={error ? true : undefined}
        >
          <legend>{m.console_cards_accepted_legend()}</legend>
          <p className="field-hint" id="cards-accepted-hint">
            {m.console_cards_accepted_hint()}
          </p>
          {CARD_KINDS.map((kind) => (
            <label key={kind} className="console-check">
              <input type="checkbox" name="acceptedCards" value={kind} defaultChecked={ticked.includes(kind)} />{" "}
              {cardKindLabel(kind)}
            </label>
          ))}
          {error ? (
            <p id="cards-accepted-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
        <p>
          <button type="submit" className="button button-primary">
            {m.console_cards_accepted_save()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}

/**
 * One accepted kind's list: how many cards are in force and since when, the file to upload, then
 * its dry run and the button that applies it. Nothing changes until it is applied; a preview the
 * list moved away from is shown again, fresh, with the refusal above it.
 */
export function CardListSection({
  list,
  answer,
  timeZone,
}: {
  list: CardListInForce;
  answer: CardListAnswer;
  timeZone: string;
}) {
  const { locale } = useRootData();
  const { kind, cards, appliedAt } = list.attributes;
  const { preview, applied } = answer;
  const label = cardKindLabel(kind);
  return (
    <section aria-labelledby={`cards-${kind}-title`} className="console-section">
      <h2 id={`cards-${kind}-title`}>{m.console_cards_list_title({ kind: label })}</h2>
      <p>
        {appliedAt
          ? m.console_cards_in_force({ count: cards, date: formatDateTime(appliedAt, locale, timeZone) })
          : m.console_cards_none_in_force()}
      </p>
      {applied ? (
        <DoneNotice>
          {m.console_cards_applied({
            added: applied.attributes.summary.added,
            removed: applied.attributes.summary.removed,
            changed: applied.attributes.summary.changed,
            unchanged: applied.attributes.summary.unchanged,
          })}
        </DoneNotice>
      ) : null}
      <ProblemsNotice problems={[answer.notice]} />
      {preview ? <CardListPreview preview={preview} /> : null}
      <OrganiserForm
        method="post"
        encType="multipart/form-data"
        className={preview ? "console-form console-section" : "console-form"}
        noValidate
      >
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="kind" value={kind} />
        <FileField
          id={`cards-file-${kind}`}
          name="file"
          label={preview ? m.console_cards_file_other({ kind: label }) : m.console_cards_file({ kind: label })}
          hint={m.console_cards_file_hint()}
          accept=".csv,.txt,text/csv,text/plain"
          error={answer.error}
        />
        <p>
          <button type="submit" className="button button-primary">
            {m.console_cards_upload()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}

/** The dry run of an uploaded file, the rows it left out, and "Apply". */
function CardListPreview({ preview }: { preview: CardListImport }) {
  const { kind, summary } = preview.attributes;
  return (
    <section aria-labelledby={`cards-${kind}-preview-title`}>
      <h3 id={`cards-${kind}-preview-title`}>{m.console_cards_preview_title()}</h3>
      <DryRun kind={kind} summary={summary} />
      <OrganiserForm method="post" className="console-form">
        <input type="hidden" name="intent" value="apply" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="importId" value={preview.id} />
        <p className="console-hint">{m.console_cards_apply_hint()}</p>
        <p>
          <button type="submit" className="button button-primary">
            {m.console_cards_apply()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}

function DryRun({ kind, summary }: { kind: string; summary: CardListSummary }) {
  const { locale } = useRootData();
  const count = (value: number) => formatNumber(value, locale);
  const counts: [string, number][] = [
    [m.console_cards_count_entries(), summary.entries],
    [m.console_cards_count_added(), summary.added],
    [m.console_cards_count_removed(), summary.removed],
    [m.console_cards_count_changed(), summary.changed],
    [m.console_cards_count_unchanged(), summary.unchanged],
    [m.console_cards_count_invalid(), summary.invalid],
  ];
  const more = summary.invalid - summary.invalidRows.length;
  return (
    <>
      <dl className="console-glance">
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{count(value)}</dd>
          </div>
        ))}
      </dl>
      {summary.removed > 0 ? <p>{m.console_cards_removed_hint({ count: summary.removed })}</p> : null}
      {summary.invalidRows.length > 0 ? (
        <>
          <h4 id={`cards-${kind}-invalid-title`}>{m.console_results_invalid_title({ count: summary.invalid })}</h4>
          <ConsoleTable
            labelledBy={`cards-${kind}-invalid-title`}
            columns={[
              numeric(m.console_results_col_line()),
              m.console_results_col_column(),
              m.console_results_col_value(),
              m.console_results_col_reason(),
            ]}
          >
            {summary.invalidRows.map((row) => (
              <tr key={`${row.line}-${row.code}`}>
                <td className="console-num">{row.line}</td>
                <td>{row.column ?? "—"}</td>
                <td>{row.value ?? "—"}</td>
                <td>{rowReason(row.code)}</td>
              </tr>
            ))}
          </ConsoleTable>
          {more > 0 ? <p>{m.console_results_and_more({ count: more })}</p> : null}
        </>
      ) : null}
    </>
  );
}
