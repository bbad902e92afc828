/**
 * The names of the caches the service worker keeps pages in (the precache is Serwist's own), in a
 * module that imports nothing: the offline page reads the pages' cache without the caching rules.
 */
export const PAGES_CACHE = "pages";
export const OFFLINE_CACHE = "offline-pages";
export const STATIC_CACHE = "static";
/** The hashed files of an earlier version that kept pages still name (sw.ts `keepAssetsOfKeptPages`). */
export const PREVIOUS_ASSETS_CACHE = "previous-assets";
