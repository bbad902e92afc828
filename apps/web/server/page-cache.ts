/**
 * Rendered anonymous pages kept in memory for a few seconds, so a crowd on the event list costs one
 * render per page and interval instead of one per visitor. See docs/decisions/007-rendered-page-cache.md.
 *
 * - Only a GET from a visitor with nothing personal (no Authorization, no cookie but the language
 *   choice) is answered from here, and only a 200 HTML answer without Set-Cookie is kept.
 * - The bare `/` is never kept: it redirects by the visitor's language.
 * - Each answer carries its own CSP nonce: the kept page remembers where the nonce that rendered it
 *   stood and puts the new one there, in plain bytes or in gzip without compressing per answer.
 * - Concurrent misses for one URL share a single render.
 * - Pages lapse after `ttlMs` and are all dropped by `clear()` (on a catalogue change); a render that
 *   started before a `clear()` is not kept. A kept page's answer says its `Age`, so a CDN's copy
 *   lapses when this one does.
 *
 * `withCachePolicy` says the same to CDNs and browsers: what every anonymous visitor gets alike is
 * public for a few seconds, anything else is private and never stored.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

/** Cookies that never make a page personal: the language switcher's saved choice. */
const IMPERSONAL_COOKIES = new Set(["locale"]);
/** Answer headers that belong to one response, not to the page. */
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "content-length", "date", "age", "x-request-id"]);

export const PAGE_CACHE_HEADER = "x-page-cache";

/** How long a CDN may go on serving a lapsed public page while it fetches a fresh one. */
export const STALE_WHILE_REVALIDATE_SECONDS = 30;

/** Anything personal, an error or a redirect: neither a CDN nor the browser keeps it. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * What a page may differ by besides its URL: a session makes it the visitor's own, and the server
 * compresses it when asked. (The bare `/` also varies by `Accept-Language`; its redirect says so.)
 */
const PAGE_VARY = ["Cookie", "Authorization", "Accept-Encoding"];

export interface PageCacheOptions {
  /** How long a rendered page is served before it is rendered again. */
  ttlMs: number;
  /** The most HTML kept, in bytes summed over pages; the least recently used go first. */
  maxBytes?: number;
  /** A monotonic millisecond clock (injectable for tests). */
  clock?: () => number;
}

/** Renders `request` with `nonce` in its Content-Security-Policy. */
export type Render = (request: Request, nonce: string) => Promise<Response>;

interface KeptPage {
  status: number;
  headers: [string, string][];
  /** The HTML as UTF-8, split where the rendering nonce stood: an answer writes bytes, it encodes nothing. */
  parts: Buffer<ArrayBuffer>[];
  /** Each part deflated on its own, for answers in gzip (see `gzipped`). */
  deflated: Buffer<ArrayBuffer>[];
  bytes: number;
  renderedAt: number;
  expiresAt: number;
}

export interface PageCache {
  answer(request: Request, nonce: string, render: Render): Promise<Response>;
  clear(): void;
  /** How many pages are kept. */
  readonly size: number;
  /** What they take, in bytes (plain and deflated). */
  readonly bytes: number;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { ttlMs, maxBytes = 32_000_000, clock = performance.now.bind(performance) } = options;
  const pages = new Map<string, KeptPage>();
  const rendering = new Map<string, Promise<KeptPage | undefined>>();
  let bytes = 0;
  let generation = 0;

  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  };

  const keep = (key: string, page: KeptPage) => {
    drop(key);
    pages.set(key, page);
    bytes += page.bytes;
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
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
      return page ? answerFrom(page, request, nonce, "shared", clock()) : render(request, nonce);
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
      page = await pageOf(response, nonce, clock(), ttlMs);
      if (started === generation) keep(key, page);
      return answerFrom(page, request, nonce, "miss");
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
      const now = clock();
      if (kept && kept.expiresAt > now) {
        // Most recently used last, so the oldest are dropped first when the cache is full.
        pages.delete(key);
        pages.set(key, kept);
        return answerFrom(kept, request, nonce, "hit", now);
      }
      return renderShared(key, request, nonce, render);
    },
    clear() {
      generation++;
      pages.clear();
      bytes = 0;
    },
    get size() {
      return pages.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** The bare `/` of any host, with or without a query. */
const SITE_ROOT = /^[a-z]+:\/\/[^/?#]+\/?(?:[?#]|$)/i;

/** A GET for a page (not `/`) with nothing that could make the answer the visitor's own. */
export function isAnonymousPageRequest(request: Request): boolean {
  return request.method === "GET" && !carriesCredentials(request) && !SITE_ROOT.test(request.url);
}

/** An `Authorization` header or a cookie besides the language choice: the visitor may be someone. */
export function carriesCredentials(request: Request): boolean {
  if (request.headers.has("authorization")) return true;
  const cookie = request.headers.get("cookie");
  if (!cookie) return false;
  return cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim())
    .some((name) => name && !IMPERSONAL_COOKIES.has(name));
}

/**
 * Says how CDNs and browsers may keep a page's answer, unless its route said so itself (account
 * screens say `private, no-store`). A page or a not-found page as every anonymous visitor gets it
 * is public: a CDN serves it for `seconds` (PAGE_CACHE_SECONDS, as the server keeps it; with 0,
 * never without asking) and a little longer while it fetches a fresh one; browsers ask every time.
 * Everything else (a visitor's own page, a redirect, an error) is private and never stored. Every
 * answer varies by `PAGE_VARY`, so a CDN keyed by them never hands an anonymous page to a session.
 */
export function withCachePolicy(request: Request, response: Response, seconds: number): Response {
  const { headers } = response;
  if (!headers.has("cache-control"))
    headers.set(
      "cache-control",
      isPublicAnswer(request, response) ? publicCacheControl(seconds) : PRIVATE_CACHE_CONTROL,
    );
  headers.set("vary", varyWith(headers.get("vary"), PAGE_VARY));
  return response;
}

export function publicCacheControl(seconds: number): string {
  return seconds > 0
    ? `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`
    : "public, no-cache";
}

function isPublicAnswer(request: Request, response: Response): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    (response.status === 200 || response.status === 404) &&
    !carriesCredentials(request) &&
    !response.headers.has("set-cookie")
  );
}

