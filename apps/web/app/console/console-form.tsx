import {
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { z } from "zod";
import { FieldErrors, TextField } from "../forms/fields.tsx";
import { parseForm } from "../forms/use-site-form.ts";
import { languageNames } from "../i18n/language-names.ts";
import { LOCALES } from "../i18n/locale.ts";
import * as m from "../paraglide/messages.js";
import { getLocale } from "../paraglide/runtime.js";

/**
 * The console's forms behave as the site's (forms/use-site-form.ts): plain HTML forms the browser
 * does not check (`noValidate`), checked with the schema the action uses when submitted and again
 * by the action, the API's refusals at their fields (forms/reply.ts), each message in the page's
 * language. Above the form, the summary of what to fix takes the focus whenever a submission
 * is refused: with JavaScript once the browser's check or the action's answer is in, without it
 * as the page loads (`autofocus`).
 */
export function useConsoleForm<Output extends Record<string, unknown>, Input extends Record<string, unknown>>(options: {
  id: string;
  schema: z.ZodType<Output, Input>;
  lastResult?: SubmissionResult | null | undefined;
  defaultValue?: NoInfer<DefaultValue<Input>>;
}) {
  // Checked on submission, then again as each field is corrected: never as a field is left, so
  // that nothing moves under the finger between touching the button and lifting it.
  const [form, fields] = useForm<Input, Output>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, options.schema),
  });
  const [, setHeld] = useState(0);
  const hydrated = useHydrated();
  const { lastResult } = options;
  const refused = lastResult?.status === "error";
  // The summary to focus once it is shown: after the action's refusal (Conform shows its errors a
  // render later) or the browser's check held a submission back; after Conform's own focus on the
  // first field at fault, since the summary names them all.
  const focusSummary = useRef(false);
  useEffect(() => {
    if (lastResult?.status === "error") focusSummary.current = true;
  }, [lastResult]);
  useEffect(() => {
    const summary = focusSummary.current ? document.getElementById(form.errorId) : null;
    if (!summary) return;
    focusSummary.current = false;
    summary.focus();
  });
  const props = getFormProps(form);
  const formProps = {
    ...props,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      props.onSubmit(event);
      // Held back by the browser's check (a button of a list, adding or removing a row, is not a submission).
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (event.defaultPrevented && submitter?.getAttribute("name") !== "__intent__") {
        focusSummary.current = true;
        setHeld((count) => count + 1);
      }
    },
  };
  /** For the summary: the focus as the page loads, for a browser without JavaScript. */
  const summaryFocus = refused && !hydrated;
  return [form, fields, formProps, summaryFocus] as const;
}

const noSubscription = () => () => {};

/** False while the page is rendered on the server and hydrated, true once it runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The summary's labels of a translated field: the field itself, then each language's. */
export function translatedLabels(name: string, label: string): Record<string, string> {
  return Object.fromEntries([
    [name, label],
    ...LOCALES.map((locale) => [`${name}.${locale}`, m.console_event_in_language({ field: label, language: locale })]),
  ]);
}

type Texts = Partial<Record<string, string>>;

/**
 * One translated text: its five languages side by side (stacked on a phone, each labelled with its
 * language), which are missing, and the errors of each language and of the whole text.
 */
export function TranslatedFields({
  field,
  label,
  multiline,
  required,
}: {
  field: FieldMetadata<Texts | undefined>;
  label: string;
  multiline?: boolean;
  required?: boolean;
}) {
  const parts = field.getFieldset();
  // As typed so far (the value Conform keeps), so that the line follows what is filled in.
  const given = (field.value ?? {}) as Record<string, unknown>;
  const missing = LOCALES.filter((locale) => typeof given[locale] !== "string" || !given[locale].trim());
  const invalid = Boolean(field.errors?.length);
  const missingId = `${field.id}-missing`;
  const describedBy = [missing.length > 0 ? missingId : "", invalid ? field.errorId : ""].join(" ").trim();
  return (
    <fieldset id={field.id} className="console-languages" aria-describedby={describedBy || undefined}>
      <legend>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      {missing.length > 0 ? (
        <p id={missingId} className="console-missing">
          {m.console_event_missing_in({ languages: languageNames(missing, getLocale()) })}
        </p>
      ) : null}
      <div className="console-languages-grid">
        {LOCALES.map((locale) => {
          const part = parts[locale];
          if (!part) return null;
          const text = m.console_event_in_language({ field: label, language: locale });
          return multiline ? (
            <TextAreaField key={locale} field={part} label={text} lang={locale} />
          ) : (
            <TextField key={locale} field={part} label={text} lang={locale} />
          );
        })}
      </div>
      <FieldErrors field={field} />
    </fieldset>
  );
}

/** A labelled text of several lines, described as a text field is (forms/fields.tsx). */
export function TextAreaField({
  field,
  label,
  hint,
  lang,
  rows = 5,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: ReactNode;
  lang?: string;
  rows?: number;
}) {
  const invalid = Boolean(field.errors?.length);
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [hintId, invalid ? field.errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={field.id}
        name={field.name}
        lang={lang}
        rows={rows}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""}
        key={field.key}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
      />
      <FieldErrors field={field} />
    </div>
  );
}

/**
 * A file to upload (a course's GPX, a cover image, a timing file), its label, what it may be (a
 * hint) and the action's refusal under it: these forms are sent whole, not checked by Conform, so
 * the refusal comes as one message.
 */
export function FileField({
  id,
  name,
  label,
  accept,
  error,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  accept: string;
  error: string | null | undefined;
  hint?: string;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].join(" ").trim();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What the action refused that is no field's (a deletion while rooms are booked, a cancellation not
 * confirmed), said where the form is and focused as the summary of a form is.
 */
export function Refusal({ message, id }: { message: string | undefined; id: string }) {
  if (!message) return null;
  return (
    <RefusalBox id={id} when={message}>
      <p>{message}</p>
    </RefusalBox>
  );
}

/**
 * The box of a refusal, as the summary above a refused form looks: focused whenever it appears or
 * what it says changes (`when`), and as the page loads without JavaScript (`autofocus`).
 */
export function RefusalBox({
  id,
  when,
  labelledBy,
  children,
}: {
  id?: string;
  when: unknown;
  labelledBy?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return (
    <div
      ref={ref}
      id={id}
      className="form-errors"
      role="alert"
      tabIndex={-1}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noAutofocus: without JavaScript, what was refused is where the organiser's attention belongs.
      autoFocus={!hydrated}
    >
      {children}
    </div>
  );
}

export type ConsoleForm = FormMetadata<Record<string, unknown>>;
