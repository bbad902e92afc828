/** The languages the site speaks, as BCP 47 tags. The order is the order of last resort in {@link pickText}. */
export const LOCALES = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"] as const;
export type Locale = (typeof LOCALES)[number];

/** The fallback locale (docs/behaviour.md#languages). */
export const FALLBACK_LOCALE: Locale = "en-US";

/** A human text stored once per language; any language may be missing. */
export type LocalizedText = Partial<Record<Locale, string>>;

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Reads a text with fallback: the requested language, then en-US, then any language that has it. */
export function pickText(text: LocalizedText | null | undefined, locale: Locale): string | undefined {
  if (!text) return undefined;
  const requested = text[locale];
  if (requested) return requested;
  const fallback = text[FALLBACK_LOCALE];
  if (fallback) return fallback;
  for (const other of LOCALES) {
    const value = text[other];
    if (value) return value;
  }
  return undefined;
}
