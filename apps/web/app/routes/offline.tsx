import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { privatePageMeta } from "../lib/seo.ts";
import { type KeptPage, keptPages } from "../offline/kept-pages.ts";
import * as m from "../paraglide/messages.js";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.offline_title());
}

/**
 * Whether the browser is online, read here rather than through lib/network.ts: sharing that module
 * with this page would split it out of the first load's chunk, which costs every page bytes.
 */
function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Only an address of this site is offered back (`from` comes from the URL). */
function siteAddress(from: string | null): string | null {
  return from?.startsWith("/") && !from.startsWith("//") ? from : null;
}

/**
 * What this device keeps for reading offline (docs/decisions/031-offline.md): the service worker
 * keeps this page in every language at install and shows it, with `?from=` the address asked for,
 * for a page it has no copy of. The list is read from the browser's cache once the page runs.
 */
export default function Offline() {
  // The location's search rather than useSearchParams, which would take a module out of the first load's chunk.
  const from = siteAddress(new URLSearchParams(useLocation().search).get("from"));
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [pages, setPages] = useState<KeptPage[] | null>(null);
  useEffect(() => {
    let current = true;
    keptPages()
      .catch(() => [])
      .then((found) => {
        if (current) setPages(found);
      });
    return () => {
      current = false;
    };
  }, []);
  return (
    <main id="content" className="container section narrow offline-page">
      <h1>{from ? m.offline_heading() : m.offline_kept_heading()}</h1>
      {from && (
        <>
          <p className="lead">{m.offline_lead()}</p>
          <p>
            {m.offline_asked()} <code className="offline-asked">{from}</code>
          </p>
        </>
      )}
      {online && from && (
        <p className="notice notice-ok" role="status">
          {m.offline_back_online()} {/* A whole document: the page is asked of the server, not of the site's script. */}
          <a href={from}>{m.offline_open_asked()}</a>
        </p>
      )}
      <section aria-labelledby={from ? "offline-kept" : undefined} aria-busy={pages === null}>
        {from && <h2 id="offline-kept">{m.offline_kept_heading()}</h2>}
        {pages === null ? (
          <p>{m.offline_kept_loading()}</p>
        ) : pages.length === 0 ? (
          <p>{m.offline_kept_none()}</p>
        ) : (
          <ul className="offline-kept">
            {pages.map((page) => (
              <li key={page.href}>
                <a href={page.href}>{page.title}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
