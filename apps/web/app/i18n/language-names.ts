const namers = new Map<string, Intl.DisplayNames>();

/**
 * The languages of `locales` (`en-US`, `de-DE`) named in the page's language and listed ("inglese,
 * tedesco" on an Italian page): the console says which languages a text still lacks in words.
 */
export function languageNames(locales: readonly string[], pageLocale: string): string {
  let namer = namers.get(pageLocale);
  if (!namer) {
    namer = new Intl.DisplayNames([pageLocale], { type: "language" });
    namers.set(pageLocale, namer);
  }
  const named = namer;
  return locales.map((locale) => named.of(new Intl.Locale(locale).language) ?? locale).join(", ");
}
