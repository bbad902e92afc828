import { Form } from "react-router";
import { SubmitButton } from "../forms/submit-button.tsx";
import * as m from "../paraglide/messages.js";
import type { OpeningAlertAnswer } from "../signup/opening-alert.ts";

/**
 * "Notify me when signups open" on an appointment not open yet (docs/decisions/027-waiting-list.md):
 * the button, then the word that a mail will come, with the way to take it back. A plain form
 * without JavaScript; the page stays the same for every visitor, so it can be kept.
 */
export function OpeningAlert({
  appointmentId,
  answer,
}: {
  appointmentId: string;
  answer: OpeningAlertAnswer | undefined;
}) {
  return (
    <aside className="signup-bar signup-panel" aria-labelledby="opening-alert-title">
      <h2 id="opening-alert-title">{m.opening_alert_title()}</h2>
      {answer && "alertId" in answer ? (
        <>
          <p role="status" className="notice notice-success">
            {m.opening_alert_asked()}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="drop-opening-alert" />
            <SubmitButton name="alert" value={answer.alertId}>
              {m.opening_alert_drop()}
            </SubmitButton>
          </Form>
        </>
      ) : (
        <>
          {answer && "alertDropped" in answer ? (
            <p role="status" className="notice">
              {m.opening_alert_dropped()}
            </p>
          ) : (
            <p>{m.opening_alert_lead()}</p>
          )}
          {answer && "alertRefusal" in answer ? (
            <p role="alert" className="notice notice-warning">
              {answer.alertRefusal === "already-open" ? m.opening_alert_refused() : m.waiting_list_refused()}
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="opening-alert" />
            <SubmitButton name="appointment" value={appointmentId}>
              {m.opening_alert_ask()}
            </SubmitButton>
          </Form>
        </>
      )}
    </aside>
  );
}
