import { CONSOLE_PATTERNS, ROUTE_PATTERNS } from "@sports/jsonapi";

/**
 * What the service worker keeps for offline use, decided in one place for every request
 * (docs/decisions/031-offline.md). A pure function of the request's method, address and kind, so
 * that the rules are tested without a browser (rules.test.ts) and the service worker (sw.ts) only
 * acts on the answer.
 *
 * - `asset`: a hashed file under /assets: kept the first time it passes (and the files a kept page
 *   loads, when it is kept), then served from the device; its name changes with its content.
 * - `static`: the site's other files (icons, manifest, images): served at once from the cache and
 *   refreshed behind.
 * - `page`: a public page (home, events, an event, an appointment, a content page): network first,
 *   the last copy when the network fails.
 * - `personal`: My signups (the profile) and a ticket: the same, for the visitor who is logged in;
 *   every kept page goes on logout and on account deletion (a page rendered for a logged-in visitor
 *   names them in its header, so the public ones go too).
 * - `offline`: the offline page itself, kept per language at install.
 * - `never`: to the network and nowhere else: anything but GET, the API, the console, the signup
 *   steps, payments, the account forms (whose addresses may carry tokens), React Router's data and
 *   manifest requests, the service worker itself, other origins.
 */
export type CachingRule = "asset" | "static" | "page" | "personal" | "offline" | "never";

export interface RequestFacts {
  method: string;
  /** The full URL asked for. */
  url: string;
  /** The site's origin: requests elsewhere are never kept. */
  origin: string;
  /** `navigate` for a document the browser opens (the request's mode). */
  mode: string;
}

/** The five language prefixes (apps/web/app/routes.ts), written out here for the service worker's bundle. */
export const OFFLINE_LANGUAGES = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"] as const;

const PREFIX = new RegExp(`^/(?:${OFFLINE_LANGUAGES.join("|")})(?=/|$)`);

/** The path without its language prefix (`/it-IT/evento` → `/evento`, `/it-IT` → `/`). */
export function withoutLanguage(pathname: string): string {
  return pathname.replace(PREFIX, "") || "/";
}

/** The language prefix of a path, or "" for an unprefixed one. */
export function languagePrefixOf(pathname: string): string {
  return PREFIX.exec(pathname)?.[0] ?? "";
}

const first = (pattern: string) => `/${pattern.split("/")[0]}`;

/** Screens whose first path segment alone says they are never kept. */
const NEVER_FIRST_SEGMENTS = new Set([
  first(CONSOLE_PATTERNS.home),
  first(ROUTE_PATTERNS.login),
  first(ROUTE_PATTERNS.registration),
  first(ROUTE_PATTERNS.resetPassword),
  first(ROUTE_PATTERNS.noAuth),
  first(ROUTE_PATTERNS.paymentResult),
  first(ROUTE_PATTERNS.demoPayment),
  "/sitemap.xml",
  "/robots.txt",
  "/api",
  "/outbox",
  "/healthz",
  "/readyz",
  "/metrics",
]);

const PROFILE = `/${ROUTE_PATTERNS.profile}`;
/** The ticket pages, `/modificaDati/biglietto/{id}` (`ticketPath` in packages/jsonapi/src/site-paths.ts). */
const TICKET = new RegExp(`^/${ROUTE_PATTERNS.ticket.replace(":id", "[^/]+")}/?$`);
/** A signup step lives under an event's address: `/evento/{slug}/appuntamento/{slug1?}/iscrizione/…`. */
const SIGNUP_STEP = /\/iscrizione(?:\/|$)/;
/** Query parameters that carry a secret or a one-off state: such an address is never kept. */
const SECRET_PARAMETERS = ["verifica", "token", "code", "payment", "session_id"];
const FILE = /\.[A-Za-z0-9]+$/;

export function cachingRuleOf(request: RequestFacts): CachingRule {
  if (request.method.toUpperCase() !== "GET") return "never";
  const url = new URL(request.url);
  if (url.origin !== request.origin) return "never";
  const { pathname } = url;
  if (pathname === "/sw.js") return "never";
  if (pathname.startsWith("/assets/")) return "asset";
  // React Router's own requests (a client navigation's data, lazy route discovery) read live data.
  if (pathname.endsWith(".data") || pathname === "/__manifest") return "never";
  const path = withoutLanguage(pathname);
  const firstSegment = `/${path.split("/")[1] ?? ""}`;
  if (NEVER_FIRST_SEGMENTS.has(firstSegment)) return "never";
  if (FILE.test(pathname)) return "static";
  if (request.mode !== "navigate") return "never";
  if (SECRET_PARAMETERS.some((name) => url.searchParams.has(name))) return "never";
  if (path === `/${ROUTE_PATTERNS.offline}`) return "offline";
  if (path === PROFILE || TICKET.test(path)) return "personal";
  // Everything else under the profile is a form (a place's transfer).
  if (path.startsWith(`${PROFILE}/`)) return "never";
  if (SIGNUP_STEP.test(path)) return "never";
  return "page";
}

export { OFFLINE_CACHE, PAGES_CACHE, STATIC_CACHE } from "./cache-names.ts";

export { CLEAR_PAGES_MESSAGE, endsSession } from "./session-end.ts";
