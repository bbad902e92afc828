/** Countries offered in forms (an address, a nationality), named in the page's language and sorted by name. */
const COUNTRIES = "AT BE CH CZ DE DK ES FI FR GB GR HR HU IE IT LU MC NL NO PL PT RO SE SI SK SM US VA".split(" ");

export function countryOptions(locale: string): { code: string; name: string }[] {
  const regionNames = new Intl.DisplayNames([locale], { type: "region" });
  return COUNTRIES.map((code) => ({ code, name: regionNames.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}
