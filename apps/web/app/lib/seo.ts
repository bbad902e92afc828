import type { MetaDescriptor } from "react-router";
import { LOCALES, type Locale, pathIn, withoutPrefix } from "../i18n/locale.ts";
import * as m from "../paraglide/messages.js";

interface RootMatchData {
  locale: Locale;
  defaultLocale: Locale;
  origin: string;
}

/** The root's loader data from a meta function's matches (absent when the root itself failed). */
export function rootDataOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]) {
  return matches.find((match) => match?.id === "root")?.loaderData as RootMatchData | undefined;
}

export interface PageMeta {
  title: string;
  description?: string | null;
  image?: string | null;
  type?: "website" | "article";
}

/**
 * Title, description, canonical URL, an alternate for every language (and x-default), and the
 * Open Graph tags: what search engines and link previews read.
 */
export function pageMeta(
  page: PageMeta,
  args: { location: { pathname: string; search?: string }; matches: Parameters<typeof rootDataOf>[0] },
): MetaDescriptor[] {
  const root = rootDataOf(args.matches);
  const description = page.description || m.site_description();
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: m.site_name() },
  ];
  if (!root) return tags;
  const path = withoutPrefix(args.location.pathname);
  const url = (locale: Locale) => root.origin + pathIn(locale, path, root.defaultLocale);
  tags.push(
    { tagName: "link", rel: "canonical", href: url(root.locale) },
    ...LOCALES.map((locale) => ({ tagName: "link", rel: "alternate", hrefLang: locale, href: url(locale) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url(root.defaultLocale) },
    { property: "og:url", content: url(root.locale) },
    { property: "og:locale", content: root.locale.replace("-", "_") },
  );
  if (page.image) tags.push({ property: "og:image", content: new URL(page.image, root.origin).href });
  return tags;
}

/** Account screens: a title, and kept out of search engines (they show nothing public). */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · ${m.site_name()}` }, { name: "robots", content: "noindex" }];
}

/**
 * Account screens are never stored by a browser cache, a proxy or the site's own page cache: they
 * may carry a token from a mailed link, or someone's data.
 */
export function privateHeaders() {
  return { "Cache-Control": "private, no-store" };
}
