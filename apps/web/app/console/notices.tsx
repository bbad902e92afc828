import type { ReactNode } from "react";
import * as m from "../paraglide/messages.js";

/**
 * The console's notices at the top of a page, one look each: what the last press did (read out as
 * it appears) and what the action refused that is no field's (read out at once). What a field
 * refused is said at the field, and summed up above its form (forms/fields.tsx, `FormErrors`).
 */
export function DoneNotice({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice-ok" role="status">
      {children}
    </p>
  );
}

/** "Saved", after a catalogue form's save (an event, an appointment, a stay, a page). */
export function SavedNotice({ saved }: { saved: boolean | undefined }) {
  return saved ? <DoneNotice>{m.console_event_saved()}</DoneNotice> : null;
}

/**
 * The refusals that belong to no field, a line each (as an action's reply lists them, gaps left
 * out); nothing without one.
 */
export function ProblemsNotice({ problems }: { problems: readonly (string | null | undefined)[] }) {
  const lines = problems.filter((problem): problem is string => Boolean(problem));
  if (lines.length === 0) return null;
  return (
    <div className="notice notice-warning" role="alert">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The outcome of a press beside the form it came from (a signup's actions, a certificate's review). */
export function OutcomeNote({ ok, id, children }: { ok: boolean; id?: string; children: ReactNode }) {
  return (
    <p id={id} role={ok ? "status" : "alert"} className={ok ? "console-ok" : "console-error"}>
      {children}
    </p>
  );
}
