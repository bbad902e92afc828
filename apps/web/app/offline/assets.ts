/**
 * The site's hashed files a page's HTML names (its scripts, module preloads and styles): what a kept
 * copy of the page needs to open offline, in a module that imports nothing (the service worker's).
 */
export function assetsOf(html: string): string[] {
  return [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|mjs|css)/g) ?? [])];
}
