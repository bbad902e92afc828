/** A hashed file the page loads: a link's or a script's address, or a module its inline scripts import. */
const LOADED = /(?:\bhref=|\bsrc=|\bimport\s*\(?|\bfrom)\s*["'](\/assets\/[\w.-]+\.(?:js|mjs|css))["']/g;

/**
 * The site's hashed files a page's HTML loads (its styles, scripts and module preloads): what a kept
 * copy of the page needs to open offline, in a module that imports nothing (the service worker's).
 * The routes React Router's inline manifest describes for later navigations are not among them.
 */
export function assetsOf(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(LOADED), (match) => match[1] ?? ""))];
}

/**
 * The kept files to let go of when a new version of the worker takes over: those no kept page (nor
 * offline page) names. A file passed through once, such as a script loaded on demand or the
 * console's, comes back the next time it is asked for online.
 */
export function assetsToLetGo(cached: readonly string[], keptPages: readonly string[]): string[] {
  const named = new Set(keptPages.flatMap(assetsOf));
  return cached.filter((path) => !named.has(path));
}
