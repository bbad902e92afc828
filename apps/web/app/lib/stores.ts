/**
 * The client state of docs/behaviour.md#client-stores-and-the-record-store: three namespaced
 * stores, app, registration and session. Each is a small external store (subscribe / getSnapshot,
 * for React's useSyncExternalStore) that keeps its value in the browser's storage under its own
 * key, so namespaces never collide and a reload keeps them.
 */

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Store<T> {
  readonly namespace: string;
  getSnapshot(): T;
  set(update: Partial<T> | ((current: T) => T)): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
}

const KEY_PREFIX = "sports-events:";

export function createStore<T extends object>(namespace: string, initial: T, storage?: StorageLike): Store<T> {
  const key = KEY_PREFIX + namespace;
  const listeners = new Set<() => void>();
  let value = read();

  function read(): T {
    try {
      const saved = storage?.getItem(key);
      return saved ? { ...initial, ...(JSON.parse(saved) as Partial<T>) } : initial;
    } catch {
      return initial;
    }
  }

  function write(next: T) {
    if (next === value) return;
    value = next;
    try {
      if (next === initial) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or disabled (private browsing): the state still lives for this page.
    }
    for (const listener of listeners) listener();
  }

  return {
    namespace,
    getSnapshot: () => value,
    set: (update) => write(typeof update === "function" ? update(value) : { ...value, ...update }),
    reset: () => write(initial),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The site as a whole: preferences that outlive a visit. */
export interface AppState {
  /** The last list filters, so "back to the events" returns to the same view. */
  lastEventList?: string;
}

/** A signup being filled in (the signup work fills it): kept per tab, never across devices. */
export interface RegistrationState {
  signupId?: string;
  step?: "participants" | "stays" | "recap";
}

/** Who is logged in: the session token the API client sends as `Authorization`. */
export interface SessionState {
  token?: string;
  userId?: string;
}

const browserStorage = (kind: "localStorage" | "sessionStorage"): StorageLike | undefined =>
  typeof window === "undefined" ? undefined : window[kind];

export const appStore = createStore<AppState>("app", {}, browserStorage("localStorage"));
export const registrationStore = createStore<RegistrationState>("registration", {}, browserStorage("sessionStorage"));
export const sessionStore = createStore<SessionState>("session", {}, browserStorage("sessionStorage"));
