import { randomFillSync } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SITE_ORIGIN_HEADER } from "@sports/api";
import type { Organiser } from "@sports/db";
import { createApiClient } from "@sports/jsonapi";
import type { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";

/** Where `npm run build` puts the site: the server bundle and the files browsers download. */
export const buildDir = fileURLToPath(new URL("../build", import.meta.url));
export const clientDir = `${buildDir}/client`;
const serverEntry = `${buildDir}/server/index.js`;

/** What the built app's entry exports besides its request handler: the context keys it reads. */
interface SiteEntry {
  siteContext: Parameters<RouterContextProvider["set"]>[0];
}

export interface SiteOptions {
  /** The API app (mounted at /api), called in process: no network hop for the site's own reads. */
  api: Pick<Hono, "request">;
  /** The site's public address, which the pages' absolute URLs start with. */
  siteUrl: () => string;
  defaultLocale: string;
  apiBaseUrl: string;
  /** Who runs the site, as every page's footer names them. */
  organiser: Organiser;
  /** Where course maps take their tiles. */
  mapTiles: { url: string; attribution: string };
  mode: "production" | "development" | "test";
}

/** The site's request handler: React Router's server build, with the API and the page's nonce at hand. */
export async function createSiteHandler(options: SiteOptions) {
  if (!existsSync(serverEntry)) {
    throw new Error(`The site is not built (${serverEntry} is missing): run \`npm run build\` first.`);
  }
  const build = (await import(serverEntry)) as ServerBuild;
  const entry = build.entry.module as unknown as SiteEntry;
  const handle = createRequestHandler(build, options.mode);
  return (request: Request, nonce: string, clientAddress?: string): Promise<Response> => {
    const context = new RouterContextProvider();
    const apiFetch = inProcessFetch(options.api, request, clientAddress);
    context.set(entry.siteContext, {
      api: createApiClient({ baseUrl: "http://site.internal", fetch: apiFetch }),
      apiFetch: (path: string, init: RequestInit) => apiFetch(`http://site.internal${path}`, init),
      nonce,
      siteUrl: options.siteUrl(),
      defaultLocale: options.defaultLocale,
      apiBaseUrl: options.apiBaseUrl,
      organiser: options.organiser,
      mapTiles: options.mapTiles,
    });
    return handle(request, context);
  };
}

const NONCE_BYTES = 16;
const nonceBatch = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = nonceBatch.length;

/**
 * A fresh nonce for one answer's Content-Security-Policy: 16 bytes from the system's secure random
 * source, in base64, never used twice. The bytes are drawn 256 nonces at a time: asking the source
 * once per answer cost more than the rest of answering a kept page but writing it.
 */
export function freshNonce(): string {
  if (nonceOffset === nonceBatch.length) {
    randomFillSync(nonceBatch);
    nonceOffset = 0;
  }
  const nonce = nonceBatch.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** The header carrying the visitor's address on the site's in-process API calls (they have no socket). */
export const SITE_CLIENT_HEADER = "x-site-client";

/**
 * The request without the headers only the site's in-process calls may carry: from the network,
 * they would let anyone pose as the site (an address to throttle, an origin to check).
 */
export function withoutSiteHeaders(request: Request): Request {
  if (!request.headers.has(SITE_CLIENT_HEADER) && !request.headers.has(SITE_ORIGIN_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.delete(SITE_CLIENT_HEADER);
  headers.delete(SITE_ORIGIN_HEADER);
  const init: RequestInit & { duplex: "half" } = {
    method: request.method,
    headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  };
  return new Request(request.url, init);
}

/**
 * Requests to the in-process app, passing on what identifies the visitor and what the API's
 * cross-site check reads (Origin, Sec-Fetch-Site, and the origin the browser sees).
 */
function inProcessFetch(api: SiteOptions["api"], request: Request, clientAddress: string | undefined) {
  const forwarded = ["cookie", "authorization", "x-request-id", "origin", "sec-fetch-site"];
  const origin = new URL(request.url).origin;
  return (url: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    for (const name of forwarded) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set(SITE_ORIGIN_HEADER, origin);
    if (clientAddress) headers.set(SITE_CLIENT_HEADER, clientAddress);
    const { pathname, search } = new URL(url);
    return Promise.resolve(api.request(pathname.replace(/^\/api(?=\/)/, "") + search, { ...init, headers }));
  };
}
