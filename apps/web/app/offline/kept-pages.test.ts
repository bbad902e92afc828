import { describe, expect, it } from "vitest";
import { PAGES_CACHE } from "./cache-names.ts";
import { keptPages, titleOf } from "./kept-pages.ts";

/** Enough of Cache Storage for the list: one cache of pages. */
function storageWith(pages: Record<string, string> | null): CacheStorage {
  const entries = Object.entries(pages ?? {}).map(([url, html]) => [new Request(url), new Response(html)] as const);
  const cache = {
    keys: async () => entries.map(([request]) => request),
    match: async (request: Request) => entries.find(([kept]) => kept.url === request.url)?.[1].clone(),
  };
  return {
    has: async (name: string) => pages !== null && name === PAGES_CACHE,
    open: async () => cache,
  } as unknown as CacheStorage;
}

describe("the pages kept for offline reading", () => {
  it("are listed by title, with their address on the site", async () => {
    const storage = storageWith({
      "https://x.org/it-IT/evento/trail": "<html><head><title>Trail &amp; Ultra · Sport Events</title></head></html>",
      "https://x.org/it-IT/modificaDati": "<title>I miei dati</title>",
      "https://x.org/evento?sport=trail": "<p>no title</p>",
    });
    expect(await keptPages(storage)).toEqual([
      { href: "/evento?sport=trail", title: "/evento?sport=trail" },
      { href: "/it-IT/modificaDati", title: "I miei dati" },
      { href: "/it-IT/evento/trail", title: "Trail & Ultra · Sport Events" },
    ]);
  });

  it("are none without a cache of pages or without Cache Storage", async () => {
    expect(await keptPages(storageWith(null))).toEqual([]);
    expect(await keptPages(undefined)).toEqual([]);
  });

  it("have their titles' character references decoded", () => {
    expect(titleOf("<title>L&#x27;Eroica &#8211; &quot;Gran&quot; &lt;Fondo&gt;</title>")).toBe(
      'L\'Eroica – "Gran" <Fondo>',
    );
    expect(titleOf("<html></html>")).toBeUndefined();
  });
});
