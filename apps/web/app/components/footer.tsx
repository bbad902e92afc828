import * as m from "../paraglide/messages.js";
import { SiteLink } from "./site-link.tsx";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={m.footer_pages()}>
          <ul className="footer-links">
            <li>
              <SiteLink to="/about">{m.footer_about()}</SiteLink>
            </li>
            <li>
              <SiteLink to="/faq">{m.footer_faq()}</SiteLink>
            </li>
            <li>
              <SiteLink to="/terms">{m.footer_terms()}</SiteLink>
            </li>
            <li>
              <SiteLink to="/privacy">{m.footer_privacy()}</SiteLink>
            </li>
          </ul>
        </nav>
        <p className="footer-note">{m.site_description()}</p>
      </div>
    </footer>
  );
}
