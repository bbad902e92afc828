import { useEffect, useState, useSyncExternalStore } from "react";
import { createOnlineStatus, type OnlineStatus } from "../behaviour/online.ts";
import { watchPrefetchAllowed } from "../behaviour/prefetch.ts";

let status: OnlineStatus | undefined;
const onlineStatus = () => {
  status ??= createOnlineStatus({ window, navigator });
  return status;
};

/** Whether the browser is online; the server (and the first render) assume it is. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineStatus().subscribe(listener),
    () => onlineStatus().getSnapshot(),
    () => true,
  );
}

/**
 * docs/behaviour.md#prefetch: links prefetch only online, not on 2g and not with save-data. Off
 * until the browser says.
 */
export function usePrefetchAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => watchPrefetchAllowed({ window, navigator }, setAllowed), []);
  return allowed;
}
