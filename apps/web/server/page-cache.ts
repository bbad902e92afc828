/**
 * Rendered anonymous pages kept in memory for a few seconds, so a crowd on the event list costs one
 * render per page and interval instead of one per visitor. See docs/decisions/007-rendered-page-cache.md.
 *
 * - Only a GET from a visitor with nothing personal (no Authorization, no cookie but the language
 *   choice) is answered from here, and only a 200 HTML answer without Set-Cookie is kept.
 * - The bare `/` is never kept: it redirects by the visitor's language.
 * - Each answer carries its own CSP nonce: the kept page remembers where the nonce that rendered it
 *   stood and puts the new one there.
 * - Concurrent misses for one URL share a single render.
 * - Pages lapse after `ttlMs` and are all dropped by `clear()` (on a catalogue change); a render that
 *   started before a `clear()` is not kept.
 */

/** Cookies that never make a page personal: the language switcher's saved choice. */
const IMPERSONAL_COOKIES = new Set(["locale"]);
/** Answer headers that belong to one response, not to the page. */
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "content-length", "date"]);

export const PAGE_CACHE_HEADER = "x-page-cache";

export interface PageCacheOptions {
  /** How long a rendered page is served before it is rendered again. */
  ttlMs: number;
  /** The most HTML kept, in UTF-16 code units summed over pages; the least recently used go first. */
  maxChars?: number;
  /** A monotonic millisecond clock (injectable for tests). */
  clock?: () => number;
}

/** Renders `request` with `nonce` in its Content-Security-Policy. */
export type Render = (request: Request, nonce: string) => Promise<Response>;

interface KeptPage {
  status: number;
  headers: [string, string][];
  /** The HTML split where the rendering nonce stood. */
  parts: string[];
  chars: number;
  expiresAt: number;
}

export interface PageCache {
  answer(request: Request, nonce: string, render: Render): Promise<Response>;
  clear(): void;
  readonly size: number;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlMs, maxChars = 32_000_000, clock = performance.now.bind(performance) } = options;
  const pages = new Map<string, KeptPage>();
  const rendering = new Map<string, Promise<KeptPage | undefined>>();
  let chars = 0;
  let generation = 0;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    chars -= page.chars;
    pages.delete(key);
  };

  const keep = (key: string, page: KeptPage) => {
    drop(key);
    pages.set(key, page);
    chars += page.chars;
    for (const oldest of pages.keys()) {
      if (chars <= maxChars) break;
      drop(oldest);
    }
  };

  /**
   * Renders for this visitor and keeps the page if it may be kept; visitors asking for the same URL
   * meanwhile wait for it and get the kept page, or render their own when there is none.
   */
  const renderShared = async (key: string, request: Request, nonce: string, render: Render) => {
    const pending = rendering.get(key);
    if (pending) {
      const page = await pending;
      return page ? answerFrom(page, nonce, "shared") : render(request, nonce);
    }
    const started = generation;
    let settle: (page: KeptPage | undefined) => void = () => {};
    rendering.set(
      key,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    let page: KeptPage | undefined;
    try {
      const response = await render(request, nonce);
      if (!mayKeep(response)) return response;
      page = await pageOf(response, nonce, clock() + ttlMs);
      if (started === generation) keep(key, page);
      return answerFrom(page, nonce, "miss");
    } finally {
      rendering.delete(key);
      settle(page);
    }
  };

  return {
    async answer(request, nonce, render) {
      if (!isAnonymousPageRequest(request)) return render(request, nonce);
      const key = request.url;
      const kept = pages.get(key);
      if (kept && kept.expiresAt > clock()) {
        // Most recently used last, so the oldest are dropped first when the cache is full.
        pages.delete(key);
        pages.set(key, kept);
        return answerFrom(kept, nonce, "hit");
      }
      return renderShared(key, request, nonce, render);
    },
    clear() {
      generation++;
      pages.clear();
      chars = 0;
    },
    get size() {
      return pages.size;
    },
  };
}

/** A GET for a page (not `/`) with nothing that could make the answer the visitor's own. */
export function isAnonymousPageRequest(request: Request): boolean {
  if (request.method !== "GET" || request.headers.has("authorization")) return false;
  const url = new URL(request.url);
  if (url.pathname === "/") return false;
  const cookie = request.headers.get("cookie");
  if (!cookie) return true;
  return cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim())
    .every((name) => !name || IMPERSONAL_COOKIES.has(name));
}

/**
 * Only a plain 200 HTML page is kept: an error or a redirect may be the visitor's own, and a page
 * that says `no-store` or `private` (an account screen, which may carry a mailed link's token) too.
 */
function mayKeep(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  const cacheControl = response.headers.get("cache-control") ?? "";
  return (
    response.status === 200 &&
    type.startsWith("text/html") &&
    !response.headers.has("set-cookie") &&
    !/\b(no-store|private)\b/i.test(cacheControl)
  );
}

async function pageOf(response: Response, nonce: string, expiresAt: number): Promise<KeptPage> {
  const html = await response.text();
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE_HEADERS.has(name)) headers.push([name, value]);
  });
  const parts = nonce ? html.split(nonce) : [html];
  return { status: response.status, headers, parts, chars: html.length, expiresAt };
}

function answerFrom(page: KeptPage, nonce: string, outcome: "hit" | "miss" | "shared"): Response {
  const headers = new Headers(page.headers);
  headers.set(PAGE_CACHE_HEADER, outcome);
  return new Response(page.parts.join(nonce), { status: page.status, headers });
}
