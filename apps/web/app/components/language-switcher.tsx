import { useLocation } from "react-router";
import { LOCALE_COOKIE, LOCALES, type Locale, pathIn, withoutPrefix } from "../i18n/locale.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { HeaderMenu } from "./header-menu.tsx";

/** Each language in its own words. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  "en-US": "English",
  "it-IT": "Italiano",
  "de-DE": "Deutsch",
  "fr-FR": "Français",
  "es-ES": "Español",
};

/** Links to the same page in every language; choosing one saves it for the bare home page. */
export function LanguageSwitcher() {
  const { locale, defaultLocale } = useRootData();
  const { pathname, search, hash } = useLocation();
  const path = withoutPrefix(pathname);
  const remember = (chosen: Locale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet.
    document.cookie = `${LOCALE_COOKIE}=${chosen}; Path=/; Max-Age=31536000; SameSite=Lax`;
  };
  return (
    <nav aria-label={m.language()} className="language-switcher header-menu">
      <HeaderMenu
        icon={
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
          </>
        }
        summary={
          // On a phone the header shows the language's code; its name stays what the menu is called.
          <>
            <span className="language-code" aria-hidden="true">
              {locale.slice(0, 2).toUpperCase()}
            </span>
            <span className="header-label">{LANGUAGE_NAMES[locale]}</span>
          </>
        }
      >
        {LOCALES.map((other) => (
          <li key={other}>
            {/* A full page load: every text on the page changes, and the document's lang with it. */}
            <a
              href={pathIn(other, path, defaultLocale) + search + hash}
              hrefLang={other}
              lang={other}
              aria-current={other === locale ? "true" : undefined}
              onClick={() => remember(other)}
            >
              {LANGUAGE_NAMES[other]}
            </a>
          </li>
        ))}
      </HeaderMenu>
    </nav>
  );
}
