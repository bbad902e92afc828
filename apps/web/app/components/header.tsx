import * as m from "../paraglide/messages.js";
import { AccountMenu } from "./account-menu.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { SiteLink } from "./site-link.tsx";

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-row">
        <SiteLink to="/" className="brand">
          <svg
            aria-hidden="true"
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 3v18M3 12h18" />
          </svg>
          <span className="header-label">{m.site_name()}</span>
        </SiteLink>
        <nav aria-label={m.nav_main()} className="main-nav">
          <ul>
            <li>
              <SiteLink to="/evento">{m.nav_events()}</SiteLink>
            </li>
          </ul>
        </nav>
        <div className="header-tools">
          <AccountMenu />
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
