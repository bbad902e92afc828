import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { keptCopy } from "./register.ts";

const never = () => () => {};

/** The key of the location the document was opened at, in the browser. */
let openedAt: string | undefined;

/**
 * The kept copy this document is (register.ts `keptCopy`), while it shows the page it was opened
 * with: a page the site's script shows after it was read fresh. The server and the first render say none.
 */
export function useKeptCopy(): { date: string | null } | null {
  const copy = useSyncExternalStore(never, keptCopy, () => null);
  const { key } = useLocation();
  if (typeof document !== "undefined") openedAt ??= key;
  return key === openedAt ? copy : null;
}
