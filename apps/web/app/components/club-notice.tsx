import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";

/**
 * What the last press on a club's page did, where the visitor is looking: it takes the focus as it
 * appears (the page's scroll follows), with JavaScript as without, where a plain post reloads the
 * page at its top.
 */
export function ClubDone({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noAutofocus: the outcome of what the visitor just did is where their attention belongs.
    <p className="notice notice-ok" role="status" tabIndex={-1} autoFocus>
      {children}
    </p>
  );
}

/** Whether a form's last answer refused it: its summary of errors then takes the focus. */
export function wasRefused(result: SubmissionResult | null | undefined): boolean {
  return Object.values(result?.error ?? {}).some((errors) => (errors?.length ?? 0) > 0);
}
