import { type EventAttributes, eventPath, type ResourceObject } from "@sports/jsonapi";
import { siteContext } from "../context.ts";
import { LOCALES, pathIn } from "../i18n/locale.ts";
import type { Route } from "./+types/sitemap.ts";

const PAGES = ["about", "faq", "terms", "privacy"];

/** Every browse page in every language, each with its alternates (hreflang). */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, defaultLocale, siteUrl: origin } = context.get(siteContext);
  const paths = ["/", "/evento", ...PAGES.map((slug) => `/${slug}`)];
  for (let page = 1; page <= 50; page++) {
    const { document } = await api.get<{
      data: ResourceObject<"events", EventAttributes>[];
      meta?: { total?: number };
    }>("/api/events", { query: { "fields[events]": "slug", "page[size]": 100, "page[number]": page } });
    paths.push(...document.data.map((event) => eventPath(event.attributes?.slug ?? "")));
    if (document.data.length < 100) break;
  }
  const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const urls = paths.flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = LOCALES.map(
        (other) =>
          `<xhtml:link rel="alternate" hreflang="${other}" href="${xml(origin + pathIn(other, path, defaultLocale))}"/>`,
      ).join("");
      return `<url><loc>${xml(origin + pathIn(locale, path, defaultLocale))}</loc>${alternates}</url>`;
    }),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
