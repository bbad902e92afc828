import type { SubmissionResult } from "@conform-to/react";
import { clubPath } from "@sports/jsonapi";
import { Form } from "react-router";
import type { CountryOption } from "../lib/countries.ts";
import { formatCalendarDay } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { type ClubAthlete, ClubAthleteForm } from "./club-athlete-form.tsx";
import { ClubDone } from "./club-notice.tsx";
import { localHref, SiteLink } from "./site-link.tsx";

/** How many athletes a page of the roster shows. */
export const ROSTER_PAGE_SIZE = 25;

/** The roster's search and page, as the club page's address holds them (`?q=`, `?page=`). */
export function rosterQuery(url: URL): { q: string; page: number } {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Number(url.searchParams.get("page"));
  return { q, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** The club page's address for a page of the roster, with the same search; `more`: other parameters. */
function rosterHref(clubId: string, q: string, page: number, more: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}), ...more });
  const search = query.toString();
  return `${clubPath(clubId)}${search ? `?${search}` : ""}`;
}

/** What the page's action answered a roster form: which one, its result, what it did. */
export interface RosterAnswer {
  intent: string;
  result: SubmissionResult | undefined;
  done: { added?: string; removed?: string; invited?: string; saved?: boolean } | undefined;
}

/**
 * The club's roster (`#atleti`): what the last press did, a search by name, a page of athletes as a
 * table (on a phone each row is a card: app.css, `.roster-table`), the ways to other pages, and the
 * form to add an athlete, or to change the one `?modifica=` names. Every form works without JavaScript.
 */
export function ClubRoster({
  clubId,
  athletes,
  total,
  q,
  page,
  editing,
  countries,
  answer,
  updated,
}: {
  clubId: string;
  athletes: ClubAthlete[];
  total: number;
  q: string;
  page: number;
  editing: ClubAthlete | null;
  countries: readonly CountryOption[];
  answer: RosterAnswer | undefined;
  updated: boolean;
}) {
  const { prefix } = useRootData();
  const pages = Math.max(1, Math.ceil(total / ROSTER_PAGE_SIZE));
  const done = answer?.done;
  const removal = answer?.intent === "remove-athlete" && !done ? answer.result : undefined;
  const removalProblems = Object.values(removal?.error ?? {}).flat();
  return (
    <section className="profile-section club-roster" id="atleti" aria-labelledby="club-roster-title">
      <h2 id="club-roster-title">{m.club_roster_title()}</h2>
      <p>{m.club_roster_lead()}</p>
      {(updated || done?.added || done?.removed) && (
        <ClubDone>
          {done?.added
            ? m.club_athlete_added({ name: done.added })
            : done?.removed
              ? m.club_athlete_removed({ name: done.removed })
              : m.club_athlete_updated()}
        </ClubDone>
      )}
      {removalProblems.length > 0 && (
        <p className="notice notice-warning" role="alert">
          {removalProblems.join(" ")}
        </p>
      )}
      <Form
        method="get"
        role="search"
        className="roster-search"
        action={localHref(prefix, `${clubPath(clubId)}#atleti`)}
      >
        <label htmlFor="roster-q">{m.club_roster_search()}</label>
        <div className="roster-search-row">
          <input id="roster-q" name="q" type="search" defaultValue={q} maxLength={100} autoComplete="off" />
          <button type="submit" className="button">
            {m.club_roster_search_submit()}
          </button>
        </div>
        {q && <SiteLink to={`${clubPath(clubId)}#atleti`}>{m.club_roster_search_clear()}</SiteLink>}
      </Form>
      {athletes.length === 0 ? (
        <p>{q ? m.club_roster_none_found({ q }) : m.club_roster_empty()}</p>
      ) : (
        <>
          <p className="roster-count">{m.club_roster_count({ total: String(total) })}</p>
          <RosterTable clubId={clubId} athletes={athletes} q={q} page={page} />
          {pages > 1 && (
            <nav className="roster-pages" aria-label={m.club_roster_pages_label()}>
              {page > 1 && (
                <SiteLink to={`${rosterHref(clubId, q, page - 1)}#atleti`}>{m.club_page_previous()}</SiteLink>
              )}
              <span>{m.club_page_of({ page: String(page), pages: String(pages) })}</span>
              {page < pages && (
                <SiteLink to={`${rosterHref(clubId, q, page + 1)}#atleti`}>{m.club_page_next()}</SiteLink>
              )}
            </nav>
          )}
        </>
      )}
      <ClubAthleteForm
        key={editing?.id ?? "new"}
        athlete={editing}
        countries={countries}
        cancel={`${rosterHref(clubId, q, page)}#atleti`}
        lastResult={answer?.intent === (editing ? "update-athlete" : "add-athlete") ? answer.result : undefined}
      />
    </section>
  );
}

/** A page of the roster: each athlete's name, birth, card, contacts and size, and what can be done. */
function RosterTable({
  clubId,
  athletes,
  q,
  page,
}: {
  clubId: string;
  athletes: ClubAthlete[];
  q: string;
  page: number;
}) {
  const { locale, prefix } = useRootData();
  const columns = {
    name: m.club_column_name(),
    birth: m.club_column_birth_date(),
    card: m.club_column_card(),
    contacts: m.club_column_contacts(),
    tshirt: m.club_column_tshirt(),
    actions: m.club_column_actions(),
  };
  return (
    <table className="roster-table">
      <caption className="sr-only">{m.club_roster_title()}</caption>
      <thead>
        <tr>
          {Object.values(columns).map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {athletes.map((athlete) => {
          const name = `${athlete.familyName} ${athlete.givenName}`;
          const contacts = [athlete.email, athlete.phone].filter(Boolean);
          return (
            <tr key={athlete.id}>
              <th scope="row" className="roster-name">
                {name}
                {athlete.linked && <span className="roster-linked">{m.club_athlete_linked()}</span>}
              </th>
              <td data-label={columns.birth}>
                {athlete.birthDate ? formatCalendarDay(athlete.birthDate, locale) : "—"}
              </td>
              <td data-label={columns.card}>{athlete.federationCard ?? "—"}</td>
              <td data-label={columns.contacts} className="roster-contacts">
                {contacts.length > 0 ? contacts.map((contact) => <span key={contact}>{contact}</span>) : "—"}
              </td>
              <td data-label={columns.tshirt}>{athlete.tshirtSize ?? "—"}</td>
              <td className="roster-actions">
                <SiteLink
                  to={`${rosterHref(clubId, q, page, { modifica: athlete.id })}#modifica-atleta`}
                  className="button"
                  aria-label={m.club_athlete_edit_label({ name })}
                >
                  {m.club_athlete_edit()}
                </SiteLink>
                <Form method="post" action={localHref(prefix, `${rosterHref(clubId, q, page)}#atleti`)}>
                  <input type="hidden" name="intent" value="remove-athlete" />
                  <input type="hidden" name="athleteId" value={athlete.id} />
                  <input type="hidden" name="name" value={name} />
                  <button
                    type="submit"
                    className="button button-danger"
                    aria-label={m.club_athlete_remove_label({ name })}
                  >
                    {m.club_athlete_remove()}
                  </button>
                </Form>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
