import type { organisation } from "../schema.ts";

/**
 * The fictional organiser the demo speaks for: the one identity the content pages name and the
 * site's footer shows (apps/web/server hands it to every page). One place to rename it.
 */
export const ORGANISER = {
  /** The brand, as the site names itself (`site_name` in apps/web/messages). */
  name: "Sport Events",
  legalName: "Sport Events S.r.l.",
  street: "Via Brennero 42",
  postalCode: "38121",
  locality: "Trento",
  /** ISO 3166 code: each language writes the country's own name. */
  country: "IT",
  vatNumber: "IT02345670224",
  email: "info@sport-events.example",
  phone: "+39 0461 000 000",
} as const;

export type Organiser = typeof ORGANISER;

/**
 * The demo organiser's fiscal identity and document settings (decision 066): a company in the
 * ordinary regime, entries and fees at 22% VAT, lodging at 10%. An organiser changes them in the
 * console; the demo's reset keeps what was set.
 */
export function demoOrganisation(at: Date): typeof organisation.$inferInsert {
  return {
    legalName: ORGANISER.legalName,
    street: ORGANISER.street,
    postalCode: ORGANISER.postalCode,
    locality: ORGANISER.locality,
    province: "TN",
    country: ORGANISER.country,
    vatNumber: ORGANISER.vatNumber.slice(2),
    taxCode: null,
    taxRegime: "RF01",
    treatments: {
      entryFee: { vatRate: 2200, natura: null },
      lodging: { vatRate: 1000, natura: null },
      transferFee: { vatRate: 2200, natura: null },
    },
    stampDutyApplies: true,
    stampDutyChargedToBuyer: true,
    updatedAt: at,
  };
}

/** The organiser's postal address on one line, the country named in `locale`'s language. */
export function organiserAddress(locale: string): string {
  const country = new Intl.DisplayNames([locale], { type: "region" }).of(ORGANISER.country) ?? ORGANISER.country;
  return `${ORGANISER.street}, ${ORGANISER.postalCode} ${ORGANISER.locality}, ${country}`;
}

/** The contact address as a Markdown mailto link, for the content pages. */
export const ORGANISER_EMAIL_LINK = `[${ORGANISER.email}](mailto:${ORGANISER.email})`;
