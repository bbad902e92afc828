/** Countries named in a page's language, with `Intl.DisplayNames` built once per language. */

const names = new Map<string, string>();

/**
 * A country's name in `locale` (its code when the language has none), from a namer built once per
 * language, and remembered: the footer of every page asks for one, and asking the namer is costly
 * (bench/README.md, "Where a rendered page's time goes").
 */
export function countryName(locale: string, code: string): string {
  const key = `${locale}|${code}`;
  let name = names.get(key);
  if (name === undefined) {
    name = regionNamesIn(locale).of(code) ?? code;
    // Country codes and languages are few, but a code comes from data: never more than a page's worth.
    if (names.size >= 1_000) names.clear();
    names.set(key, name);
  }
  return name;
}

const regionNamers = new Map<string, Intl.DisplayNames>();

/** One `Intl.DisplayNames` per language, built at its first use, not by the footer of each page (bench/README.md). */
export function regionNamesIn(locale: string): Intl.DisplayNames {
  let namer = regionNamers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([locale], { type: "region" });
    regionNamers.set(locale, namer);
  }
  return namer;
}
