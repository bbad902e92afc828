import { formatCalendarDay } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import type { SignupRecord } from "../signup/records.ts";

/** A long list of athletes starts folded, so the price and the payment stay near on a phone. */
const FOLD_AFTER = 30;

/**
 * A club's signup at the recap (docs/decisions/068-club-entries.md): the club, how many athletes,
 * and each athlete on one line; their own part (consents, emergency contact, certificate) comes
 * later, by the link each is mailed once the signup is confirmed.
 */
export function ClubAthletes({ signup, clubName }: { signup: SignupRecord; clubName: string | null }) {
  const { locale } = useRootData();
  const count = signup.participants.length;
  const certificate = signup.event.rules.medicalCertificate !== "none";
  const list = (
    <ul className="entry-rows">
      {signup.participants.map((person) => (
        <li key={person.id}>
          <strong>
            {person.givenName} {person.familyName}
          </strong>
          <span className="event-meta">
            {[
              person.birthDate && formatCalendarDay(person.birthDate, locale),
              person.federationCard && m.club_entry_card({ card: person.federationCard }),
              person.tshirtSize && m.signup_recap_tshirt({ size: person.tshirtSize }),
              certificate && !person.certificateId && m.club_entry_certificate_to_give(),
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <p>
        <strong>
          {clubName ? m.signup_recap_club_count({ club: clubName, count }) : m.signup_recap_athletes({ count })}
        </strong>
      </p>
      <p className="event-meta">{m.signup_recap_club_links()}</p>
      {count > FOLD_AFTER ? (
        <details className="entry-fold">
          <summary>{m.signup_recap_club_show({ count })}</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </>
  );
}
