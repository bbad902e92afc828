import { type DataDocument, RecordStore } from "@sports/jsonapi";

/**
 * Where the site keeps the JSON:API records its pages show (docs/decisions/016-record-store.md): in
 * the browser one store for the page's life, on the server one per request
 * (lib/record-store.server.ts). Components read it through lib/use-records.ts, never a document.
 * This module stays free of React and React Router: clientLoaders and clientActions import it, and
 * each of those is a chunk of its own, which would otherwise split the chunks every page loads.
 */

let browserStore: RecordStore | undefined;

/**
 * The browser's one store. Outside a browser (the server, tests) every call gets a store of its
 * own: a module-level store there would be every visitor's at once.
 */
export function browserRecords(): RecordStore {
  if (typeof window === "undefined") return new RecordStore();
  browserStore ??= new RecordStore();
  return browserStore;
}

const pushed = new WeakMap<RecordStore, WeakSet<DataDocument>>();

/**
 * Pushes each document into the store once: a loader's data is rendered many times, and pushing
 * the same old document again after a newer one would put the older values back.
 */
export function pushDocuments(store: RecordStore, documents: readonly DataDocument[] | undefined): void {
  let seen = pushed.get(store);
  if (!seen) {
    seen = new WeakSet();
    pushed.set(store, seen);
  }
  for (const document of documents ?? []) {
    if (seen.has(document)) continue;
    seen.add(document);
    store.push(document);
  }
}

/** A clientLoader that asks the server, with the documents of its answer pushed into the browser's store. */
export async function loadIntoStore<TData extends { documents?: readonly DataDocument[] }>(
  serverLoader: () => Promise<TData>,
): Promise<TData> {
  const data = await serverLoader();
  pushDocuments(browserRecords(), data.documents);
  return data;
}