/** `current` (a Vary header) with `names` added where missing, in their spelling. */
function varyWith(current: string | null, names: string[]): string {
  if (!current) return names.join(", ");
  if (current.trim() === "*") return current;
  const present = new Set(current.split(",").map((name) => name.trim().toLowerCase()));
  const missing = names.filter((name) => !present.has(name.toLowerCase()));
  return missing.length === 0 ? current : `${current}, ${missing.join(", ")}`;
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

async function pageOf(response: Response, nonce: string, renderedAt: number, ttlMs: number): Promise<KeptPage> {
  const html = await response.text();
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE_HEADERS.has(name)) headers.push([name, value]);
  });
  const parts = (nonce ? html.split(nonce) : [html]).map((part) => Buffer.from(part));
  const deflated = parts.map((part, i) =>
    deflateRawSync(part, { finishFlush: i === parts.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH }),
  );
  const size = [...parts, ...deflated].reduce((sum, part) => sum + part.length, 0);
  return { status: response.status, headers, parts, deflated, bytes: size, renderedAt, expiresAt: renderedAt + ttlMs };
}

function answerFrom(
  page: KeptPage,
  request: Request,
  nonce: string,
  outcome: "hit" | "miss" | "shared",
  now?: number,
): Response {
  const headers = new Headers(page.headers);
  headers.set(PAGE_CACHE_HEADER, outcome);
  if (now !== undefined) headers.set("age", String(Math.floor((now - page.renderedAt) / 1000)));
  const html = joined(page.parts, nonce);
  if (!acceptsGzip(request)) return new Response(html, { status: page.status, headers });
  headers.set("content-encoding", "gzip");
  return new Response(gzipped(page, nonce, html), { status: page.status, headers });
}

/** Whether the visitor takes gzip: `Accept-Encoding` names it (or `*`) without `q=0`. */
export function acceptsGzip(request: Request): boolean {
  const codings = new Map<string, number>();
  for (const item of (request.headers.get("accept-encoding") ?? "").split(",")) {
    const [coding = "", ...parameters] = item.split(";").map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    codings.set(coding, q ? Number(q.slice(2)) : 1);
  }
  return (codings.get("gzip") ?? codings.get("*") ?? 0) > 0;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * `html` (the page with `nonce` in it) in gzip, without compressing anything per answer: a gzip
 * stream is one deflate stream, and each kept part was deflated on its own ending on a full flush
 * (byte aligned, nothing after it refers back), so the parts can be laid one after another with the
 * nonce between them in a stored (uncompressed) block. Only the checksum reads the whole page.
 * Compressing every answer instead (the compress middleware's stream) took a millisecond a page.
 */
function gzipped(page: KeptPage, nonce: string, html: Buffer): Buffer<ArrayBuffer> {
  const glue = Buffer.from(nonce, "latin1");
  const length = glue.length;
  const stored = Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
  const pieces: Buffer[] = [GZIP_HEADER];
  page.deflated.forEach((part, i) => {
    if (i > 0) pieces.push(stored, glue);
    pieces.push(part);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(html) >>> 0, 0);
  trailer.writeUInt32LE(html.length >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/** The parts with `nonce` between each two (a nonce is base64: one byte a character). */
function joined(parts: Buffer<ArrayBuffer>[], nonce: string): Buffer<ArrayBuffer> {
  if (parts.length === 1) return parts[0] as Buffer<ArrayBuffer>;
  const glue = Buffer.from(nonce, "latin1");
  const pieces: Buffer<ArrayBuffer>[] = [];
  for (const part of parts) pieces.push(part, glue);
  pieces.pop();
  return Buffer.concat(pieces);
}
