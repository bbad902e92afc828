import type { InputHTMLAttributes, ReactNode } from "react";
import * as m from "../paraglide/messages.js";

/** What a field needs of Conform's field metadata. */
interface Field {
  id: string;
  name: string;
  errorId: string;
  key?: string | undefined;
  errors?: string[] | undefined;
  initialValue?: unknown;
}

/** What the error summary needs of Conform's form metadata. */
interface FormState {
  id: string;
  errorId: string;
  errors?: string[] | undefined;
  allErrors: Record<string, string[]>;
}

/**
 * The field's metadata read once. Conform builds a field's whole metadata anew on every property
 * read (and notes what the render used), so a field reading `id` in three places built it three
 * times. Here each property is read exactly once (what that saved a participants' step is in
 * bench/README.md, "Where a rendered page's time goes"). The render subscribes to the same state as before.
 */
function readField(field: Field): Field {
  return {
    id: field.id,
    name: field.name,
    errorId: field.errorId,
    key: field.key,
    errors: field.errors,
    initialValue: field.initialValue,
  };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue"> {
  field: Field;
  label: string;
  /** A line under the label: what the field is for, or the rule it must follow. */
  hint?: ReactNode;
  defaultValue?: string | null;
}

/** The ids that describe a field to screen readers: its hint, and its errors while it has some. */
function descriptionOf(field: Field, hint: ReactNode) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const invalid = Boolean(field.errors?.length);
  const describedBy = [hintId, invalid ? field.errorId : undefined].filter(Boolean).join(" ") || undefined;
  return { hintId, "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
}

function Hint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="field-hint" id={id}>
      {children}
    </p>
  );
}

/**
 * The visible mark of a required field, beside its label but outside it, so that the field's name
 * stays its label; screen readers hear "required" from the control's own `required`, so the mark
 * is hidden from them. The form's legend explains it (RequiredLegend).
 */
function RequiredMark({ required }: { required: boolean | undefined }) {
  if (!required) return null;
  return (
    <span className="required-mark" aria-hidden="true">
      *
    </span>
  );
}

/** A field's label, and its required mark beside it. */
function FieldLabel({ field, label, required }: { field: Field; label: string; required: boolean | undefined }) {
  if (!required) return <label htmlFor={field.id}>{label}</label>;
  return (
    <div className="field-label">
      <label htmlFor={field.id}>{label}</label>
      <RequiredMark required />
    </div>
  );
}

/** Above a form that marks its required fields: what the mark means. */
export function RequiredLegend() {
  return (
    <p className="required-legend">
      <span className="required-mark" aria-hidden="true">
        *
      </span>{" "}
      {m.form_required_legend()}
    </p>
  );
}

/** The value a field starts with: what was submitted last, else the form's default. */
const initialOf = (field: Field, fallback?: string | null) =>
  typeof field.initialValue === "string" ? field.initialValue : (fallback ?? undefined);

/** A labelled input with its hint and its errors under it, tied together for screen readers. */
export function TextField({ field: metadata, label, hint, defaultValue, ...input }: TextFieldProps) {
  const field = readField(metadata);
  const { hintId, ...described } = descriptionOf(field, hint);
  return (
    <div className="field">
      <FieldLabel field={field} label={label} required={input.required} />
      <Hint id={hintId}>{hint}</Hint>
      <input
        {...input}
        id={field.id}
        name={field.name}
        defaultValue={initialOf(field, defaultValue)}
        key={field.key}
        {...described}
      />
      <FieldErrors field={field} />
    </div>
  );
}

