import { elided } from "../i18n/elision.ts";
import { formatCalendarDay } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";
import { OutcomeNote } from "./notices.tsx";
import { OrganiserForm } from "./organiser-form.tsx";
import type { ActionOutcome } from "./review.server.ts";
import { certificateStatusLabel } from "./signup-labels.ts";

/** What the review shows of a participant's certificate (a `participants` resource of the console). */
export interface CertificateFacts {
  certificateStatus: Parameters<typeof certificateStatusLabel>[0];
  certificateExpiresOn: string | null;
  certificateReviewReason: string | null;
  hasCertificate: boolean;
}

/**
 * A participant's certificate as the console shows it on a signup and on the certificates to
 * review: its status and expiry, the reason of a rejection, and for an organiser the file and the
 * review form.
 */
export function CertificateReview({
  participantId,
  name,
  facts,
  locale,
  organiser,
  outcome,
  label,
}: {
  participantId: string;
  name: string;
  facts: CertificateFacts;
  locale: string;
  organiser: boolean;
  outcome: ActionOutcome | undefined;
  /** Say "Certificate:" before the status (where other facts about the participant stand around it). */
  label?: boolean;
}) {
  return (
    <>
      <p>
        {label ? `${m.console_signups_certificate()}: ` : null}
        <strong>{certificateStatusLabel(facts.certificateStatus)}</strong>
        {facts.certificateExpiresOn
          ? ` · ${elided(m.console_certificates_expires({ date: formatCalendarDay(facts.certificateExpiresOn, locale) }), locale)}`
          : null}
      </p>
      {facts.certificateReviewReason ? (
        <p>{m.console_certificates_reviewed_reason({ reason: facts.certificateReviewReason })}</p>
      ) : null}
      {organiser && facts.hasCertificate ? (
        <>
          <p>
            <a href={`/api/console/participants/${participantId}/certificate`}>
              {m.console_signup_view_certificate({ name })}
            </a>
          </p>
          <ReviewForm participantId={participantId} name={name} outcome={outcome} />
        </>
      ) : null}
    </>
  );
}

/** Approve, or reject with a reason, one participant's certificate: a plain POST form. */
export function ReviewForm({
  participantId,
  name,
  outcome,
}: {
  participantId: string;
  name: string;
  outcome: ActionOutcome | undefined;
}) {
  const mine = outcome && outcome.intent === "review" && outcome.target === participantId ? outcome : undefined;
  const messageId = `review-message-${participantId}`;
  return (
    <OrganiserForm method="post" className="console-review" aria-label={m.console_certificates_review_of({ name })}>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="participantId" value={participantId} />
      <div className="console-field">
        <label htmlFor={`reason-${participantId}`}>{m.console_certificates_reason()}</label>
        <input
          id={`reason-${participantId}`}
          name="reason"
          maxLength={500}
          aria-describedby={mine ? messageId : undefined}
          aria-invalid={mine && !mine.ok ? true : undefined}
        />
      </div>
      <div className="console-actions">
        <button type="submit" name="review" value="approved" className="button button-primary">
          {m.console_certificates_approve()}
        </button>
        <button type="submit" name="review" value="rejected" className="button">
          {m.console_certificates_reject()}
        </button>
      </div>
      {mine ? (
        <OutcomeNote ok={mine.ok} id={messageId}>
          {mine.message}
        </OutcomeNote>
      ) : null}
    </OrganiserForm>
  );
}
