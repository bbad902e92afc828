import { negotiateLanguage } from "@sports/jsonapi";
import { type MiddlewareFunction, redirect } from "react-router";
import { languageContext, siteContext } from "../context.ts";
import { runInLocale } from "./locale.server.ts";
import { isLocale, LOCALE_COOKIE, LOCALES, type Locale, pathIn, prefixOf } from "./locale.ts";

/**
 * The i18n guard (docs/behaviour.md#languages): reads the language from the path prefix (an
 * unknown prefix is not a language), sends a visitor of the bare `/` who saved or prefers another
 * language to its prefix, and says which language the answer is in. Everything after it (loaders,
 * actions, the render) runs in that language.
 *
 * It reads the page's address as React Router gives it (`url`), never `request.url`: a navigation
 * in the page's script asks for `/it-IT.data` (or `/_root.data` for `/`), whose first segment is
 * not a language.
 */
export const i18nGuard: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
  const { defaultLocale } = context.get(siteContext);
  const prefix = prefixOf(url.pathname);
  if (url.pathname === "/") {
    const preferred = savedLocale(request) ?? negotiateLanguage(request.headers.get("accept-language"), LOCALES);
    if (preferred && preferred !== defaultLocale) {
      const response = redirect(pathIn(preferred, "/", defaultLocale) + url.search, 302);
      response.headers.set("Vary", "Accept-Language, Cookie");
      throw response;
    }
  }
  const locale = prefix ?? defaultLocale;
  context.set(languageContext, { locale, prefix: prefix ? `/${prefix}` : "" });
  const response = await runInLocale(locale, next);
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
