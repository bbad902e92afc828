/**
 * Which requests are for a page and whose they may be, and what CDNs and browsers may keep of the
 * answers: what every anonymous visitor gets alike is public for a few seconds, anything else is
 * private and never stored. The server's own cache of rendered pages (kept-pages.ts) keeps by the
 * same rules. See docs/decisions/007-rendered-page-cache.md.
 */

/** Cookies that never make a page personal: the language switcher's saved choice. */
const IMPERSONAL_COOKIES = new Set(["locale"]);
/** How long a CDN may go on serving a lapsed public page while it fetches a fresh one. */
export const STALE_WHILE_REVALIDATE_SECONDS = 30;

/** Anything personal, an error or a redirect: neither a CDN nor the browser keeps it. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * What a page may differ by besides its URL: a session makes it the visitor's own, and the server
 * compresses it when asked. (The bare `/` also varies by `Accept-Language`; its redirect says so.)
 */
const PAGE_VARY = ["Cookie", "Authorization", "Accept-Encoding"];

/** The bare `/` of any host, with or without a query. */
const SITE_ROOT = /^[a-z]+:\/\/[^/?#]+\/?(?:[?#]|$)/i;

/** A GET for a page other than the bare `/`: what the cache may answer, for someone or anyone. */
export function isPageRequest(request: Request): boolean {
  return request.method === "GET" && !SITE_ROOT.test(request.url);
}

/** A GET for a page (not `/`) with nothing that could make the answer the visitor's own. */
export function isAnonymousPageRequest(request: Request): boolean {
  return isPageRequest(request) && !carriesCredentials(request);
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
