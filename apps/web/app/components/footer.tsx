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
        <p className="footer-note">{m.site_description()}</p>
      </div>
    </footer>
  );
}
