import { Form } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { WaitingListAnswer } from "../signup/waiting-list.ts";

/**
 * A sold-out appointment's waiting list (docs/decisions/027-waiting-list.md): what it does, the
 * button to join, then where the runner stands, or why not. Works as a plain form without JavaScript.
 */
export function WaitingListJoin({
  appointmentId,
  answer,
}: {
  appointmentId: string;
  answer: WaitingListAnswer | undefined;
}) {
  const { prefix } = useRootData();
  return (
    <aside className="signup-bar signup-panel" aria-labelledby="waiting-list-title">
      <h2 id="waiting-list-title">{m.waiting_list_title()}</h2>
      {answer && "position" in answer ? (
        <p role="status" className="notice notice-success">
          {m.waiting_list_joined({ position: answer.position })}{" "}
          <a href={`${prefix}/${ACCOUNT_PATHS.profile}#liste-attesa`}>{m.waiting_list_mine()}</a>
        </p>
      ) : (
        <>
          <p>{m.waiting_list_lead()}</p>
          {answer && "waitingRefusal" in answer ? (
            <p role="alert" className="notice notice-warning">
              {answer.waitingRefusal === "already-waiting" ? m.waiting_list_already() : m.waiting_list_refused()}
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="waiting-list" />
            <SubmitButton name="appointment" value={appointmentId}>
              {m.waiting_list_join()}
            </SubmitButton>
          </Form>
        </>
      )}
    </aside>
  );
}
