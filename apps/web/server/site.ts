import { randomFillSync } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SITE_ORIGIN_HEADER } from "@sports/api";
import type { Organiser } from "@sports/db";
import { createApiClient } from "@sports/jsonapi";
import type { Hono } from "hono";
import { createRequestHandler, createStaticHandler, RouterContextProvider, type ServerBuild } from "react-router";

/** Where `npm run build` puts the site: the server bundle and the files browsers download. */
export const buildDir = fileURLToPath(new URL("../build", import.meta.url));
export const clientDir = `${buildDir}/client`;
const serverEntry = `${buildDir}/server/index.js`;

/** What the built app's entry exports besides its request handler: the context keys it reads, the frame. */
interface SiteEntry {
  siteContext: Parameters<RouterContextProvider["set"]>[0];
  visitorFrameParts(visitor: FrameVisitor | null, url: URL, defaultLocale: string): Promise<FrameParts>;
}

/** What a page's frame shows of a logged-in visitor (the site's root loader's `visitor`), and their id. */
export interface FrameVisitor {
  id: string;
  givenName: string;
  email: string;
  emailVerified: boolean;
  role: string;
}

/**
 * A visitor's own parts of a page every visitor otherwise gets alike, as the site renders them: the
 * places in the page's order, and what goes before `</head>`.
 */
export interface FrameParts {
  places: string[];
  head: string;
}

/** The site's handler, and what the page cache needs to keep pages for every visitor. */
export interface SiteHandler {
  (request: Request, nonce: string, clientAddress?: string): Promise<Response>;
  /** Whether the page at `url` is the same for every visitor but for its frame (its route's handle says). */
  sameForEveryVisitor(url: URL): boolean;
  /** The frame's parts for `visitor` (null: anonymous) on the page at `url`. */
  frameParts(visitor: FrameVisitor | null, url: URL): Promise<FrameParts>;
  /** Who the request's credentials name, as the site's guard finds out (the API's `/users/me`); null for nobody. */
  visitorOf(request: Request): Promise<FrameVisitor | null>;
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
export async function createSiteHandler(options: SiteOptions): Promise<SiteHandler> {
  if (!existsSync(serverEntry)) {
    throw new Error(`The site is not built (${serverEntry} is missing): run \`npm run build\` first.`);
  }
  const build = (await import(serverEntry)) as ServerBuild;
  const entry = build.entry.module as unknown as SiteEntry;
  const handle = createRequestHandler(build, options.mode);
  const site = (request: Request, nonce: string, clientAddress?: string): Promise<Response> => {
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
  return Object.assign(site, {
    sameForEveryVisitor: sharedPages(build),
    frameParts: (visitor: FrameVisitor | null, url: URL) =>
      entry.visitorFrameParts(visitor, url, options.defaultLocale),
    visitorOf: async (request: Request): Promise<FrameVisitor | null> => {
      const response = await inProcessFetch(
        options.api,
        request,
        undefined,
      )("http://site.internal/api/users/me", {
        headers: { accept: "application/vnd.api+json" },
      });
      // An ended or unknown session is an anonymous visit; anything else is a real failure.
      if (response.status === 401) return null;
      if (!response.ok) throw new Error(`The API answered ${response.status} for the visitor`);
      const { data } = (await response.json()) as { data: { id: string; attributes: Omit<FrameVisitor, "id"> } };
      const { givenName, email, emailVerified, role } = data.attributes;
      return { id: data.id, givenName, email, emailVerified, role };
    },
  });
}

/** A route's handle as the site declares it (apps/web/app/access.ts, PageHandle). */
interface PageHandle {
  sameForEveryVisitor?: boolean | ((url: URL) => boolean);
}

/**
 * Whether a URL's page is the same for every visitor but for the frame: its route (the one matched
 * last) says so in its handle. Matching walks the whole route table (every route in six prefixes,
 * 0.2–0.3 ms a path), so the route found for a path is remembered; the handle's own test then reads
 * the query.
 */
function sharedPages(build: ServerBuild): (url: URL) => boolean {
  type Node = { id: string; path?: string; index?: true; caseSensitive?: boolean; children?: Node[] };
  const nodes = new Map<string, Node>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const { id, path, caseSensitive } = route;
    nodes.set(id, route.index ? { id, path, index: true } : { id, path, caseSensitive, children: [] });
  }
  const tree: Node[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id) as Node;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent?.children ?? tree).push(node);
  }
  // A static handler ranks the routes once; matching a path still takes a fraction of a millisecond.
  const matcher = createStaticHandler(tree as Parameters<typeof createStaticHandler>[0]);
  const MAX_REMEMBERED = 10_000;
  const handleOfPath = new Map<string, PageHandle | undefined>();
  const handleOf = (pathname: string): PageHandle | undefined => {
    if (handleOfPath.has(pathname)) return handleOfPath.get(pathname);
    const matches = matcher.match(pathname);
    const leaf = matches?.at(-1)?.route.id;
    const handle = leaf ? (build.routes[leaf]?.module.handle as PageHandle | undefined) : undefined;
    if (handleOfPath.size >= MAX_REMEMBERED) handleOfPath.clear();
    handleOfPath.set(pathname, handle);
    return handle;
  };
  return (url) => {
    const same = handleOf(url.pathname)?.sameForEveryVisitor;
    return typeof same === "function" ? same(url) : same === true;
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
