import * as m from "../paraglide/messages.js";
import type { NotificationOutcome } from "./billing.server.ts";
import { notificationKindLabel, transmissionStateLabel } from "./billing-labels.ts";
import { FileField } from "./console-form.tsx";
import { DoneNotice } from "./notices.tsx";
import { OrganiserForm } from "./organiser-form.tsx";

/** What the Documents screen's last notification action answered (console/billing.server.ts). */
export interface NotificationAnswer {
  preview?: NotificationOutcome | undefined;
  file?: string | undefined;
  fileName?: string | undefined;
  applied?: NotificationOutcome | undefined;
  error?: string | undefined;
}

/** What a notification does or did: its kind, the file it is about, the document and its state. */
function NotificationFacts({ outcome }: { outcome: NotificationOutcome }) {
  return (
    <dl className="console-facts">
      <dt>{m.console_billing_notification_kind()}</dt>
      <dd>{`${notificationKindLabel(outcome.kind)} (${outcome.kind})`}</dd>
      <dt>{m.console_billing_notification_file()}</dt>
      <dd>{outcome.fileName}</dd>
      <dt>{m.console_billing_notification_document()}</dt>
      <dd>{outcome.number}</dd>
      <dt>{m.console_billing_notification_state()}</dt>
      <dd>{transmissionStateLabel(outcome.state)}</dd>
    </dl>
  );
}

/**
 * A notification of the SdI (a delivery receipt, a rejection…): the file to upload, then its
 * preview (the document it is about and its new state) and the button that applies it.
 */
export function NotificationUpload({ answer }: { answer: NotificationAnswer }) {
  const { preview, applied } = answer;
  return (
    <section className="console-section" aria-labelledby="notification-title">
      <h2 id="notification-title">{m.console_billing_notification_title()}</h2>
      <p>{m.console_billing_notification_lead()}</p>
      {applied ? (
        <DoneNotice>
          {m.console_billing_notification_applied({
            number: applied.number,
            state: transmissionStateLabel(applied.state),
          })}
        </DoneNotice>
      ) : null}
      {preview && answer.file ? (
        <section aria-labelledby="notification-preview-title" className="console-card console-notification-preview">
          <h3 id="notification-preview-title">{m.console_billing_notification_preview()}</h3>
          <NotificationFacts outcome={preview} />
          {preview.changes ? null : <p>{m.console_billing_notification_no_change()}</p>}
          <OrganiserForm method="post" className="console-form">
            <input type="hidden" name="intent" value="notification-apply" />
            <input type="hidden" name="file" value={answer.file} />
            <input type="hidden" name="fileName" value={answer.fileName ?? ""} />
            <p>
              <button type="submit" className="button button-primary">
                {m.console_billing_notification_apply()}
              </button>
            </p>
          </OrganiserForm>
        </section>
      ) : null}
      <OrganiserForm
        // A new form once a notification is applied: the file chosen for it is chosen no more.
        key={applied ? `applied-${applied.documentId}-${applied.state}` : "upload"}
        method="post"
        encType="multipart/form-data"
        className="console-form"
        noValidate
      >
        <input type="hidden" name="intent" value="notification" />
        <FileField
          id="notification-file"
          name="file"
          label={preview ? m.console_billing_notification_other() : m.console_billing_notification_file_label()}
          hint={m.console_billing_notification_hint()}
          accept=".xml,application/xml,text/xml"
          error={answer.error}
        />
        <p>
          <button type="submit" className="button">
            {m.console_billing_notification_read()}
          </button>
        </p>
      </OrganiserForm>
    </section>
  );
}
