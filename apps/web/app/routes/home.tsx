import { Form } from "react-router";
import { SAME_FOR_EVERY_VISITOR } from "../access.ts";
import { EVENT_CARD_FIELDS, EventCard, eventCardOf } from "../components/event-card.tsx";
import { localHref, SiteLink } from "../components/site-link.tsx";
import { readApi } from "../lib/api.ts";
import type { EventList } from "../lib/records.ts";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import { SPORTS, sportName } from "../lib/sports.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/home.ts";

/** The page is the same for every visitor but for the frame: the server keeps it for all (access.ts). */
export const handle = SAME_FOR_EVERY_VISITOR;

export async function loader({ context }: Route.LoaderArgs) {
  const upcoming = await readApi<EventList>(context, "/api/events", {
    "filter[when]": "upcoming",
    "page[size]": 6,
    "fields[events]": EVENT_CARD_FIELDS.join(","),
  });
  return { events: upcoming.data.map((event) => eventCardOf(event.attributes)) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta({ title: `${m.site_name()} · ${m.home_title()}` }, args);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { locale, prefix } = useRootData();
  return (
    <main id="content">
      <section className="hero">
        <div className="container">
          <h1>{m.home_title()}</h1>
          <p className="lead">{m.home_lead()}</p>
          <Form method="get" action={localHref(prefix, "/evento")} role="search" className="search-form">
            <label htmlFor="home-search">{m.search_label()}</label>
            <div className="search-row">
              <input id="home-search" name="q" type="search" placeholder={m.search_placeholder()} />
              <button type="submit" className="button">
                {m.search_button()}
              </button>
            </div>
          </Form>
        </div>
      </section>
      <section className="container section" aria-labelledby="sports-heading">
        <h2 id="sports-heading">{m.home_sports()}</h2>
        <ul className="sport-chips">
          {SPORTS.map((sport) => (
            <li key={sport}>
              <SiteLink to={`/evento?sport=${sport}`} className="chip">
                {sportName(sport)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="container section" aria-labelledby="upcoming-heading">
        <div className="section-head">
          <h2 id="upcoming-heading">{m.home_upcoming()}</h2>
          <SiteLink to="/evento">{m.home_all_events()}</SiteLink>
        </div>
        <ul className="card-grid">
          {loaderData.events.map((event) => (
            <li key={event.slug}>
              <EventCard event={event} locale={locale} />
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
