import { ApiError } from "@sports/jsonapi";
import { LOCALES } from "../i18n/locale.ts";
import * as m from "../paraglide/messages.js";

/**
 * What the console's catalogue forms share: translated fields in the five languages side by side
 * (stacked on a phone, each labelled with its language), what is missing in which language, the
 * API's field errors shown on their fields, and instants typed in the event's time zone.
 */

export type Texts = Partial<Record<string, string>>;
/** A field's problem by form name (`title.it-IT`, `venue.country`), from the API's pointers. */
export type FieldErrors = Record<string, string>;

/** The API's 400 as field errors: `/data/attributes/venue/country` is the field `venue.country`. */
export function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  if (!ApiError.is(error) || (error.status !== 400 && error.status !== 409)) return undefined;
  const errors: FieldErrors = {};
  for (const object of error.errors) {
    const pointer = object.source?.pointer ?? "";
    const name = pointer.replace(/^\/data(\/attributes)?\/?/, "").replaceAll("/", ".") || "form";
    errors[name] ??= object.detail ?? object.title ?? object.code ?? "";
  }
  return errors;
}

/** A text in the page's language, else the first one given. */
export function textIn(texts: Texts, locale: string, fallback = ""): string {
  return texts[locale] || Object.values(texts).find(Boolean) || fallback;
}

/** The languages a translated text lacks. */
export function missingLanguages(texts: Texts | undefined): string[] {
  return LOCALES.filter((locale) => !texts?.[locale]?.trim());
}

/** The texts typed for `name` in each language (`name.it-IT`…). */
export function textsFrom(form: FormData, name: string): Texts {
  return Object.fromEntries(LOCALES.map((locale) => [locale, String(form.get(`${name}.${locale}`) ?? "").trim()]));
}

/** `2027-06-10T07:00` typed in `timeZone`, as an instant with its offset (`…Z`). */
export function instantFrom(local: string, timeZone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return undefined;
  const asUtc = Date.parse(`${local}:00Z`);
  let instant = asUtc - offsetMinutes(asUtc, timeZone) * 60_000;
  // Near a change of offset the first guess may be an hour off: one more step settles it.
  instant = asUtc - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** An instant as `2027-06-10T07:00` in `timeZone`, for a datetime-local field. */
export function localFrom(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function offsetMinutes(instant: number, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat("en", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(new Date(instant))
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** One translated field: its five languages side by side, and which are missing. */
export function LanguageFields(props: {
  name: string;
  label: string;
  values: Texts | undefined;
  errors?: FieldErrors | undefined;
  multiline?: boolean;
  required?: boolean;
}) {
  const missing = missingLanguages(props.values);
  const hintId = `${props.name}-missing`;
  return (
    <fieldset className="console-languages">
      <legend>{props.label}</legend>
      {missing.length > 0 ? (
        <p id={hintId} className="console-missing">
          {m.console_event_missing_in({ languages: missing.join(", ") })}
        </p>
      ) : null}
      <div className="console-languages-grid">
        {LOCALES.map((locale) => {
          const id = `${props.name}.${locale}`;
          const error = props.errors?.[id];
          const common = {
            id,
            name: id,
            lang: locale,
            defaultValue: props.values?.[locale] ?? "",
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
          };
          return (
            <div key={locale} className="console-field">
              <label htmlFor={id}>{m.console_event_in_language({ field: props.label, language: locale })}</label>
              {props.multiline ? <textarea rows={5} {...common} /> : <input type="text" {...common} />}
              {error ? (
                <p id={`${id}-error`} className="console-error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {props.errors?.[props.name] ? <p className="console-error">{props.errors[props.name]}</p> : null}
    </fieldset>
  );
}

/** A labelled single field with its error under it. */
export function Field(props: {
  name: string;
  label: string;
  errors?: FieldErrors | undefined;
  type?: string;
  defaultValue?: string | number | null;
  required?: boolean;
  children?: React.ReactNode;
  step?: string;
}) {
  const error = props.errors?.[props.name];
  return (
    <div className="console-field">
      <label htmlFor={props.name}>{props.label}</label>
      {props.children ?? (
        <input
          id={props.name}
          name={props.name}
          type={props.type ?? "text"}
          step={props.step}
          required={props.required}
          defaultValue={props.defaultValue ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${props.name}-error` : undefined}
        />
      )}
      {error ? (
        <p id={`${props.name}-error`} className="console-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Above a catalogue form: "Changes saved.", or what the API refused, said once for the whole form. */
export function SaveOutcome({ saved, errors }: { saved: boolean | undefined; errors: FieldErrors | undefined }) {
  return (
    <>
      {saved ? (
        <p className="console-notice" role="status">
          {m.console_event_saved()}
        </p>
      ) : null}
      {errors ? (
        <p className="console-error" role="alert">
          {errors.form ?? m.console_event_errors()}
        </p>
      ) : null}
    </>
  );
}
