import packs from "virtual:message-packs";
import { createReadableStreamFromReadable } from "@react-router/node";
import { RecordStore } from "@sports/jsonapi";
import { preloadModule } from "react-dom";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { languageContext, recordsContext, siteContext } from "./context.ts";
import { runInLocale } from "./i18n/locale.server.ts";
import type { Locale } from "./i18n/locale.ts";
import { fallbackDocument } from "./lib/fallback-page.ts";
import { lowPriorityModulePreloads } from "./lib/module-preloads.server.ts";
import { RecordStoreProvider } from "./lib/use-records.ts";

/** The frame of a page kept for every visitor, filled in per visitor by the server (server/pages/kept-pages.ts). */
export { visitorFrameParts } from "./components/visitor-frame.server.tsx";
export { languageContext, siteContext };

export const streamTimeout = 5_000;

/** Logs what went wrong on the server, but not a visitor's request for a page that does not exist. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && error.message.startsWith("No route matches URL")) return;
  console.error(error);
}

/**
 * The page's messages in its language (docs/decisions/034-first-load.md): the pack of each script
 * the page loads first, from the client build's map (apps/web/vite/message-packs.ts).
 */
export function messagePacksOf(context: EntryContext, locale: Locale): string[] {
  const { manifest, staticHandlerContext } = context;
  const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of staticHandlerContext.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) continue;
    scripts.add(route.module);
    for (const file of route.imports ?? []) scripts.add(file);
  }
  return [...scripts].flatMap((script) => packs[script]?.[locale] ?? []);
}

/** Names the page's message packs as module preloads in its head; renders nothing. */
function MessagePreloads({ urls, nonce }: { urls: string[]; nonce: string }) {
  for (const url of urls) preloadModule(url, { as: "script", nonce });
  return null;
}

/**
 * Renders the whole page before answering: pages are small, a complete document can be cached
 * (and is what crawlers want), and the status code stays right when a late part fails.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { nonce, defaultLocale } = loadContext.get(siteContext);
  let locale: Locale = defaultLocale;
  try {
    locale = loadContext.get(languageContext).locale;
  } catch {
    // The guard did not run (a request no route matched): the default language.
  }
  let records: RecordStore;
  try {
    records = loadContext.get(recordsContext);
  } catch {
    // No middleware ran: nothing was read, and nothing is shared with another request either.
    records = new RecordStore();
  }
  if (request.method.toUpperCase() === "HEAD") return Promise.resolve(new Response(null, { status, headers }));

  return runInLocale(
    locale,
    () =>
      new Promise((resolve) => {
        let statusCode = status;
        const timeout = setTimeout(() => abort(), streamTimeout + 1000);
        const { pipe, abort } = renderToPipeableStream(
          <RecordStoreProvider value={records}>
            <MessagePreloads urls={messagePacksOf(routerContext, locale)} nonce={nonce} />
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </RecordStoreProvider>,
          {
            nonce,
            // Every boundary inline, however large: React otherwise sends a big one (the course's
            // section, routes/appointment.tsx) after the page with a script to move it in place,
            // and without JavaScript it would never show.
            progressiveChunkSize: Number.POSITIVE_INFINITY,
            onAllReady() {
              // The scripts' preloads at low priority: the first paint waits for the stylesheet alone
              // (docs/decisions/035-first-paint.md).
              const body = lowPriorityModulePreloads(() => clearTimeout(timeout));
              headers.set("Content-Type", "text/html; charset=utf-8");
              pipe(body);
              resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }));
            },
            onShellError(error) {
              // The page, then its error page, failed before anything was sent: the plain fallback.
              clearTimeout(timeout);
              console.error(error);
              headers.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(fallbackDocument(locale), { headers, status: statusCode >= 400 ? statusCode : 500 }),
              );
            },
            onError(error) {
              statusCode = 500;
              console.error(error);
            },
          },
        );
      }),
  );
}
