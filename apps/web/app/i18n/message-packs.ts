import type { DataStrategyResult, MiddlewareFunction } from "react-router";
import { getLocale } from "../paraglide/runtime.js";
import { browserDefaultLocale, prefixOf } from "./locale.ts";

/**
 * The browser's words, one language at a time (docs/decisions/034-first-load.md). The client build
 * (apps/web/vite/message-packs.ts) turns each message into a call of `translate`, and ends every
 * script that holds messages with a call of `registerScript` (through the global below) naming its
 * packs: the messages' functions, one module per language. A script counts as loaded once its packs
 * in the wanted languages are: the page's own at first, and then each language a navigation goes to
 * (`messagesMiddleware`), loaded for every script already there before the new page renders.
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

function load(locale: string, urls: PackUrls): Promise<void> | undefined {
  const url = urls[locale];
  if (!url) return undefined;
  let loading = loads.get(url);
  if (!loading) {
    loading = import(/* @vite-ignore */ url).then((module: { default: Pack }) => {
      const table = tables.get(locale) ?? {};
      tables.set(locale, Object.assign(table, module.default));
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
  return Promise.all([...wanted].map((locale) => load(locale, urls)));
}

/** Every script's messages in `locale`, before a page in that language renders. */
export async function loadMessages(locale: string): Promise<void> {
  wanted.add(locale);
  await Promise.all(scripts.map((urls) => load(locale, urls)));
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
