import { consolePath } from "@sports/jsonapi";
import { useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import { ConsoleTable, numeric } from "../../console/console-table.tsx";
import { useConsoleRole } from "../../console/organiser-form.tsx";
import { readApi } from "../../lib/api.ts";
import { formatDateTime, formatNumber } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/home.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_title());
}

interface Summary {
  id: string;
  attributes: { title: string; startsAt: string; timeZone: string; placesLeft: number; signupsToday: number };
}

/** The events not over yet, soonest first (`GET /api/dashboard`). */
export async function loader({ context }: Route.LoaderArgs) {
  const document = await readApi<{ data: Summary[] }>(context, "/api/dashboard");
  return { events: document.data };
}

/** The console's first screen: the events coming up, how they are filling, and where each part of the work starts. */
export default function ConsoleHome() {
  const { events } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  const organiser = useConsoleRole() === "organiser";
  return (
    <main id="content" className="console-main">
      <h1>{m.console_title()}</h1>
      <p>{m.console_home_lead()}</p>
      <section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{m.console_dashboard_upcoming()}</h2>
        {events.length === 0 ? (
          <p>{m.console_dashboard_no_events()}</p>
        ) : (
          <ConsoleTable
            labelledBy="upcoming-title"
            columns={[
              m.console_dashboard_event(),
              m.console_dashboard_date(),
              numeric(m.console_dashboard_places_left()),
              numeric(m.console_dashboard_signups_today()),
            ]}
          >
            {events.map((event) => (
              <tr key={event.id}>
                <th scope="row">
                  <SiteLink to={consolePath("eventDashboard", { id: event.id })}>{event.attributes.title}</SiteLink>
                </th>
                <td>{formatDateTime(event.attributes.startsAt, locale, event.attributes.timeZone)}</td>
                <td className="console-num">{formatNumber(event.attributes.placesLeft, locale)}</td>
                <td className="console-num">{formatNumber(event.attributes.signupsToday, locale)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>
      <ul className="console-section">
        <li>
          <SiteLink to={consolePath("events")}>{m.console_nav_events()}</SiteLink>
        </li>
        <li>
          <SiteLink to={consolePath("checkIn")}>{m.console_nav_checkin()}</SiteLink>
        </li>
        {organiser ? (
          <>
            <li>
              <SiteLink to={consolePath("billingDocuments")}>{m.console_nav_billing_documents()}</SiteLink>
            </li>
            <li>
              <SiteLink to={consolePath("organisation")}>{m.console_nav_organisation()}</SiteLink>
            </li>
          </>
        ) : null}
      </ul>
    </main>
  );
}
