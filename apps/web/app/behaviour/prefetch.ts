import type { BrowserEnv, ConnectionLike } from "./env.ts";

export interface ConnectionState {
  online: boolean;
  effectiveType?: string;
  saveData?: boolean;
}

// docs/behaviour.md#prefetch: prefetch only when not offline, not 2g (slow-2g is worse still) and
// not data-saver.
const SLOW_TYPES = new Set(["2g", "slow-2g"]);

export function shouldPrefetch(conn: ConnectionState): boolean {
  if (!conn.online || conn.saveData === true) return false;
  return conn.effectiveType === undefined || !SLOW_TYPES.has(conn.effectiveType);
}

export function isPrefetchAllowed(env: BrowserEnv): boolean {
  const connection: ConnectionLike | undefined = env.navigator.connection;
  return shouldPrefetch({
    online: env.navigator.onLine,
    effectiveType: connection?.effectiveType,
    saveData: connection?.saveData,
  });
}

/**
 * Calls `listener` at once with the current answer, then again whenever it changes on
 * `online`/`offline` or a connection `change`. Returns the unsubscribe function.
 */
export function watchPrefetchAllowed(env: BrowserEnv, listener: (allowed: boolean) => void): () => void {
  let last = isPrefetchAllowed(env);
  const reevaluate = () => {
    const next = isPrefetchAllowed(env);
    if (next === last) return;
    last = next;
    listener(next);
  };
  // Captured once: browsers keep the same NetworkInformation object for the page's lifetime.
  const connection = env.navigator.connection;
  env.window.addEventListener("online", reevaluate);
  env.window.addEventListener("offline", reevaluate);
  connection?.addEventListener?.("change", reevaluate);
  listener(last);
  return () => {
    env.window.removeEventListener("online", reevaluate);
    env.window.removeEventListener("offline", reevaluate);
    connection?.removeEventListener?.("change", reevaluate);
  };
}
