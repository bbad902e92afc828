/** The languages the site speaks, as BCP 47 tags. The order is the order of last resort in {@link pickText}. */
export const LOCALES = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"] as const;
export type Locale = (typeof LOCALES)[number];

/** SPEC §1: the fallback locale. */
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

/**
 * Picks the best supported locale for an `Accept-Language` header (RFC 9110 §12.5.4):
 * highest weight first, an exact tag before a bare language ("it" matches it-IT).
 * Returns undefined when nothing matches, so the caller decides the default.
 */
export function negotiateLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(",")
    .map((part, position) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, position };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split("-")[0];
    const sameLanguage = LOCALES.find((locale) => locale.slice(0, 2).toLowerCase() === language);
    if (sameLanguage) return sameLanguage;
  }
  return undefined;
}
