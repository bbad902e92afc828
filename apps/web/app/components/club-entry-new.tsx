import { clubEntryPath } from "@sports/jsonapi";
import { Form } from "react-router";
import { newEntryMessage } from "../forms/club-entry.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { formatDateTime } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { ClubEntryItem, NewEntryAnswer, OpenEvent, RosterPick } from "../signup/club-entry-new.server.ts";
import { SiteLink } from "./site-link.tsx";

/** The roster files a new entry takes: CSV as a spreadsheet saves it, or the spreadsheet itself. */
const ROSTER_ACCEPT =
  ".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * "New entry" on a club's page (docs/decisions/068-club-entries.md): an appointment open for
 * signups, then the athletes, from a roster file (CSV or XLSX, a plain file input) or ticked in the
 * club's roster. The page's action hands the form to `createClubEntry` (signup/club-entry.server.ts),
 * which goes on to the entry's preview or answers the refusal, shown here at its field.
 */
export function NewClubEntry({
  events,
  athletes,
  answer,
}: {
  events: readonly OpenEvent[];
  athletes: readonly RosterPick[];
  answer: NewEntryAnswer | undefined;
}) {
  const { locale } = useRootData();
  const errors = answer?.errors ?? {};
  const described = (name: keyof NewEntryAnswer["errors"], hint?: string) => {
    const ids = [hint, errors[name] ? `new-entry-${name}-error` : undefined].filter(Boolean).join(" ");
    return { "aria-invalid": errors[name] ? true : undefined, "aria-describedby": ids || undefined };
  };
  const error = (name: keyof NewEntryAnswer["errors"]) => {
    const code = errors[name];
    return code ? (
      <p className="field-error" id={`new-entry-${name}-error`}>
        {newEntryMessage(code)}
      </p>
    ) : null;
  };
  return (
    <section className="profile-section new-entry" id="nuova-iscrizione" aria-labelledby="new-entry-title">
      <h2 id="new-entry-title">{m.club_entry_new_title()}</h2>
      <p>{m.club_entry_new_lead()}</p>
      {events.length === 0 ? (
        <p className="notice">{m.club_entry_new_none_open()}</p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="account-form">
          <div className="field">
            <label htmlFor="new-entry-appointment">{m.club_entry_new_appointment()}</label>
            <select
              id="new-entry-appointment"
              name="appointment"
              required
              defaultValue={answer?.appointment ?? ""}
              {...described("appointment")}
            >
              <option value="">{m.field_choose()}</option>
              {events.map((event) => (
                <optgroup key={event.title + event.appointments[0]?.id} label={event.title}>
                  {event.appointments.map((appointment) => (
                    <option key={appointment.id} value={appointment.id}>
                      {appointment.implicit ? event.title : `${appointment.title}, ${event.title}`} ·{" "}
                      {formatDateTime(appointment.startsAt, locale, event.timeZone)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {error("appointment")}
          </div>
          <div className="field">
            <label htmlFor="new-entry-file">{m.club_entry_new_file()}</label>
            <p className="field-hint" id="new-entry-file-hint">
              {m.club_entry_new_file_hint()}
            </p>
            <input
              id="new-entry-file"
              type="file"
              name="file"
              accept={ROSTER_ACCEPT}
              {...described("file", "new-entry-file-hint")}
            />
            {error("file")}
          </div>
          {athletes.length > 0 && (
            <fieldset className="field entry-picks" {...described("athletes")}>
              <legend>{m.club_entry_new_pick({ count: athletes.length })}</legend>
              <p className="field-hint">{m.club_entry_new_pick_hint()}</p>
              <ul>
                {athletes.map((athlete) => (
                  <li key={athlete.id} className="field-check">
                    <input type="checkbox" id={`new-entry-athlete-${athlete.id}`} name="athlete" value={athlete.id} />
                    <label htmlFor={`new-entry-athlete-${athlete.id}`}>
                      {athlete.name}
                      {athlete.detail && <span className="event-meta"> · {athlete.detail}</span>}
                    </label>
                  </li>
                ))}
              </ul>
              {error("athletes")}
            </fieldset>
          )}
          <SubmitButton name="intent" value="new-entry">
            {m.club_entry_new_submit()}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

const STATE_NAMES: Record<ClubEntryItem["state"], () => string> = {
  preview: m.club_entry_state_preview,
  held: m.club_entry_state_held,
};

/** The club's latest entries, each a link to its page: the preview to go on with, or who is still missing their part. */
export function ClubEntryList({ clubId, entries }: { clubId: string; entries: readonly ClubEntryItem[] }) {
  const { locale } = useRootData();
  if (entries.length === 0) return null;
  return (
    <section className="profile-section" id="iscrizioni" aria-labelledby="club-entries-title">
      <h2 id="club-entries-title">{m.club_entry_list_title()}</h2>
      <ul className="entry-rows">
        {entries.map((entry) => (
          <li key={entry.id}>
            <SiteLink to={clubEntryPath(clubId, entry.id)}>
              {entry.race ? entry.race.title : m.club_entry_title()}
            </SiteLink>
            <span className="event-meta">
              {[
                STATE_NAMES[entry.state](),
                m.signup_recap_athletes({ count: entry.state === "held" ? entry.summary.valid : entry.summary.rows }),
                entry.race && formatDateTime(entry.race.startsAt, locale, entry.race.timeZone),
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