/** A labelled choice, described as a text field is. */
export function SelectField({
  field: metadata,
  label,
  hint,
  required,
  children,
}: {
  field: Field;
  label: string;
  hint?: string;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  const field = readField(metadata);
  const { hintId, ...described } = descriptionOf(field, hint);
  return (
    <div className="field">
      <FieldLabel field={field} label={label} required={required} />
      <Hint id={hintId}>{hint}</Hint>
      <select
        id={field.id}
        name={field.name}
        defaultValue={initialOf(field)}
        key={field.key}
        required={required}
        {...described}
      >
        {children}
      </select>
      <FieldErrors field={field} />
    </div>
  );
}

/** A checkbox with its label beside it (which may hold links) and its error under both. */
export function CheckboxField({
  field: metadata,
  label,
  required,
}: {
  field: Field;
  label: ReactNode;
  required?: boolean | undefined;
}) {
  const field = readField(metadata);
  const { hintId: _none, ...described } = descriptionOf(field, undefined);
  return (
    <div className="field field-check">
      <input
        type="checkbox"
        id={field.id}
        name={field.name}
        defaultChecked={field.initialValue === "on"}
        key={field.key}
        required={required}
        {...described}
      />
      {required ? (
        <span className="field-check-label">
          <label htmlFor={field.id}>{label}</label>
          <RequiredMark required />
        </span>
      ) : (
        <label htmlFor={field.id}>{label}</label>
      )}
      <FieldErrors field={field} />
    </div>
  );
}

/** A file to upload: what it may be as the hint, its errors under it. The browser never sends one back. */
export function FileField({
  field: metadata,
  label,
  hint,
  accept,
  required,
}: {
  field: Field;
  label: string;
  hint?: ReactNode;
  accept: string;
  required?: boolean | undefined;
}) {
  const field = readField(metadata);
  const { hintId, ...described } = descriptionOf(field, hint);
  return (
    <div className="field">
      <FieldLabel field={field} label={label} required={required} />
      <Hint id={hintId}>{hint}</Hint>
      <input
        type="file"
        id={field.id}
        name={field.name}
        accept={accept}
        key={field.key}
        required={required}
        {...described}
      />
      <FieldErrors field={field} />
    </div>
  );
}

/** One choice among a few, all in sight: a fieldset whose legend is the question. */
export function RadioField({
  field: metadata,
  legend,
  options,
}: {
  field: Field;
  legend: string;
  options: { value: string; label: string; hint?: string }[];
}) {
  const field = readField(metadata);
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset id={field.id} className="field field-radios" aria-describedby={invalid ? field.errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => {
        const id = `${field.id}-${option.value}`;
        return (
          <div className="field-check" key={option.value}>
            <input
              type="radio"
              id={id}
              name={field.name}
              value={option.value}
              defaultChecked={field.initialValue === option.value}
              aria-invalid={invalid || undefined}
              aria-describedby={option.hint ? `${id}-hint` : undefined}
              key={field.key}
            />
            <label htmlFor={id}>
              {option.label}
              {option.hint && (
                <span className="field-hint" id={`${id}-hint`}>
                  {option.hint}
                </span>
              )}
            </label>
          </div>
        );
      })}
      <FieldErrors field={field} />
    </fieldset>
  );
}

export function FieldErrors({ field }: { field: Field }) {
  if (!field.errors?.length) return null;
  return (
    <p className="field-error" id={field.errorId}>
      {field.errors.join(" ")}
    </p>
  );
}

/**
 * The errors of the whole form, above it: those that belong to no field, and a count of the fields
 * to fix with a link to each, so nobody has to hunt for them on a long form. `autoFocus`: it takes
 * the focus as the page loads (a refused submission answered without JavaScript).
 */
export function FormErrors({
  form,
  labels,
  autoFocus,
}: {
  form: FormState;
  labels: Record<string, string>;
  autoFocus?: boolean;
}) {
  // In the order of the labels, which is the order of the fields on the page.
  const { id, allErrors } = form;
  const fields = Object.keys(labels).filter((name) => name !== id && (allErrors[name]?.length ?? 0) > 0);
  const own = form.errors ?? [];
  if (own.length === 0 && fields.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noAutofocus: only for a refused submission, whose summary is where attention belongs.
    <div className="form-errors" id={form.errorId} role="alert" tabIndex={-1} autoFocus={autoFocus}>
      {own.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {fields.length > 0 && (
        <>
          <p>{m.form_fix_fields({ count: fields.length })}</p>
          <ul>
            {fields.map((name) => (
              <li key={name}>
                <a href={`#${id}-${name}`}>{labels[name]}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The rows of a list field (participants, stays, price tiers). A crafted post can send a plain value
 * where the form has rows (`priceTiers=x`), and the answer that shows it again must not fail on it:
 * the rows then start empty, and the form's own check says what is missing.
 */
export function rowsOf<Row>(field: { initialValue?: unknown; getFieldList(): Row[] }): Row[] {
  const value = field.initialValue;
  return value === undefined || value === null || Array.isArray(value) ? field.getFieldList() : [];
}
