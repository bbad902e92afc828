/**
 * The listeners a process registers per database for what it hears of that database's changes
 * (the catalogue's, catalogue/changes.ts; accounts', accounts/changes.ts).
 */
export interface DatabaseListeners<Listener> {
  /** Adds `listener` for `db`; the function returned removes it. */
  add(db: object, listener: Listener): () => void;
  /** The listeners of `db`, as they stand. */
  of(db: object): Iterable<Listener>;
}

export function databaseListeners<Listener>(): DatabaseListeners<Listener> {
  const byDatabase = new WeakMap<object, Set<Listener>>();
  return {
    add(db, listener) {
      let listeners = byDatabase.get(db);
      if (!listeners) {
        listeners = new Set();
        byDatabase.set(db, listeners);
      }
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    of: (db) => byDatabase.get(db) ?? [],
  };
}
