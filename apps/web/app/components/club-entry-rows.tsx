import { Form } from "react-router";
import { rowProblemMessage } from "../forms/club-entry.ts";
import { errorMessage } from "../forms/messages.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { formatCalendarDay } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { FixAnswer } from "../signup/club-entry.server.ts";
import { type EntryRow, type RowField, type RowParticipant, rowFieldsOf } from "../signup/club-entry.ts";
import { GenderOptions } from "./gender-options.tsx";

/*
 * A club entry's rows (routes/club-entry.tsx): the valid ones in one compact line each, and each row
 * with problems as a small form of its own, its problems at their fields, that posts the row fixed
 * (`intent=fix`) and works without JavaScript.
 */

const LABELS: Record<RowField, () => string> = {
  givenName: m.field_given_name,
  familyName: m.field_family_name,
  birthDate: m.field_birth_date,
  gender: m.field_gender,
  email: m.field_email,
  phone: m.field_phone,
  nationality: m.field_nationality,
  club: m.field_club,
  federationCard: m.field_federation_card,
  tshirtSize: m.field_tshirt_size,
  emergencyContactName: m.field_emergency_contact_name,
  emergencyContactPhone: m.field_emergency_contact_phone,
};

const INPUT_TYPES: Partial<Record<RowField, string>> = { birthDate: "date", email: "email", phone: "tel" };

/** A row's athlete as one name, or its line when the file gave none. */
export function rowName(row: Pick<EntryRow, "line" | "participant">): string {
  const name = [row.participant.givenName, row.participant.familyName].filter(Boolean).join(" ");
  return name || m.club_entry_line({ line: String(row.line) });
}

/**
 * The valid rows, one line each: who, the category, the card, and in a preview whether their
 * certificate is still to come (once held, the list of who is missing a part says it as it is now).
 */
export function ValidRows({ rows, preview }: { rows: readonly EntryRow[]; preview: boolean }) {
  const { locale } = useRootData();
  return (
    <ul className="entry-rows">
      {rows.map((row) => (
        <li key={row.line}>
          <strong>{rowName(row)}</strong>
          <span className="event-meta">
            {[
              m.club_entry_line({ line: String(row.line) }),
              row.participant.birthDate && formatCalendarDay(row.participant.birthDate, locale),
              row.category && m.club_entry_category({ category: row.category }),
              row.participant.federationCard && m.club_entry_card({ card: row.participant.federationCard }),
              preview && row.certificate === "to-be-given" && m.club_entry_certificate_to_give(),
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The rows with problems, each with its own form to fix it in place. */
export function ProblemRows({
  rows,
  answer,
  fixable,
}: {
  rows: readonly EntryRow[];
  /** The last fix's answer, for the row it was about. */
  answer: FixAnswer | undefined;
  /** Whether the rows may still be fixed (a preview); a held entry lists them only. */
  fixable: boolean;
}) {
  return (
    <ol className="entry-rows entry-problems">
      {rows.map((row) => (
        <ProblemRow
          key={row.line}
          row={row}
          fixable={fixable}
          answer={answer?.line === row.line && !answer.fixed ? answer : undefined}
        />
      ))}
    </ol>
  );
}

function ProblemRow({ row, answer, fixable }: { row: EntryRow; answer: FixAnswer | undefined; fixable: boolean }) {
  const base = `riga-${row.line}`;
  const titleId = `${base}-title`;
  const values: RowParticipant = answer?.values ?? row.participant;
  // The API's refusal of the fix where there is one, else the preview's problems, each at its field.
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => errors.set(field, [...(errors.get(field) ?? []), message]);
  if (answer?.errors) {
    for (const [field, codes] of Object.entries(answer.errors))
      for (const code of codes ?? []) add(field, errorMessage(code));
  } else {
    for (const problem of row.problems) add(problem.field ?? "", rowProblemMessage(problem));
  }
  const rowErrors = [...(errors.get("") ?? []), ...(answer?.formErrors ?? []).map((code) => errorMessage(code))];
  const { shown, folded } = rowFieldsOf(row);
  const field = (name: RowField) => (
    // Keyed by its value too: a refused fix shows what was typed, not what the input started with.
    <RowInput
      key={`${name}:${values[name] ?? ""}`}
      base={base}
      name={name}
      value={values[name]}
      errors={errors.get(name)}
    />
  );
  return (
    <li id={base} className="entry-problem" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {m.club_entry_line({ line: String(row.line) })} · {rowName(row)}
      </h3>
      {rowErrors.length > 0 && (
        <ul className="entry-row-problems">
          {rowErrors.map((message) => (
            <li key={message} className="field-error">
              {message}
            </li>
          ))}
        </ul>
      )}
      {fixable ? (
        <Form method="post" className="account-form entry-fix" aria-labelledby={titleId} preventScrollReset>
          <input type="hidden" name="intent" value="fix" />
          <input type="hidden" name="line" value={row.line} />
          <div className="field-row">{shown.map(field)}</div>
          <details className="entry-more">
            <summary>{m.club_entry_more_fields()}</summary>
            <div className="field-row">{folded.map(field)}</div>
          </details>
          <SubmitButton name="line" value={String(row.line)}>
            {m.club_entry_fix_submit({ line: String(row.line) })}
          </SubmitButton>
        </Form>
      ) : (
        <p className="event-meta">
          {shown
            .map((name) => values[name])
            .filter(Boolean)
            .join(" · ")}
        </p>
      )}
    </li>
  );
}

/** One of a row's fields: labelled, its problems under it and tied to it for screen readers. */
function RowInput({
  base,
  name,
  value,
  errors,
}: {
  base: string;
  name: RowField;
  value: string | null;
  errors: string[] | undefined;
}) {
  const id = `${base}-${name}`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  const described = invalid ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <div className="field">
      <label htmlFor={id}>{LABELS[name]()}</label>
      {name === "gender" ? (
        <select id={id} name={name} defaultValue={value ?? ""} {...described}>
          <GenderOptions empty={m.field_choose()} />
        </select>
      ) : (
        <input
          id={id}
          name={name}
          type={INPUT_TYPES[name] ?? "text"}
          defaultValue={value ?? ""}
          autoComplete="off"
          {...(name === "nationality" ? { maxLength: 2, autoCapitalize: "characters" } : {})}
          {...described}
        />
      )}
      {invalid && (
        <p className="field-error" id={errorId}>
          {errors?.join(" ")}
        </p>
      )}
    </div>
  );
}
