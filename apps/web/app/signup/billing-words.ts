import type { CountryOption } from "../lib/countries.ts";

/**
 * What the recap's billing form needs beside the signup, which only the server knows: the account
 * holder's name (the receipt's name until other details are given) and the countries, named and
 * sorted in the page's language (docs/decisions/052-words-worked-out-where-written.md). The recap's
 * loader answers them; so does the participants step's, which always asks the server, so that a
 * recap read from the browser's store right after it (signup/step-loader.ts) has them too.
 */
export interface BillingWords {
  locale: string;
  accountName: string;
  countries: readonly CountryOption[];
}

let remembered: BillingWords | undefined;

/** Keeps the billing words a step's server answer carries, if it carries them. */
export function rememberBillingWords(data: object): void {
  const { locale, accountName, countries } = data as Partial<BillingWords>;
  if (typeof locale === "string" && typeof accountName === "string" && Array.isArray(countries))
    remembered = { locale, accountName, countries };
}

/** The billing words of the last server answer, when they are in `locale`. */
export function rememberedBillingWords(locale: string): BillingWords | undefined {
  return remembered?.locale === locale ? remembered : undefined;
}
