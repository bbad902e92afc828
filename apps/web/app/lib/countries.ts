import { regionNamesIn } from "./country-name.ts";

/**
 * Countries offered in forms (an address, a nationality): every ISO 3166-1 alpha-2 code, named in the
 * page's language by `Intl.DisplayNames` and sorted by its collation. The server names and sorts them
 * and its loaders hand the list to the page: browsers name some countries otherwise than Node (Chrome's
 * "Hong Kong" is Node's "Hong Kong SAR China"), and the page has to hydrate with the same options in
 * the same order. The list never ships in a script.
 */
const COUNTRIES = `
  AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
  BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
  CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
  DE DJ DK DM DO DZ
  EC EE EG EH ER ES ET
  FI FJ FK FM FO FR
  GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
  HK HM HN HR HT HU
  ID IE IL IM IN IO IQ IR IS IT
  JE JM JO JP
  KE KG KH KI KM KN KP KR KW KY KZ
  LA LB LC LI LK LR LS LT LU LV LY
  MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
  NA NC NE NF NG NI NL NO NP NR NU NZ
  OM
  PA PE PF PG PH PK PL PM PN PR PS PT PW PY
  QA
  RE RO RS RU RW
  SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
  TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
  UA UG UM US UY UZ
  VA VC VE VG VI VN VU
  WF WS
  YE YT
  ZA ZM ZW
`
  .trim()
  .split(/\s+/);

/** The options per language, named and sorted once: every participant's form on a page shows them. */
const optionsByLocale = new Map<string, readonly CountryOption[]>();

export interface CountryOption {
  code: string;
  name: string;
}

export function countryOptions(locale: string): readonly CountryOption[] {
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
