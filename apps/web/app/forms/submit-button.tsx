import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { useOnline } from "../lib/network.ts";
import * as m from "../paraglide/messages.js";

// Apart from the fields (fields.tsx), so a page with only a button, the event page's "Sign up", loads
// only the button.

/** The form's primary button: busy while its submission runs, and saying so while offline. */
export function SubmitButton({
  children,
  name,
  value,
  accessibleLabel,
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  /** A longer name for screen readers, starting with the visible text. */
  accessibleLabel?: string;
}) {
  const navigation = useNavigation();
  const online = useOnline();
  const busy = navigation.state === "submitting" && (!name || navigation.formData?.get(name) === value);
  return (
    <button
      type="submit"
      className="button button-primary"
      name={name}
      value={value}
      aria-label={accessibleLabel}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        // Offline, the submission goes on to be held back and told about, with a retry (lib/connection-loss.ts).
        if (busy) event.preventDefault();
      }}
    >
      {children}
      {!online && <span className="needs-network"> · {m.needs_network()}</span>}
    </button>
  );
}
