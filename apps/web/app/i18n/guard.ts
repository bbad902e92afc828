import { type MiddlewareFunction, redirect } from "react-router";
import { languageContext, siteContext } from "../context.ts";
import { isLocale, LOCALES, type Locale, pathIn, prefixOf } from "./locale.ts";

/** The cookie the language switcher writes: the visitor's saved choice. */
export const LOCALE_COOKIE = "locale";

/**
 * The i18n guard (SPEC §2): reads the language from the path prefix (an unknown prefix is not a
 * language), sends a visitor of the bare `/` who saved or prefers another language to its prefix,
 * and says which language the answer is in.
 */
export const i18nGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const { defaultLocale } = context.get(siteContext);
  const prefix = prefixOf(url.pathname);
  if (url.pathname === "/") {
    const preferred = savedLocale(request) ?? preferredLocale(request.headers.get("accept-language"));
    if (preferred && preferred !== defaultLocale) {
      const response = redirect(pathIn(preferred, "/", defaultLocale) + url.search, 302);
      response.headers.set("Vary", "Accept-Language, Cookie");
      throw response;
    }
  }
  const locale = prefix ?? defaultLocale;
  context.set(languageContext, { locale, prefix: prefix ? `/${prefix}` : "" });
  const response = await next();
  response.headers.set("Content-Language", locale);
  if (url.pathname === "/") response.headers.append("Vary", "Accept-Language, Cookie");
  return response;
};

function savedLocale(request: Request): Locale | undefined {
  const cookie = request.headers.get("cookie") ?? "";
  const value = cookie
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return isLocale(value) ? value : undefined;
}

/** The best supported language of an `Accept-Language` header: weights first, "it" matches it-IT. */
export function preferredLocale(header: string | null): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(",")
    .map((part, position) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), weight: q ? Number(q.slice(2)) : 1, position };
    })
    .filter((range) => range.tag && range.tag !== "*" && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = LOCALES.find((locale) => locale.toLowerCase().split("-")[0] === tag.split("-")[0]);
    if (language) return language;
  }
  return undefined;
}
