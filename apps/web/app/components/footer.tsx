import type { OrganiserIdentity } from "../context.ts";
import { countryName } from "../lib/country-name.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { SiteLink } from "./site-link.tsx";

/** The content pages every page links to (slugs of the catalogue's pages). */
const PAGES = [
  { slug: "about", label: m.footer_about },
  { slug: "faq", label: m.footer_faq },
  { slug: "terms", label: m.footer_terms },
  { slug: "privacy", label: m.footer_privacy },
];

export function Footer() {
  const { organiser, locale } = useRootData();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={m.footer_pages()}>
          <ul className="footer-links">
            {PAGES.map((page) => (
              <li key={page.slug}>
                <SiteLink to={`/${page.slug}`}>{page.label()}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        {organiser && <Organiser organiser={organiser} locale={locale} />}
        <p className="footer-note">{m.site_description()}</p>
      </div>
    </footer>
  );
}

/** Who runs the site: name, address, VAT number and the mail to write to. */
function Organiser({ organiser, locale }: { organiser: OrganiserIdentity; locale: string }) {
  const country = countryName(locale, organiser.country);
  return (
    <address className="footer-organiser">
      <strong>{organiser.legalName}</strong>
      <br />
      {`${organiser.street}, ${organiser.postalCode} ${organiser.locality}, ${country}`}
      <br />
      {m.footer_vat_number({ number: organiser.vatNumber })}
      <br />
      {`${m.footer_email()}: `}
      <a href={`mailto:${organiser.email}`}>{organiser.email}</a>
    </address>
  );
}
