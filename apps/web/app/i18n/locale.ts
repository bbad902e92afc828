import { baseLocale, type Locale, locales, overwriteGetLocale } from "../paraglide/runtime.js";

export type { Locale };

/** The cookie the language switcher writes: the visitor's saved choice (read by the i18n guard). */
export const LOCALE_COOKIE = "locale";
export const LOCALES = locales;
export const FALLBACK_LOCALE: Locale = baseLocale;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language prefix a path starts with, if any. */
export function prefixOf(pathname: string): Locale | undefined {
  const first = pathname.split("/")[1];
  return isLocale(first) ? first : undefined;
}

/** The path without its language prefix, always starting with "/". */
export function withoutPrefix(pathname: string): string {
  const prefix = prefixOf(pathname);
  return prefix ? pathname.slice(prefix.length + 1) || "/" : pathname;
}

/** The URL of `path` in `locale`: the default language lives unprefixed, the others under their prefix. */
export function pathIn(locale: Locale, path: string, defaultLocale: Locale): string {
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/**
 * Paraglide's messages read the page's language from here. On the server each render runs inside
 * its own async context (entry.server.tsx installs that source); in the browser there is one page,
 * and the root route sets its language before its children render.
 */
let browserLocale: Locale = FALLBACK_LOCALE;
let defaultLocale: Locale = FALLBACK_LOCALE;
let source: () => Locale | undefined = () => browserLocale;

export function setLocaleSource(read: () => Locale | undefined): void {
  source = read;
}

export function setBrowserLocale(locale: Locale, siteDefault: Locale = defaultLocale): void {
  browserLocale = locale;
  defaultLocale = siteDefault;
}

/** In the browser, the language of the pages without a prefix (the server's `DEFAULT_LOCALE`). */
export function browserDefaultLocale(): Locale {
  return defaultLocale;
}

overwriteGetLocale(() => source() ?? FALLBACK_LOCALE);
