/**
 * The service worker, served at /sw.js with scope "/" (docs/decisions/031-offline.md). Bundled on
 * its own after the site's build (apps/web/scripts/build-sw.ts). What is kept, and how, is
 * `cachingRuleOf` (rules.ts); this file only wires each rule to a strategy.
 *
 * Nothing is precached from a list of the build's files. At install the worker keeps the offline
 * page in every language and the page it was installed from, each with the hashed files its HTML
 * names; from then on every page it keeps keeps its files too, and a hashed file that passes is kept
 * as it is (its name changes with its content). The console's scripts, another language's messages,
 * a script a page loads on demand: kept when first used, never before.
 */
import { ExpirationPlugin, NetworkFirst, Serwist, type SerwistPlugin, StaleWhileRevalidate } from "serwist";
import { assetsOf, assetsToLetGo } from "./assets.ts";
import { ASSETS_CACHE, WORKER_CACHES } from "./cache-names.ts";
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
  location: Location;
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly { url: string }[]>;
  };
  addEventListener(type: "install" | "activate", listener: (event: WorkerEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
}

declare const self: WorkerScope;

const origin = self.location.origin;
const OFFLINE_PAGES = ["", ...OFFLINE_LANGUAGES.map((language) => `/${language}`)].map((prefix) => `${prefix}/offline`);

/**
 * Keeps the hashed files named, each taken from where it already is: this worker's files, an
 * earlier version's caches (whose precache keyed them with a revision in the query; the server may
 * no longer have them), the browser's own cache or the network. Returns those it could not get.
 */
async function keepFiles(paths: readonly string[]): Promise<string[]> {
  const kept = await Promise.all(paths.map(keepFile));
  return paths.filter((_, index) => !kept[index]);
}

/** The files being kept now, each asked for once however many pages name it at the same time. */
const keeping = new Map<string, Promise<boolean>>();

function keepFile(path: string): Promise<boolean> {
  let done = keeping.get(path);
  if (!done) {
    done = (async () => {
      const assets = await caches.open(ASSETS_CACHE);
      if (await assets.match(path)) return true;
      const found = (await caches.match(path, { ignoreSearch: true })) ?? (await fetch(path).catch(() => undefined));
      if (found?.status !== 200) return false;
      await assets.put(path, found);
      return true;
    })()
      .catch(() => false)
      .finally(() => keeping.delete(path));
    keeping.set(path, done);
  }
  return done;
}

/** The HTML of every page a cache keeps. */
async function pagesIn(cacheName: string): Promise<string[]> {
  if (!(await caches.has(cacheName))) return [];
  const cache = await caches.open(cacheName);
  const answers = await Promise.all((await cache.keys()).map((request) => cache.match(request)));
  return Promise.all(answers.map((answer) => answer?.text() ?? ""));
}

/**
 * The offline page of every language, kept at install with its files (the same few scripts in
 * every language, and two small message packs each). Asked without cookies: a page rendered for a
 * logged-in visitor names them, and these stay after a logout.
 */
async function keepOfflinePages(): Promise<void> {
  const answers = await Promise.all(
    OFFLINE_PAGES.map(async (path) => {
      const answer = await fetch(path, { credentials: "omit", cache: "no-store" });
      return answer.ok ? { path, answer, files: assetsOf(await answer.clone().text()) } : undefined;
    }),
  );
  const pages = answers.filter((page) => page !== undefined);
  const missing = new Set(await keepFiles([...new Set(pages.flatMap(({ files }) => files))]));
  const cache = await caches.open(OFFLINE_CACHE);
  await Promise.all(
    pages
      .filter(({ files }) => files.every((file) => !missing.has(file)))
      .map(({ path, answer }) => cache.put(path, answer)),
  );
}

/** Kept pages of an earlier version name its files, which the new version may not have: they stay. */
async function keepFilesOfKeptPages(): Promise<void> {
  await keepFiles([...new Set((await pagesIn(PAGES_CACHE)).flatMap(assetsOf))]);
}

/**
 * When a new version takes over, the files no kept page names go, and so do the caches of earlier
 * versions of the worker (the files their kept pages name were kept at install).
 */
async function letGoOfUnnamedFiles(): Promise<void> {
  const assets = await caches.open(ASSETS_CACHE);
  const requests = await assets.keys();
  const named = [...(await pagesIn(PAGES_CACHE)), ...(await pagesIn(OFFLINE_CACHE))];
  const letGo = new Set(
    assetsToLetGo(
      requests.map((request) => new URL(request.url).pathname),
      named,
    ),
  );
  await Promise.all(
    requests.filter((request) => letGo.has(new URL(request.url).pathname)).map((request) => assets.delete(request)),
  );
  const earlier = (await caches.keys()).filter((name) => !WORKER_CACHES.includes(name));
  await Promise.all(earlier.map((name) => caches.delete(name)));
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

/** A kept page keeps the files it names, so that it opens offline whole (most have passed already). */
const withItsFiles: SerwistPlugin = {
  cacheDidUpdate: async ({ newResponse }) => {
    await keepFiles(assetsOf(await newResponse.text()));
  },
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
  plugins: [onlyThePage, withItsFiles, markAsCopy, toOfflinePage, new ExpirationPlugin({ maxEntries: 300 })],
});

const ruleOf = (request: Request) =>
  cachingRuleOf({ method: request.method, url: request.url, origin, mode: request.mode });

/**
 * The pages open when the worker installs were loaded before it: above all the one that registered
 * it, a ticket opened from a mail in the week of the race, say. Each one it would keep is kept now,
 * as if opened through it, unless kept already.
 */
async function keepOpenPages(event: WorkerEvent): Promise<void> {
  const kept = await caches.open(PAGES_CACHE);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  await Promise.all(
    windows.map(async ({ url }) => {
      const rule = cachingRuleOf({ method: "GET", url, origin, mode: "navigate" });
      if ((rule !== "page" && rule !== "personal") || (await kept.match(url))) return;
      const [, done] = pages.handleAll({ event, request: new Request(url) });
      await done.catch(() => undefined);
    }),
  );
}

const serwist = new Serwist({
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
      // A hashed file never changes: from the device once kept, and kept the first time it passes.
      matcher: ({ request }) => ruleOf(request) === "asset",
      handler: async ({ request, event }) => {
        const path = new URL(request.url).pathname;
        // A file being kept for a page at this moment is asked for once: its answer is awaited.
        await keeping.get(path);
        const kept = await caches.match(path, { cacheName: ASSETS_CACHE });
        if (kept) return kept;
        const answer = await fetch(request);
        if (answer.status === 200) {
          const copy = answer.clone();
          event.waitUntil(caches.open(ASSETS_CACHE).then((assets) => assets.put(path, copy)));
        }
        return answer;
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
  event.waitUntil(Promise.all([keepOfflinePages(), keepOpenPages(event), keepFilesOfKeptPages()])),
);
self.addEventListener("activate", (event) => event.waitUntil(letGoOfUnnamedFiles()));
self.addEventListener("message", (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === CLEAR_PAGES_MESSAGE) event.waitUntil(forgetPages());
});
// Registered before Serwist's, which answers nothing for these: they go to the network untouched.
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
// Serwist only routes the requests: with no list to precache, its install and activation have nothing to do.
self.addEventListener("fetch", (event) =>
  serwist.handleFetch(event as unknown as Parameters<Serwist["handleFetch"]>[0]),
);
