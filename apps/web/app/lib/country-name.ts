/** Countries named in a page's language, with `Intl.DisplayNames` built once per language. */

/** A country's name in `locale` (its code when the language has none), from a namer built once per language. */
export function countryName(locale: string, code: string): string {
  return regionNamesIn(locale).of(code) ?? code;
}

const regionNamers = new Map<string, Intl.DisplayNames>();

/** Building an `Intl.DisplayNames` took about 2% of rendering a page when the footer did it on each. */
export function regionNamesIn(locale: string): Intl.DisplayNames {
  let namer = regionNamers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([locale], { type: "region" });
    regionNamers.set(locale, namer);
  }
  return namer;
}
