import { regionNamesIn } from "./country-name.ts";

/** Countries offered in forms (an address, a nationality), named in the page's language and sorted by name. */
const COUNTRIES = "AT BE CH CZ DE DK ES FI FR GB GR HR HU IE IT LU MC NL NO PL PT RO SE SI SK SM US VA".split(" ");

/** The options per language, named and sorted once: every participant's form on a page shows them. */
const optionsByLocale = new Map<string, readonly { code: string; name: string }[]>();

export function countryOptions(locale: string): readonly { code: string; name: string }[] {
  let options = optionsByLocale.get(locale);
  if (!options) {
    const regionNames = regionNamesIn(locale);
    const collator = new Intl.Collator(locale);
    options = COUNTRIES.map((code) => ({ code, name: regionNames.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    optionsByLocale.set(locale, options);
  }
  return options;
}
