import { type ApiClient, createApiClient, type FetchFunction, type RecordStore } from "@sports/jsonapi";
import type { Progress } from "../behaviour/progress.ts";
import { progress } from "./progress.ts";
import { browserRecords } from "./record-store.ts";
import { type SessionState, type Store, sessionStore } from "./stores.ts";

export interface BrowserApiOptions {
  /** Where browsers reach the API: runtime configuration from the root loader, never baked in. */
  baseUrl: string;
  /** The page's language, sent as `Accept-Language`. */
  locale: () => string | undefined;
  /** Whose token goes in `Authorization` (default: the session store). */
  session?: Pick<Store<SessionState>, "getSnapshot">;
  /** The bar each request feeds (default: the page's progress bar). */
  progress?: Pick<Progress, "start" | "finish">;
  /** Where every document answered goes (default: the browser's record store, lib/record-store.ts). */
  store?: Pick<RecordStore, "push">;
  fetch?: FetchFunction;
}

/**
 * The API client as the browser uses it (docs/behaviour.md#http-client): the runtime base URL,
 * JSON:API `Accept`, the session's token as `Authorization: Bearer …` while there is one, every
 * request on the progress bar, and every document answered kept in the page's record store, where
 * the screens read records (docs/decisions/016-record-store.md).
 */
export function createBrowserApi(options: BrowserApiOptions): ApiClient {
  const bar = options.progress ?? progress;
  const session = options.session ?? sessionStore;
  return createApiClient({
    baseUrl: options.baseUrl,
    locale: options.locale,
    token: () => session.getSnapshot().token,
    onRequest: () => {
      const token = bar.start();
      return (ok) => bar.finish(token, ok);
    },
    store: options.store ?? browserRecords(),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
