import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";

let copy: { date: string | null } | null | undefined;

/**
 * Whether this document is a copy the service worker kept rather than the server's answer, and the
 * day it was kept: the worker marks it with `<html data-offline-copy="{ISO date}">` (sw.ts). `null`
 * for a fresh page.
 */
function keptCopy(): { date: string | null } | null {
  if (copy !== undefined) return copy;
  const mark = globalThis.document?.documentElement.getAttribute("data-offline-copy");
  copy = typeof mark === "string" ? { date: mark || null } : null;
  return copy;
}

const never = () => () => {};

/** The key of the location the document was opened at, in the browser. */
let openedAt: string | undefined;

/**
 * The kept copy this document is (`keptCopy`), while it shows the page it was opened
 * with: a page the site's script shows after it was read fresh. The server and the first render say none.
 */
export function useKeptCopy(): { date: string | null } | null {
  const kept = useSyncExternalStore(never, keptCopy, () => null);
  const { key } = useLocation();
  if (typeof document !== "undefined") openedAt ??= key;
  return key === openedAt ? kept : null;
}
