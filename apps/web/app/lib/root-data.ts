import { useLocation, useRouteLoaderData } from "react-router";
import type { MapTiles, OrganiserIdentity, Visitor } from "../context.ts";
import { FALLBACK_LOCALE, type Locale, prefixOf } from "../i18n/locale.ts";
import { visitorShown } from "./page-visitor.ts";

/** What the root route's loader (root.tsx) gives every page. */
export interface RootLoaderData {
  locale: Locale;
  prefix: string;
  defaultLocale: Locale;
  apiBaseUrl: string;
  nonce: string;
  /** The site's public address: every absolute URL of a page starts with it. */
  origin: string;
  /** What every page shows of the visitor: the header's menu and the reminder to confirm the address. */
  visitor: Pick<Visitor, "givenName" | "email" | "emailVerified" | "role"> | null;
  /** Who runs the site, for the footer. */
  organiser: OrganiserIdentity;
  /** Where course maps take their tiles (runtime configuration). */
  mapTiles: MapTiles;
}

export type RootData = ReturnType<typeof useRootData>;

/**
 * The page's language and where the site's URLs and API live. Here rather than in root.tsx, which
 * renders the error page: components the root renders read it without importing their renderer.
 */
export function useRootData() {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const { pathname } = useLocation();
  const defaultLocale = root?.defaultLocale ?? FALLBACK_LOCALE;
  // The language is the URL's (docs/behaviour.md#languages), read from the address being rendered:
  // the root's data may still be the previous page's while a navigation is under way.
  const prefixed = prefixOf(pathname);
  const locale = prefixed ?? defaultLocale;
  return {
    locale,
    prefix: prefixed ? `/${prefixed}` : "",
    defaultLocale,
    apiBaseUrl: root?.apiBaseUrl ?? "/",
    nonce: root?.nonce,
    // A kept page names its visitor in the page rather than in its data (lib/page-visitor.ts).
    visitor: visitorShown(root),
    organiser: root?.organiser ?? null,
    mapTiles: root?.mapTiles ?? null,
  };
}
