import { ApiError } from "@sports/jsonapi";
import type { RouterContextProvider } from "react-router";
import { Form } from "react-router";
import { errorMessage } from "../forms/messages.ts";
import { elided } from "../i18n/elision.ts";
import { uploadFile } from "../lib/api.ts";
import { formatCalendarDay, localDay } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { SignupRecord } from "../signup/records.ts";

/** What a certificate upload from My signups answers: which participant, and done or why not. */
export interface CertificateAnswer {
  signupId: string;
  position: number;
  saved: boolean;
  /** The problem, in the visitor's language; `date` is the day the certificate had to cover. */
  error?: { code: string; date?: string } | undefined;
}

type CertificateStanding = "missing" | "pending" | "approved" | "rejected" | "expired";

/** The race day (`YYYY-MM-DD`) in the event's time zone. */
const raceDayOf = (signup: SignupRecord) => localDay(signup.appointment.startsAt, signup.event.timeZone);

/** Where a participant's certificate stands, as the console counts it (`certificateStatus`). */
function standingOf(person: SignupRecord["participants"][number], raceDay: string): CertificateStanding {
  if (!person.certificateId) return "missing";
  if (person.certificateExpiresOn !== null && person.certificateExpiresOn < raceDay) return "expired";
  return person.certificateReview ?? "pending";
}

const STANDING_TEXT: Record<CertificateStanding, (inputs: { name: string }) => string> = {
  missing: m.my_signups_certificate_missing,
  pending: m.my_signups_certificate_pending,
  approved: m.my_signups_certificate_approved,
  rejected: m.my_signups_certificate_rejected,
  expired: m.my_signups_certificate_expired,
};

/**
 * Each participant's certificate, where the event asks for one and the signup is awaiting payment
 * or confirmed: where it stands, and a form to upload one when it is missing, was not accepted or
 * lapses before race day.
 */
export function Certificates({ signup, answer }: { signup: SignupRecord; answer: CertificateAnswer | undefined }) {
  const { locale } = useRootData();
  if (signup.event.rules.medicalCertificate === "none") return null;
  if (signup.state !== "awaiting-payment" && signup.state !== "confirmed") return null;
  const raceDay = raceDayOf(signup);
  return (
    <div className="signup-certificates">
      {answer?.saved && (
        <p className="notice notice-ok" role="status">
          {m.my_signups_certificate_done()}
        </p>
      )}
      {signup.participants.map((person) => {
        const name = `${person.givenName} ${person.familyName}`;
        const standing = standingOf(person, raceDay);
        const open = standing === "missing" || standing === "rejected" || standing === "expired";
        const mine = answer && !answer.saved && answer.position === person.position ? answer.error : undefined;
        const base = `certificate-${signup.id}-${person.position}`;
        const error = mine
          ? mine.code === "certificate-expired" && mine.date
            ? elided(m.my_signups_certificate_valid_on({ date: formatCalendarDay(mine.date, locale) }), locale)
            : mine.code === "file-required"
              ? m.my_signups_certificate_file_required()
              : errorMessage(mine.code)
          : undefined;
        return (
          <div key={person.id} className="signup-certificate">
            <p className={open ? "notice notice-warning" : "event-meta"}>{STANDING_TEXT[standing]({ name })}</p>
            {open && (
              <details open={Boolean(mine) || undefined}>
                <summary>{m.my_signups_certificate_upload({ name })}</summary>
                <Form method="post" encType="multipart/form-data" className="account-form">
                  <input type="hidden" name="intent" value="certificate" />
                  <input type="hidden" name="signupId" value={signup.id} />
                  <input type="hidden" name="position" value={person.position} />
                  {error && (
                    <p className="field-error" id={`${base}-error`} role="alert">
                      {error}
                    </p>
                  )}
                  <div className="field">
                    <label htmlFor={`${base}-file`}>{m.my_signups_certificate_file()}</label>
                    <input
                      id={`${base}-file`}
                      type="file"
                      name="file"
                      required
                      accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`${base}-expires`}>{m.my_signups_certificate_expires()}</label>
                    <input
                      id={`${base}-expires`}
                      type="date"
                      name="expiresOn"
                      required
                      min={raceDay}
                      {...(error ? { "aria-invalid": true, "aria-describedby": `${base}-error` } : {})}
                    />
                  </div>
                  <button type="submit" className="button button-primary">
                    {m.my_signups_certificate_submit()}
                  </button>
                </Form>
              </details>
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The profile page's action for a certificate uploaded from My signups: the file goes to the
 * signup's certificates for the participant at `position`, with its expiry date
 * (`POST /api/signups/{id}/certificates?participant=&expiresOn=`).
 */
export async function uploadParticipantCertificate(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
): Promise<Omit<CertificateAnswer, "intent">> {
  const signupId = String(formData.get("signupId") ?? "");
  const position = Number(formData.get("position") ?? 0);
  const expiresOn = String(formData.get("expiresOn") ?? "");
  const file = formData.get("file");
  const answer = { signupId, position };
  if (!(file instanceof File) || file.size === 0) return { ...answer, saved: false, error: { code: "file-required" } };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) return { ...answer, saved: false, error: { code: "required" } };
  const query = new URLSearchParams({ participant: String(position), expiresOn });
  try {
    await uploadFile(context, `/api/signups/${encodeURIComponent(signupId)}/certificates?${query}`, file);
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
    const problem = error.errors[0];
    const code = error.status === 413 ? "body-too-large" : (problem?.code ?? "invalid");
    const date = /\d{4}-\d{2}-\d{2}/.exec(problem?.detail ?? "")?.[0];
    return { ...answer, saved: false, error: { code, ...(date ? { date } : {}) } };
  }
  return { ...answer, saved: true };
}
