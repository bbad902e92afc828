/**
 * The page wing: everything that decides how a page is answered, behind one middleware
 * (docs/decisions/056-one-page-wing.md; the tour in docs/server.md). A page is whatever the server
 * does not answer elsewhere (the API, health, files): the site's routes own every other path, their
 * not-found page included.
 *
 * For each page request the entrance draws the answer's nonce, then answers:
 * - from a kept page (kept-pages.ts), whole: the page's own headers, the security headers with this
 *   nonce (security-headers.ts), the request id, its body in gzip or not;
 * - or rendered by the site (site.ts) with what CDNs and browsers may keep of it (cache-policy.ts),
 *   the same security headers and request id, and compressed (compression.ts).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import { withCachePolicy } from "./cache-policy.ts";
import { compressed } from "./compression.ts";
import { KeptPages } from "./kept-pages.ts";
import { freshNonce, type HeaderRecord, type SecurityHeaders, setAll } from "./security-headers.ts";
import { createSiteHandler, type SiteHandler, type SiteOptions } from "./site.ts";
import { rememberedVisitors } from "./visitors.ts";

export { carriesCredentials, PRIVATE_CACHE_CONTROL } from "./cache-policy.ts";
export { PAGE_CACHE_HEADER } from "./kept-page.ts";
export { freshNonce, type SecurityHeaders, securityHeaders, setAll } from "./security-headers.ts";
export { buildDir, clientDir, SITE_CLIENT_HEADER, withoutSiteHeaders } from "./site.ts";

export interface PageServingOptions {
  site: SiteOptions;
  /** How long a rendered page is kept for everyone (PAGE_CACHE_SECONDS); 0: every page is rendered for its visitor. */
  cacheSeconds: number;
  securityHeaders: SecurityHeaders;
  /** Whether the server answers `path` elsewhere than here (the API, health, a built file). */
  servedElsewhere(path: string): boolean;
  /** The visitor's address, as the server read it from the request's connection. */
  clientAddress(c: Context): string | undefined;
}

export interface PageServing {
  /** The one middleware: answers every page request, passes the rest on. */
  entrance: MiddlewareHandler<{ Variables: RequestIdVariables }>;
  /** The catalogue changed: no kept page may be answered again. */
  catalogueChanged(): void;
  /** The account of `userId` changed or a session of theirs ended (null: anyone's may have). */
  accountChanged(userId: string | null): void;
}

export async function createPageServing(options: PageServingOptions): Promise<PageServing> {
  const site = await createSiteHandler(options.site);
  const { cacheSeconds, securityHeaders } = options;
  // Logged-in visitors get the pages kept for everyone too, their frame filled in (decision 033);
  // who a session is, is remembered until the database says their account changed (visitors.ts).
  const visitors = rememberedVisitors(site.visitorOf);
  const kept =
    cacheSeconds > 0
      ? new KeptPages({
          ttlMs: cacheSeconds * 1000,
          frame: {
            sameForEveryVisitor: site.sameForEveryVisitor,
            visitorOf: visitors.visitorOf,
            parts: site.frameParts,
          },
        })
      : undefined;

  const entrance: PageServing["entrance"] = async (c, next) => {
    if (options.servedElsewhere(c.req.path)) return next();
    const request = c.req.raw;
    const nonce = freshNonce();
    const around = { ...securityHeaders(nonce, c.req.path), "x-request-id": c.get("requestId") };
    const render = renderer(site, cacheSeconds, options.clientAddress(c));
    if (!kept) return finished(request, await render(request, nonce), around);
    const answer = await kept.answer(request, nonce, render, around);
    return "kept" in answer ? answer.kept : finished(request, answer.rendered, around);
  };
  return { entrance, catalogueChanged: () => kept?.clear(), accountChanged: visitors.forget };
}

/** The site's answer to a request, with what CDNs and browsers may keep of it. */
function renderer(site: SiteHandler, cacheSeconds: number, clientAddress: string | undefined) {
  return async (request: Request, nonce: string) =>
    withCachePolicy(request, await site(request, nonce, clientAddress), cacheSeconds);
}

/** A rendered page's answer with the headers around every page, compressed if the visitor takes it. */
function finished(request: Request, response: Response, around: HeaderRecord): Response {
  setAll(response.headers, around);
  return compressed(request, response);
}
