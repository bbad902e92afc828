import { PAGES_CACHE } from "./cache-names.ts";

/** A page kept for offline reading, as the offline page lists it. */
export interface KeptPage {
  /** Its address on this site (path and query). */
  href: string;
  title: string;
}

/** The text of a page's `<title>`, its character references decoded. */
export function titleOf(html: string): string | undefined {
  const raw = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  if (raw === undefined) return undefined;
  return raw
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

/**
 * The pages the service worker keeps (docs/decisions/031-offline.md), read from the browser's
 * Cache Storage: each one's address and title, by title. None where there is no Cache Storage.
 */
export async function keptPages(storage: CacheStorage | undefined = globalThis.caches): Promise<KeptPage[]> {
  if (!storage || !(await storage.has(PAGES_CACHE))) return [];
  const cache = await storage.open(PAGES_CACHE);
  const pages = await Promise.all(
    (await cache.keys()).map(async (request): Promise<KeptPage | undefined> => {
      const answer = await cache.match(request);
      if (!answer) return undefined;
      const url = new URL(request.url);
      const href = url.pathname + url.search;
      return { href, title: titleOf(await answer.text()) || href };
    }),
  );
  return pages
    .filter((page): page is KeptPage => page !== undefined)
    .sort((a, b) => a.title.localeCompare(b.title) || a.href.localeCompare(b.href));
}
