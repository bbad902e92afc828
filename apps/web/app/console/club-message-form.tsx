import type { SubmissionResult } from "@conform-to/react";
import { clubMessageForm } from "../forms/console-clubs.ts";
import { FormErrors, TextField } from "../forms/fields.tsx";
import { SubmitButton } from "../forms/submit-button.tsx";
import * as m from "../paraglide/messages.js";
import { TextAreaField, useConsoleForm } from "./console-form.tsx";
import { OrganiserForm } from "./organiser-form.tsx";

/**
 * The organiser's message to a club's managers: who it goes to, its subject and text (each refused
 * at its field, by the form's own check or the API's), sent in the page's language.
 */
export function ClubMessageForm({
  club,
  lastResult,
  cancelHref,
}: {
  club: { id: string; name: string; managers: { givenName: string; familyName: string; email: string }[] };
  lastResult: SubmissionResult | undefined;
  cancelHref: string;
}) {
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: `club-message-${club.id}`,
    schema: clubMessageForm,
    lastResult,
    defaultValue: { clubId: club.id },
  });
  const labels = { subject: m.console_message_subject(), body: m.console_message_body() };
  return (
    <section aria-labelledby="club-message-title" className="console-section">
      <h2 id="club-message-title">{m.console_clubs_message_title({ club: club.name })}</h2>
      <p>
        {club.managers.length === 0
          ? m.console_clubs_message_nobody()
          : m.console_clubs_message_to({
              names: club.managers.map((manager) => `${manager.givenName} ${manager.familyName}`).join(", "),
            })}
      </p>
      <p className="console-hint">{m.console_clubs_message_how()}</p>
      <OrganiserForm method="post" className="console-form" {...formProps}>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <input type="hidden" name="clubId" value={club.id} />
        <TextField field={fields.subject} label={labels.subject} maxLength={200} />
        <TextAreaField field={fields.body} label={labels.body} rows={8} />
        <p className="console-actions">
          <SubmitButton>{m.console_message_submit()}</SubmitButton>{" "}
          <a href={cancelHref}>{m.console_clubs_message_cancel()}</a>
        </p>
      </OrganiserForm>
    </section>
  );
}
