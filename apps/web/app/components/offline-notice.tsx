import { useOnline } from "../lib/network.ts";
import * as m from "../paraglide/messages.js";

/** Shown while the browser is offline (docs/behaviour.md#online-and-offline). */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status">
      {m.offline_notice()}
    </div>
  );
}
