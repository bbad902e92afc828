import type { DataDocument, RecordStore } from "@sports/jsonapi";
import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
import { browserRecords, pushDocuments } from "./record-store.ts";

const RequestStore = createContext<RecordStore | null>(null);

/** Hands a server render its request's store (entry.server.tsx); the browser needs none. */
export const RecordStoreProvider = RequestStore.Provider;

/** The store this render reads: the request's on the server, the page's one in the browser (lib/record-store.ts). */
export function useRecordStore(): RecordStore {
  const store = useContext(RequestStore);
  if (store) return store;
  // A server render without the request's store would render from an empty one: fail instead.
  if (typeof window === "undefined") throw new Error("No record store for this render (see entry.server.tsx).");
  return browserRecords();
}

/**
 * `select(store, argument)`, kept while the store has not changed, so React sees the same answer
 * until a record does (`select` and `argument` must keep their identity between renders: a
 * module-level function, loader data).
 */
export function useRecords<TArgument, TResult>(
  select: (store: RecordStore, argument: TArgument) => TResult,
  argument: TArgument,
): TResult {
  const store = useRecordStore();
  const read = useMemo(() => {
    let last: { version: number; value: TResult } | undefined;
    return () => {
      if (last?.version !== store.version) last = { version: store.version, value: select(store, argument) };
      return last.value;
    };
  }, [store, select, argument]);
  return useSyncExternalStore(store.subscribe, read, read);
}

/**
 * The documents a loader read, in the store before the page reads it. A clientLoader has pushed
 * them already on a navigation; this is for the first render, which hydrates the server's HTML from
 * the loader data in the page: the store it reads must hold what the server's held.
 */
export function useLoaderRecords(documents: readonly DataDocument[] | undefined): void {
  pushDocuments(useRecordStore(), documents);
}
