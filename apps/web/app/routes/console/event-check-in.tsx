import { consolePath } from "@sports/jsonapi";
import { useLoaderData, useLocation } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import { EventTabs } from "../../console/event-tabs.tsx";
import { certificateStatusLabel } from "../../console/signup-labels.ts";
import { readApi } from "../../lib/api.ts";
import { formatNumber } from "../../lib/format.ts";
import { NoScriptRefresh, useLiveRevalidation } from "../../lib/live-page.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/event-check-in.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  const event = loaderData?.eventTitle;
  return privatePageMeta(event ? m.console_checkin_overview_of({ event }) : m.console_checkin_overview_title());
}

/** Seconds between two looks at the desk's progress (and between two loads without JavaScript). */
const EVERY = 5;
const WITHOUT_SCRIPTS_EVERY = 30;

interface Tally {
  id: string;
  attributes: { title: string; startsAt: string; checkedIn: number; toCome: number };
  relationships: { toCome: { data: { id: string }[] } };
}

interface Participant {
  id: string;
  attributes: { givenName: string; familyName: string; bib: number | null; certificate: string | null };
}

/** An event's races at the desk (`GET /api/events/{id}/check-in-tallies`): checked in, still to come. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const document = await readApi<{ data: Tally[]; included?: Participant[]; meta: { eventTitle: string } }>(
    context,
    `/api/events/${encodeURIComponent(params.id)}/check-in-tallies`,
  );
  const people = new Map((document.included ?? []).map((person) => [person.id, person.attributes]));
  return {
    eventId: params.id,
    eventTitle: document.meta.eventTitle,
    races: document.data.map((race) => ({
      id: race.id,
      ...race.attributes,
      toComeFirst: race.relationships.toCome.data.flatMap((one) => {
        const person = people.get(one.id);
        return person ? [{ id: one.id, ...person }] : [];
      }),
    })),
  };
}

/**
 * The check-in of one event, race by race, as the desks make it: how many are checked in and who is
 * still to come (with a certificate that is not approved said so). It updates itself while in view.
 */
export default function EventCheckIn() {
  const { eventId, eventTitle, races } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  const { pathname, search } = useLocation();
  useLiveRevalidation(EVERY);
  const count = (value: number) => formatNumber(value, locale);
  return (
    <main id="content" className="console-main checkin-overview">
      <NoScriptRefresh seconds={WITHOUT_SCRIPTS_EVERY} />
      <h1>{m.console_checkin_overview_of({ event: eventTitle })}</h1>
      <EventTabs eventId={eventId} />
      <p>
        {m.console_checkin_live()} <a href={pathname + search}>{m.console_checkin_refresh()}</a>
      </p>
      <p>
        <SiteLink to={consolePath("checkIn")}>{m.console_checkin_to_desk()}</SiteLink>
      </p>
      {races.length === 0 ? <p>{m.console_start_lists_empty()}</p> : null}
      {races.map((race) => {
        const headingId = `checkin-race-${race.id}`;
        const more = race.toCome - race.toComeFirst.length;
        return (
          <section key={race.id} aria-labelledby={headingId} className="checkin-race">
            <h2 id={headingId}>{race.title}</h2>
            <p className="checkin-tally">
              <span className="checkin-tally-in">
                {m.console_checkin_checked_in_count({ count: count(race.checkedIn) })}
              </span>
              <span className="checkin-tally-to-come">
                {m.console_checkin_to_come_count({ count: count(race.toCome) })}
              </span>
            </p>
            {race.toCome === 0 ? (
              <p>
                {race.checkedIn === 0
                  ? m.console_start_lists_confirmed({ count: 0 }, { locale })
                  : m.console_checkin_all_here()}
              </p>
            ) : (
              <details>
                <summary>{m.console_checkin_to_come()}</summary>
                <ul className="checkin-to-come">
                  {race.toComeFirst.map((person) => (
                    <li key={person.id}>
                      <strong>
                        {person.givenName} {person.familyName}
                      </strong>
                      {" · "}
                      {person.bib !== null ? m.console_checkin_bib({ bib: person.bib }) : m.console_checkin_no_bib()}
                      {person.certificate && person.certificate !== "approved" ? (
                        <>
                          {" · "}
                          <span className="checkin-certificate">
                            {m.console_signups_certificate()}: {certificateStatusLabel(person.certificate)}
                          </span>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {more > 0 ? <p>{m.console_checkin_more({ count: count(more) })}</p> : null}
              </details>
            )}
          </section>
        );
      })}
    </main>
  );
}
