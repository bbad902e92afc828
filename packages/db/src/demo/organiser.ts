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
  vatNumber: "IT02345670226",
  email: "info@sport-events.example",
  phone: "+39 0461 000 000",
} as const;

export type Organiser = typeof ORGANISER;

/** The organiser's postal address on one line, the country named in `locale`'s language. */
export function organiserAddress(locale: string): string {
  const country = new Intl.DisplayNames([locale], { type: "region" }).of(ORGANISER.country) ?? ORGANISER.country;
  return `${ORGANISER.street}, ${ORGANISER.postalCode} ${ORGANISER.locality}, ${country}`;
}

/** The contact address as a Markdown mailto link, for the content pages. */
export const ORGANISER_EMAIL_LINK = `[${ORGANISER.email}](mailto:${ORGANISER.email})`;
