import { useEffect, useState } from "react";
import * as m from "../paraglide/messages.js";

/**
 * "Print" (the ticket's, unless `label` names another): the browser's print dialog. Shown once the
 * page runs JavaScript, so a page without it never shows a button that does nothing (the browser's
 * own menu prints it all the same).
 */
export function PrintButton({ label = m.ticket_print() }: { label?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      {label}
    </button>
  );
}
