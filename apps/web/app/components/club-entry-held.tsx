import { Form } from "react-router";
import { formatShortDayTime } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { ClubEntryPage, MissingPart, ResendAnswer } from "../signup/club-entry.server.ts";
import type { ClubEntry } from "../signup/club-entry.ts";
import { stateName } from "../signup/labels.ts";
import { SiteLink } from "./site-link.tsx";

const PART_NAMES: Record<MissingPart["missing"][number], () => string> = {
  consents: m.club_entry_part_consents,
  "emergency-contact": m.club_entry_part_emergency_contact,
  certificate: m.club_entry_part_certificate,
};

/**
 * A held entry (routes/club-entry.tsx): its places held as one signup of the club, where that
 * signup stands with the way to its recap, and once it is confirmed who is still to give their
 * own part through the link each was mailed, with the link mailed again at the manager's asking.
 */
export function ClubEntryHeld({
  entry,
  signup,
  missing,
  resend,
  timeZone,
}: {
  entry: ClubEntry;
  signup: ClubEntryPage["signup"];
  missing: readonly MissingPart[] | null;
  resend: ResendAnswer | undefined;
  timeZone: string;
}) {
  return (
    <>
      <div className="notice notice-ok" role="status">
        <p>{m.club_entry_held({ count: entry.summary.valid })}</p>
        {signup === null ? (
          <p>{m.club_entry_held_elsewhere()}</p>
        ) : (
          <>
            <p>{m.club_entry_signup_state({ state: stateName(signup.state) })}</p>
            <p>
              <SiteLink to={signup.path} className={signup.state === "held" ? "button button-primary" : "button"}>
                {signup.state === "held" ? m.club_entry_to_recap() : m.my_signups_details()}
              </SiteLink>
            </p>
          </>
        )}
      </div>
      {missing && (
        <section aria-labelledby="entry-missing-title">
          <h2 id="entry-missing-title">
            {m.club_entry_missing_title()} ({missing.length})
          </h2>
          {missing.length === 0 ? (
            <p>{m.club_entry_missing_none()}</p>
          ) : (
            <>
              <p>{m.club_entry_missing_lead()}</p>
              <ul className="entry-rows">
                {missing.map((athlete) => (
                  <MissingAthlete
                    key={athlete.participantId}
                    athlete={athlete}
                    answer={resend?.participantId === athlete.participantId ? resend : undefined}
                    timeZone={timeZone}
                  />
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </>
  );
}

/** One athlete still missing a part: what, when their link went, and the way to send it again. */
function MissingAthlete({
  athlete,
  answer,
  timeZone,
}: {
  athlete: MissingPart;
  answer: ResendAnswer | undefined;
  timeZone: string;
}) {
  const { locale } = useRootData();
  const name = `${athlete.givenName} ${athlete.familyName}`;
  return (
    <li>
      <strong>{name}</strong>
      <span className="event-meta">
        {athlete.email ?? m.club_entry_missing_no_email()} ·{" "}
        {m.club_entry_missing_parts({ parts: athlete.missing.map((part) => PART_NAMES[part]()).join(", ") })}
        {athlete.mailedAt && (
          <>
            {" · "}
            {m.club_entry_missing_mailed({ date: formatShortDayTime(athlete.mailedAt, locale, timeZone) })}
          </>
        )}
      </span>
      {answer && (
        <span
          className={answer.sent ? "notice notice-ok" : "notice notice-warning"}
          role={answer.sent ? "status" : "alert"}
        >
          {resendMessage(answer, athlete.email ?? "")}
        </span>
      )}
      {athlete.email && (
        <Form method="post">
          <input type="hidden" name="participantId" value={athlete.participantId} />
          <button
            type="submit"
            name="intent"
            value="resend"
            className="button"
            aria-label={m.club_entry_resend_label({ name })}
          >
            {m.club_entry_resend()}
          </button>
        </Form>
      )}
    </li>
  );
}

function resendMessage(answer: ResendAnswer, email: string): string {
  if (answer.sent) return m.club_entry_resent({ email });
  if (answer.code === "too-many-requests") {
    return m.club_entry_resend_too_soon({ minutes: String(Math.ceil((answer.retryAfterSeconds ?? 60) / 60)) });
  }
  if (answer.code === "closed") return m.club_entry_resend_closed();
  return m.club_entry_resend_failed();
}
