import { consolePath } from "@sports/jsonapi";
import { useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import { ConsoleTable } from "../../console/console-table.tsx";
import { STATUS_LABELS } from "../../console/event-document.ts";
import { readApi } from "../../lib/api.ts";
import { textIn } from "../../lib/catalogue-values.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/events.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_events_title());
}

export interface ConsoleEventSummary {
  id: string;
  attributes: {
    slug: string;
    status: "draft" | "published" | "cancelled";
    title: Partial<Record<string, string>>;
    startsAt: string;
    endsAt: string;
    timeZone: string;
  };
}

/**
 * Every event, drafts included (`GET /api/console/events`): those not ended yet soonest first,
 * then the past ones apart, latest first.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const document = await readApi<{ data: ConsoleEventSummary[] }>(context, "/api/console/events");
  const now = Date.now();
  const past = (event: ConsoleEventSummary) => Date.parse(event.attributes.endsAt) < now;
  return {
    upcoming: document.data.filter((event) => !past(event)),
    past: document.data.filter(past),
  };
}

export default function ConsoleEvents() {
  const { upcoming, past } = useLoaderData<typeof loader>();
  return (
    <main id="content" className="console-main">
      <h1 id="events-title">{m.console_events_title()}</h1>
      <p>
        <SiteLink to={consolePath("newEvent")} className="button button-primary">
          {m.console_event_new()}
        </SiteLink>
      </p>
      {upcoming.length === 0 && past.length === 0 ? <p>{m.console_event_empty()}</p> : null}
      {upcoming.length > 0 ? <EventTable events={upcoming} labelledBy="events-title" past={false} /> : null}
      {past.length > 0 ? (
        <section aria-labelledby="past-events-title">
          <h2 id="past-events-title">{m.console_events_past_title()}</h2>
          <EventTable events={past} labelledBy="past-events-title" past />
        </section>
      ) : null}
    </main>
  );
}

function EventTable({
  events,
  labelledBy,
  past,
}: {
  events: ConsoleEventSummary[];
  labelledBy: string;
  past: boolean;
}) {
  const { locale } = useRootData();
  return (
    <ConsoleTable
      labelledBy={labelledBy}
      columns={[m.console_event_col_title(), m.console_event_col_date(), m.console_event_col_status()]}
    >
      {events.map((event) => (
        <tr key={event.id}>
          <td>
            <SiteLink to={consolePath("event", { id: event.id })}>
              {textIn(event.attributes.title, locale, event.attributes.slug)}
            </SiteLink>
          </td>
          <td>{formatDateTime(event.attributes.startsAt, locale, event.attributes.timeZone)}</td>
          <td>
            <span className={`console-badge console-badge-${event.attributes.status}`}>
              {STATUS_LABELS[event.attributes.status]()}
            </span>
            {past ? (
              <>
                {" "}
                <span className="console-badge console-badge-past">{m.console_event_status_past()}</span>
              </>
            ) : null}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}
