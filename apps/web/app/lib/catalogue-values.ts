import { LOCALES } from "../i18n/locale.ts";

/**
 * What the console's catalogue pages and their form schemas (forms/console-catalogue.ts) share:
 * texts in the five languages (what is missing in which language), and instants typed in the
 * event's time zone. The forms themselves are console/console-form.tsx.
 */

export type Texts = Partial<Record<string, string>>;

/** A text in the page's language, else the first one given. */
export function textIn(texts: Texts, locale: string, fallback = ""): string {
  return texts[locale] || Object.values(texts).find(Boolean) || fallback;
}

/** The languages a translated text lacks. */
export function missingLanguages(texts: Texts | undefined): string[] {
  return LOCALES.filter((locale) => !texts?.[locale]?.trim());
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
