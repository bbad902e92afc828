import type { BrowserEnv } from "./env.ts";

export interface OnlineStatus {
  subscribe(listener: () => void): () => void;
  getSnapshot(): boolean;
  getServerSnapshot(): boolean;
}

/**
 * Online/offline store for useSyncExternalStore. The snapshot is read live from `navigator.onLine`
 * (the browser updates it before firing the event), so the events only need to notify.
 */
export function createOnlineStatus(env: BrowserEnv): OnlineStatus {
  return {
    subscribe(listener) {
      env.window.addEventListener("online", listener);
      env.window.addEventListener("offline", listener);
      return () => {
        env.window.removeEventListener("online", listener);
        env.window.removeEventListener("offline", listener);
      };
    },
    getSnapshot: () => env.navigator.onLine,
    // The server cannot know; assuming online avoids rendering "offline" banners into the HTML.
    getServerSnapshot: () => true,
  };
}
