import { elided } from "../i18n/elision.ts";
import { useOnline } from "../lib/network.ts";
import { useRootData } from "../lib/root-data.ts";
import { useKeptCopy } from "../offline/use-kept-copy.ts";
import * as m from "../paraglide/messages.js";

/**
 * Shown while the browser is offline (docs/behaviour.md#online-and-offline), and over a page opened
 * from the copy the service worker kept, which may be out of date (docs/decisions/031-offline.md).
 */
export function OfflineNotice() {
  const online = useOnline();
  const copy = useKeptCopy();
  const { locale } = useRootData();
  const kept = copy?.date ? new Date(copy.date) : null;
  const stale = kept && !Number.isNaN(kept.getTime()) ? kept : null;
  if (online && !stale) return null;
  if (!stale) {
    return (
      <div className="offline-notice" role="status">
        {m.offline_notice()}
      </div>
    );
  }
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(stale);
  return (
    <div className="offline-notice" role="status">
      {!online && <p>{m.offline_notice()}</p>}
      <p>{elided(m.offline_copy_notice({ date }), locale)}</p>
    </div>
  );
}
