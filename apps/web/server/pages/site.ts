import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DocumentHandover, SITE_ORIGIN_HEADER, VisitSessions } from "@sports/api";
import type { Organiser } from "@sports/db";
import { createApiClient, handOver } from "@sports/jsonapi";
import type { Hono } from "hono";
import { createRequestHandler, createStaticHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { takeHandedOver } from "./handover.ts";

/** Where `npm run build` puts the site: the server bundle and the files browsers download. */
export const buildDir = fileURLToPath(new URL("../../build", import.meta.url));
export const clientDir = `${buildDir}/client`;
const serverEntry = `${buildDir}/server/index.js`;

/** What the built app's entry exports besides its request handler: the context key it reads, and the frame. */
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
  /**
   * Whether each document the API hands over in process is checked to be what its JSON gives back,
   * and given to the site as that JSON's frozen copy (handover.ts): everywhere but production.
   */
  checkHandovers: boolean;
}

/** The site's request handler: React Router's server build, with the API and the page's nonce at hand. */
export async function createSiteHandler(options: SiteOptions): Promise<SiteHandler> {
  if (!existsSync(serverEntry)) {
    throw new Error(`The site is not built (${serverEntry} is missing): run \`npm run build\` first.`);
  }
  const build = (await import(serverEntry)) as ServerBuild;
  const entry = build.entry.module as unknown as SiteEntry;
  const handle = createRequestHandler(build, options.mode);
  const routeOf = routeMatcher(build);
  const site = async (request: Request, nonce: string, clientAddress?: string): Promise<Response> => {
    const methods = methodsOf(routeOf(pagePath(request)));
    const refused = refusalOf(request, methods);
    const context = new RouterContextProvider();
    // The visitor's session is read once, however many requests the page makes, and again after a change.
    const visit = new VisitSessions();
    const apiFetch = inProcessFetch(options.api, request, clientAddress, visit);
    // The client's documents are handed over as they are; a raw answer (an upload's) keeps its body.
    const handed = inProcessFetch(options.api, request, clientAddress, visit, { checked: options.checkHandovers });
    context.set(entry.siteContext, {
      api: createApiClient({ baseUrl: "http://site.internal", fetch: handed }),
      apiFetch: (path: string, init: RequestInit) => apiFetch(`http://site.internal${path}`, init),
      nonce,
      siteUrl: options.siteUrl(),
      defaultLocale: options.defaultLocale,
      apiBaseUrl: options.apiBaseUrl,
      organiser: options.organiser,
      mapTiles: options.mapTiles,
      ...(refused ? { refused } : {}),
    });
    const answer = await handle(refused ? request : asForm(request), context);
    if (answer.status === 405) answer.headers.set("Allow", methods);
    return answer;
  };
  return Object.assign(site, {
    sameForEveryVisitor: sharedPages(routeOf),
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

/** The route a path's page is, as the build's routes match it: the one matched last. */
type RouteOf = (pathname: string) => ServerBuild["routes"][string];

/** The build's routes as one matcher, ranked once by React Router's static handler. */
function routeMatcher(build: ServerBuild): RouteOf {
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
  const matcher = createStaticHandler(tree as Parameters<typeof createStaticHandler>[0]);
  return (pathname) => {
    const leaf = matcher.match(pathname)?.at(-1)?.route.id;
    return leaf ? build.routes[leaf] : undefined;
  };
}

/**
 * Whether a URL's page is the same for every visitor but for the frame: its route says so in its
 * handle, whose own test may read the query.
 */
function sharedPages(routeOf: RouteOf): (url: URL) => boolean {
  return (url) => {
    const same = (routeOf(url.pathname)?.module.handle as PageHandle | undefined)?.sameForEveryVisitor;
    return typeof same === "function" ? same(url) : same === true;
  };
}

/**
 * The page a request is for: its path, or for React Router's data request the page's path without
 * `.data` (as React Router reads it: `/_.data` is `/`).
 */
function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
}

/** The methods a page takes, as an `Allow` header says them: a page with an action takes its form. */
function methodsOf(route: ReturnType<RouteOf>): string {
  return route?.module.action ? "GET, HEAD, POST" : "GET, HEAD";
}

/** The two types a browser sends a form as. */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * What the site answers, before the page, to a request no form of the site sends (docs/behaviour.md,
 * "Error pages"): 405 to a method the page does not take, 415 to a body that is not a form.
 */
function refusalOf(request: Request, methods: string): 405 | 415 | undefined {
  const { method } = request;
  if (method === "GET" || method === "HEAD") return undefined;
  if (method !== "POST" || !methods.includes("POST")) return 405;
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  return FORM_TYPES.includes(type) ? undefined : 415;
}

/** A form the page's action reads: one that does not parse is the sender's fault (400), not the site's. */
class FormRequest extends Request {
  override async formData(): Promise<FormData> {
    try {
      return await super.formData();
    } catch {
      throw new Response("The form could not be read.", { status: 400, statusText: "Bad Request" });
    }
  }
}

/** A request whose body the page's action reads as a form (a POST; other methods reach no action). */
function asForm(request: Request): Request {
  if (request.method !== "POST") return request;
  const { url, method, headers, body, signal } = request;
  const init: RequestInit & { duplex: "half" } = { method, headers, body, signal, duplex: "half" };
  return new FormRequest(url, init);
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
 * cross-site check reads (Origin, Sec-Fetch-Site, and the origin the browser sees), and the
 * sessions this visit already looked up (`VisitSessions`, packages/api/src/accounts/session.ts),
 * which a change forgets once it is answered: it may have ended or changed one. With `handover`,
 * the answer's document is handed over as it is (`DocumentHandover`, handover.ts), checked as its
 * JSON unless `checked` is false, rather than written into its body.
 */
function inProcessFetch(
  api: SiteOptions["api"],
  request: Request,
  clientAddress: string | undefined,
  visit?: VisitSessions,
  handover?: { checked: boolean },
) {
  const forwarded = ["cookie", "authorization", "x-request-id", "origin", "sec-fetch-site"];
  const origin = new URL(request.url).origin;
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers = new Headers(init.headers);
    for (const name of forwarded) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    headers.set(SITE_ORIGIN_HEADER, origin);
    if (clientAddress) headers.set(SITE_CLIENT_HEADER, clientAddress);
    const { pathname, search } = new URL(url);
    const path = pathname.replace(/^\/api(?=\/)/, "") + search;
    const method = (init.method ?? "GET").toUpperCase();
    const answer = handover ? new DocumentHandover() : undefined;
    try {
      const response = await api.request(path, { ...init, headers }, { visitSessions: visit, handover: answer });
      if (answer?.document === undefined) return response;
      return handOver(response, takeHandedOver(answer.document, handover?.checked ?? true));
    } finally {
      if (method !== "GET" && method !== "HEAD") visit?.forget();
    }
  };
}
