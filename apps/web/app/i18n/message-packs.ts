import { use } from "react";
import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { getLocale } from "../paraglide/runtime.js";
import { browserDefaultLocale, prefixOf } from "./locale.ts";

/**
 * The browser's words, one language at a time (docs/decisions/034-first-load.md, and 070 in part).
 * The client build (apps/web/vite/message-packs.ts) turns each message into a call of `translate`, and ends every
 * script that holds messages with a call of `registerScript` (through the global below) naming its
 * packs: the messages' functions, one module per language. Its packs load in the wanted languages:
 * the page's own at first, and then each language a navigation goes to (`messagesMiddleware`), for
 * every script already there. Nothing renders before the words it needs are there: the entry waits
 * for the page's packs before hydrating (entry.client.tsx), the root holds a navigation's page until
 * the packs of the scripts it brought are in (`useMessagesLoaded`), and a component loaded on demand
 * waits for its own (`withMessages`). No script awaits its packs itself: WebKit hands a module whose
 * top-level `await` is pending to a second importer before the module has run (docs/engines.md).
 *
 * On the server none of this runs: its build keeps Paraglide's modules, with every language.
 */

type MessageFunction = (inputs: object) => string;
type Pack = Record<string, MessageFunction>;
/** One script's packs: the URL of its messages in each language. */
export type PackUrls = Partial<Record<string, string>>;

const tables = new Map<string, Pack>();
const scripts: PackUrls[] = [];
const wanted = new Set<string>();
const loads = new Map<string, Promise<void>>();
/** The packs loaded, by URL. */
const loaded = new Set<string>();

function load(locale: string, urls: PackUrls): Promise<void> | undefined {
  const url = urls[locale];
  if (!url) return undefined;
  let loading = loads.get(url);
  if (!loading) {
    loading = import(/* @vite-ignore */ url).then((module: { default: Pack }) => {
      const table = tables.get(locale) ?? {};
      tables.set(locale, Object.assign(table, module.default));
      loaded.add(url);
    });
    // A pack that failed to load (the connection dropped) is asked for again next time.
    loading.catch(() => loads.delete(url));
    loads.set(url, loading);
  }
  return loading;
}

/** A script's packs: loaded now in every wanted language, and later in each language wanted next. */
export function registerScript(urls: PackUrls): Promise<unknown> {
  scripts.push(urls);
  // Nothing awaits this (a script calls it as it runs): a pack that fails is asked for again when
  // something waits for it, and is no uncaught error meanwhile.
  return Promise.all([...wanted].map((locale) => load(locale, urls))).catch(() => undefined);
}

/** Every script's messages in `locale`, before a page in that language renders. */
export async function loadMessages(locale: string): Promise<void> {
  wanted.add(locale);
  await Promise.all(scripts.map((urls) => load(locale, urls)));
}

let waiting: { key: string; promise: Promise<void> } | undefined;

/**
 * While a script's pack in `locale` is still loading, a promise of its end (the same one until
 * another script comes): undefined once every one is there. A pack that cannot load (the connection
 * dropped) ends the wait too: another language's words are better than a page that never comes.
 */
export function messagesPending(locale: string): Promise<void> | undefined {
  if (!scripts.some((urls) => urls[locale] && !loaded.has(urls[locale]))) return undefined;
  const key = `${locale} ${scripts.length}`;
  if (waiting?.key !== key) waiting = { key, promise: loadMessages(locale).catch(() => undefined) };
  return waiting.promise;
}

/**
 * In the root's render: holds a navigation's new page (the router renders it in a transition, so the
 * page before stays meanwhile) until the scripts it brought have their words in the page's language.
 */
export function useMessagesLoaded(locale: string): void {
  const pending = messagesPending(locale);
  if (pending) use(pending);
}

/** A module loaded on demand (React's `lazy`), answered once its packs in the page's language are in. */
export async function withMessages<T>(module: T): Promise<T> {
  await messagesPending(getLocale());
  return module;
}

/** A message in the page's language (or the one asked for), as the client build's stubs call it. */
export function translate(key: string, inputs?: object, options?: { locale?: string }): string {
  const locale = options?.locale ?? getLocale();
  const found = tables.get(locale)?.[key];
  if (found) return found(inputs ?? {});
  // Not loaded (never the case when every load goes through the above): the words of another language
  // are better than none.
  for (const table of tables.values()) {
    const other = table[key];
    if (other) return other(inputs ?? {});
  }
  return key;
}

/**
 * Client middleware on the root route: a navigation to a page in another language (a link, or the
 * bare `/` sent on to the visitor's language) waits for that language's messages, loaded alongside
 * the page's data.
 */
export const messagesMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>> = async ({ request }, next) => {
  const locale = prefixOf(new URL(request.url).pathname) ?? browserDefaultLocale();
  const [results] = await Promise.all([next(), loadMessages(locale)]);
  return results;
};

if (typeof document !== "undefined") {
  wanted.add(document.documentElement.lang || browserDefaultLocale());
  (globalThis as { __messagePacks?: typeof registerScript }).__messagePacks = registerScript;
}
