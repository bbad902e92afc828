/**
 * The names of the caches the service worker keeps (docs/decisions/031-offline.md), in a module
 * that imports nothing: the offline page reads the pages' cache without the caching rules.
 */
export const PAGES_CACHE = "pages";
export const OFFLINE_CACHE = "offline-pages";
export const STATIC_CACHE = "static";
/** The site's hashed scripts and styles: those the kept pages and the offline pages name, and those that passed since (sw.ts). */
export const ASSETS_CACHE = "assets";
/** Every cache the worker keeps; any other on the site's origin is an earlier version's, let go of on activation. */
export const WORKER_CACHES: readonly string[] = [PAGES_CACHE, OFFLINE_CACHE, STATIC_CACHE, ASSETS_CACHE];
