import type { ApiClient, RecordStore, UserAttributes } from "@sports/jsonapi";
import { createContext } from "react-router";
import type { Locale } from "./paraglide/runtime.js";

/** Who runs the site: what the footer and the pages name as the organiser (apps/web/server sets it). */
export interface OrganiserIdentity {
  name: string;
  legalName: string;
  street: string;
  postalCode: string;
  locality: string;
  /** ISO 3166 code, named in the page's language. */
  country: string;
  vatNumber: string;
  email: string;
}

/** What the server hands every request of the site (set by apps/web/server, read by loaders). */
export interface SiteContext {
  /** The API, called in process with the visitor's headers. */
  api: ApiClient;
  /**
   * The same API for what is not a JSON:API document (a file sent as the raw body): the path under
   * `/api`, the visitor's headers added, the answer as it comes.
   */
  apiFetch: (path: string, init: RequestInit) => Promise<Response>;
  /** The nonce of this response's Content-Security-Policy, for inline scripts. */
  nonce: string;
  /**
   * The site's public address (`PUBLIC_URL`), which every absolute URL of a page starts with
   * (canonical and alternate links, Open Graph, the sitemap): never the request's own `Host`.
   */
  siteUrl: string;
  /** The language of unprefixed URLs (`DEFAULT_LOCALE`). */
  defaultLocale: Locale;
  /** Where browsers reach the API (runtime configuration, never baked into the bundle). */
  apiBaseUrl: string;
  organiser: OrganiserIdentity;
  /** Where course maps take their tiles (`MAP_TILE_URL`, `MAP_ATTRIBUTION`): runtime configuration too. */
  mapTiles: MapTiles;
  /**
   * The status the server refused this request with before its page ran (apps/web/server/pages/site.ts):
   * 405 for a method the page does not take, 415 for a body that is not a form.
   */
  refused?: number;
}

/** A tile source for maps: a Leaflet URL template and the attribution its licence asks for. */
export interface MapTiles {
  url: string;
  attribution: string;
}

export const siteContext = createContext<SiteContext>();

/** The page's language and the URL prefix it came from, set by the i18n guard. */
export interface PageLanguage {
  locale: Locale;
  /** "" for unprefixed URLs, else "/it-IT" and so on. */
  prefix: string;
}

export const languageContext = createContext<PageLanguage>();

/** The logged-in visitor, as the API knows them; `null` for an anonymous one. Set by the auth guard. */
export interface Visitor extends UserAttributes {
  id: string;
}

export const visitorContext = createContext<Visitor | null>(null);

/**
 * The records this request's API reads and changes, for this request alone: set by the root
 * middleware (lib/record-store.server.ts), read by loaders and by the render (entry.server.tsx).
 */
export const recordsContext = createContext<RecordStore>();
