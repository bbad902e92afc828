/**
 * Telling what depends on the catalogue that it changed: the cached event totals here, and whatever
 * else a process keeps from it (the server's rendered pages). Writers to the catalogue call
 * `catalogueChanged` after they commit; it reaches this process only, so every such cache also lapses
 * by itself within seconds (other processes see the change then).
 */
import { forgetCounts } from "./event-counts.ts";

type Listener = () => void;

const listenersByDatabase = new WeakMap<object, Set<Listener>>();

/** Calls `listener` after every change to `db`'s catalogue made in this process; returns the unsubscribe. */
export function onCatalogueChange(db: object, listener: Listener): () => void {
  let listeners = listenersByDatabase.get(db);
  if (!listeners) {
    listeners = new Set();
    listenersByDatabase.set(db, listeners);
  }
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Call after adding, removing or republishing events, appointments or places: drops what was kept. */
export function catalogueChanged(db: object): void {
  forgetCounts(db);
  for (const listener of listenersByDatabase.get(db) ?? []) listener();
}
