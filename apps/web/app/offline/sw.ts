/**
 * The service worker, served at /sw.js with scope "/" (docs/decisions/031-offline.md). Bundled on
 * its own after the site's build (apps/web/scripts/build-sw.ts), which writes the list of hashed
 * files to precache in place of `self.__SW_MANIFEST`. What is kept, and how, is `cachingRuleOf`
 * (rules.ts); this file only wires each rule to a strategy.
 */
import {
  cacheNames,
  ExpirationPlugin,
  NetworkFirst,
  type PrecacheEntry,
  Serwist,
  type SerwistPlugin,
  StaleWhileRevalidate,
} from "serwist";
import { assetsOf } from "./assets.ts";
import { PREVIOUS_ASSETS_CACHE } from "./cache-names.ts";
import {
  cachingRuleOf,
  languagePrefixOf,
  OFFLINE_CACHE,
  OFFLINE_LANGUAGES,
  PAGES_CACHE,
  STATIC_CACHE,
} from "./rules.ts";
import { CLEAR_PAGES_MESSAGE, endsSession } from "./session-end.ts";

/** The little of ServiceWorkerGlobalScope used here (the repository's TypeScript lib is the DOM's). */
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
}
interface WorkerScope {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  location: Location;
  addEventListener(type: "install" | "activate", listener: (event: WorkerEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
}

declare const self: WorkerScope;

const origin = self.location.origin;
/** This version's precache list, written in by the build (injectManifest wants it named once). */
const precacheEntries = self.__SW_MANIFEST ?? [];
const OFFLINE_PAGES = ["", ...OFFLINE_LANGUAGES.map((language) => `/${language}`)].map((prefix) => `${prefix}/offline`);

/**
 * The offline page of every language, kept at install. Asked without cookies: a page rendered for a
 * logged-in visitor names them, and these stay after a logout.
 */
async function keepOfflinePages(): Promise<void> {
  const cache = await caches.open(OFFLINE_CACHE);
  await Promise.all(
    OFFLINE_PAGES.map(async (path) => {
      const answer = await fetch(path, { credentials: "omit", cache: "no-store" });
      if (answer.ok) await cache.put(path, answer);
    }),
  );
}

/**
 * A kept page of an earlier version names that version's scripts and styles, which the new
 * version's precache no longer has. At install, while the precache still holds the old files, the
 * ones kept pages name are copied aside; files no kept page names any more are let go. Without
 * this, a ticket kept before an update would open offline without its styles or its script.
 */
async function keepAssetsOfKeptPages(): Promise<void> {
  const wanted = new Set<string>();
  if (await caches.has(PAGES_CACHE)) {
    const pages = await caches.open(PAGES_CACHE);
    for (const request of await pages.keys()) {
      const answer = await pages.match(request);
      if (answer) for (const path of assetsOf(await answer.text())) wanted.add(path);
    }
  }
  const current = new Set(
    precacheEntries.map((entry) => new URL(typeof entry === "string" ? entry : entry.url, origin).pathname),
  );
  const previous = await caches.open(PREVIOUS_ASSETS_CACHE);
  for (const request of await previous.keys()) {
    const path = new URL(request.url).pathname;
    if (!wanted.has(path) || current.has(path)) await previous.delete(request);
  }
  if (!(await caches.has(cacheNames.precache))) return;
  const precache = await caches.open(cacheNames.precache);
  for (const request of await precache.keys()) {
    const path = new URL(request.url).pathname;
    if (!wanted.has(path) || current.has(path) || (await previous.match(path))) continue;
    const answer = await precache.match(request);
    if (answer) await previous.put(path, answer);
  }
}

/** The offline page in the language of `url`, for an address that is not kept: a redirect, so the page hydrates at its own URL. */
function offlinePageFor(url: URL): Response {
  const from = url.pathname + url.search;
  return Response.redirect(`${origin}${languagePrefixOf(url.pathname)}/offline?${new URLSearchParams({ from })}`, 302);
}

/** Only a page that answered 200 at its own address is kept (a redirect to the login is not the page). */
const onlyThePage: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null),
};

/**
 * A kept copy says so: its `<html>` carries `data-offline-copy` with the day it was kept, which the
 * page reads (use-kept-copy.ts) to tell the visitor it may be out of date. Hydration leaves an
 * attribute it did not render in place.
 */
const markAsCopy: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const kept = Date.parse(cachedResponse.headers.get("Date") ?? "");
    const day = Number.isNaN(kept) ? "" : new Date(kept).toISOString();
    const html = (await cachedResponse.text()).replace(/<html([^>]*)>/i, `<html$1 data-offline-copy="${day}">`);
    const headers = new Headers(cachedResponse.headers);
    headers.delete("Content-Length");
    return new Response(html, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

const toOfflinePage: SerwistPlugin = {
  handlerDidError: async ({ request }) => offlinePageFor(new URL(request.url)),
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // A valley's signal that connects and then carries nothing: the kept copy after a few seconds.
  networkTimeoutSeconds: 6,
  // The pages used least recently go first, past a few hundred: far more than a runner's race needs.
  plugins: [onlyThePage, markAsCopy, toOfflinePage, new ExpirationPlugin({ maxEntries: 300 })],
});

const ruleOf = (request: Request) =>
  cachingRuleOf({ method: request.method, url: request.url, origin, mode: request.mode });

const serwist = new Serwist({
  precacheEntries,
  // A new version takes over at once; pages are network first, so the next one opened is the new
  // site's, and a route module of the old one that is gone makes React Router reload the document.
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request }) => {
        const rule = ruleOf(request);
        return rule === "page" || rule === "personal";
      },
      handler: pages,
    },
    {
      matcher: ({ request }) => ruleOf(request) === "offline",
      handler: async ({ request }) => {
        try {
          return await fetch(request);
        } catch {
          const path = new URL(request.url).pathname;
          const kept = await caches.match(path, { cacheName: OFFLINE_CACHE, ignoreSearch: true });
          return kept ?? Response.error();
        }
      },
    },
    {
      // A hashed file the precache does not have: an earlier version's, which a kept page names.
      matcher: ({ request }) => ruleOf(request) === "asset",
      handler: async ({ request }) => {
        const kept = await caches.match(new URL(request.url).pathname, { cacheName: PREVIOUS_ASSETS_CACHE });
        return kept ?? fetch(request);
      },
    },
    {
      matcher: ({ request }) => ruleOf(request) === "static",
      handler: new StaleWhileRevalidate({
        cacheName: STATIC_CACHE,
        plugins: [onlyThePage, new ExpirationPlugin({ maxEntries: 300 })],
      }),
    },
  ],
});

/** Every kept page goes: on logout and on account deletion (told by the page, or seen passing). */
const forgetPages = () => caches.delete(PAGES_CACHE);

self.addEventListener("install", (event) =>
  event.waitUntil(Promise.all([keepOfflinePages(), keepAssetsOfKeptPages()])),
);
self.addEventListener("message", (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === CLEAR_PAGES_MESSAGE) event.waitUntil(forgetPages());
});
// Registered before Serwist's own listener, which answers nothing for these: they go to the network untouched.
self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "POST") return;
  const url = new URL(request.url);
  if (url.origin !== origin || (!endsSession(url.pathname, "logout") && !endsSession(url.pathname, "delete"))) return;
  event.waitUntil(
    request
      .clone()
      .formData()
      .then((form) => (endsSession(url.pathname, form.get("intent")) ? forgetPages() : false))
      .catch(() => false),
  );
});

serwist.addEventListeners();
