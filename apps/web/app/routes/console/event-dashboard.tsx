import { consolePath } from "@sports/jsonapi";
import { useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import { ConsoleTable, numeric } from "../../console/console-table.tsx";
import { EventTabs } from "../../console/event-tabs.tsx";
import { type DayCount, SignupsChart } from "../../console/signups-chart.tsx";
import { readApi } from "../../lib/api.ts";
import { formatCalendarDay, formatDateTime, formatNumber, formatPrice } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/event-dashboard.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(m.console_dashboard_title({ title: loaderData?.dashboard.title ?? "" }));
}

interface Dashboard {
  title: string;
  timeZone: string;
  signupsToday: number;
  signupsPerDay: DayCount[];
  appointments: {
    id: string;
    title: string;
    startsAt: string;
    capacity: number;
    placesTaken: number;
    placesLeft: number;
  }[];
  revenue: { provider: string; currency: string; amount: number; payments: number }[] | null;
  lodging: { night: string; roomType: string; stay: string; rooms: number; roomsTaken: number }[];
  certificatesPending: number;
  discountCodes: {
    id: string;
    code: string;
    usesTaken: number;
    maxUses: number;
    confirmed: number;
    discountGiven: { currency: string; amount: number }[] | null;
  }[];
}

/** One event's overview (`GET /api/events/{id}/dashboard`): the money is in it for organisers only. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const document = await readApi<{ data: { id: string; attributes: Dashboard } }>(
    context,
    `/api/events/${encodeURIComponent(params.id)}/dashboard`,
  );
  return { id: document.data.id, dashboard: document.data.attributes };
}

const METHOD_NAMES: Record<string, () => string> = {
  stripe: () => m.payment_card(),
  "bank-transfer": () => m.payment_bank_transfer(),
  demo: () => m.payment_demo(),
};

export default function EventDashboard() {
  const { id, dashboard } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  const placesLeft = dashboard.appointments.reduce((sum, appointment) => sum + appointment.placesLeft, 0);
  const organiser = dashboard.revenue !== null;
  return (
    <main id="content" className="console-main">
      <h1>{m.console_dashboard_title({ title: dashboard.title })}</h1>
      <EventTabs eventId={id} />
      {organiser && (
        <p>
          <SiteLink to={consolePath("eventCover", { id })} className="button">
            {m.console_cover_link()}
          </SiteLink>
        </p>
      )}
      <section aria-labelledby="glance-title">
        <h2 id="glance-title">{m.console_dashboard_at_a_glance()}</h2>
        <dl className="console-glance">
          <div>
            <dt>{m.console_dashboard_signups_today()}</dt>
            <dd>{formatNumber(dashboard.signupsToday, locale)}</dd>
          </div>
          <div>
            <dt>{m.console_dashboard_places_left()}</dt>
            <dd>{formatNumber(placesLeft, locale)}</dd>
          </div>
          <div>
            <dt>{m.console_dashboard_certificates()}</dt>
            <dd>{formatNumber(dashboard.certificatesPending, locale)}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="per-day-title">
        <h2 id="per-day-title">{m.console_dashboard_signups_per_day()}</h2>
        <SignupsChart days={dashboard.signupsPerDay} locale={locale} />
      </section>
      <section aria-labelledby="appointments-title">
        <h2 id="appointments-title">{m.console_dashboard_appointments()}</h2>
        <ConsoleTable
          labelledBy="appointments-title"
          columns={[
            m.console_dashboard_appointment(),
            numeric(m.console_dashboard_capacity()),
            numeric(m.console_dashboard_taken()),
            numeric(m.console_dashboard_places_left()),
            organiser && m.console_team_actions(),
          ]}
        >
          {dashboard.appointments.map((appointment) => (
            <tr key={appointment.id}>
              <th scope="row">
                {appointment.title}
                <p className="console-hint">{formatDateTime(appointment.startsAt, locale, dashboard.timeZone)}</p>
              </th>
              <td className="console-num">{formatNumber(appointment.capacity, locale)}</td>
              <td className="console-num">{formatNumber(appointment.placesTaken, locale)}</td>
              <td className="console-num">{formatNumber(appointment.placesLeft, locale)}</td>
              {organiser && (
                <td>
                  <SiteLink
                    to={consolePath("message", { id: appointment.id })}
                    className="button"
                    aria-label={m.console_dashboard_message_label({ title: appointment.title })}
                  >
                    {m.console_dashboard_message()}
                  </SiteLink>
                </td>
              )}
            </tr>
          ))}
        </ConsoleTable>
      </section>
      {dashboard.revenue && (
        <section aria-labelledby="revenue-title">
          <h2 id="revenue-title">{m.console_dashboard_revenue()}</h2>
          <p>{m.console_dashboard_revenue_lead()}</p>
          {dashboard.revenue.length === 0 ? (
            <p>{m.console_dashboard_no_revenue()}</p>
          ) : (
            <ConsoleTable
              labelledBy="revenue-title"
              columns={[
                m.console_dashboard_method(),
                numeric(m.console_dashboard_payments()),
                numeric(m.console_dashboard_amount()),
              ]}
            >
              {dashboard.revenue.map((line) => (
                <tr key={`${line.provider}-${line.currency}`}>
                  <th scope="row">{METHOD_NAMES[line.provider]?.() ?? line.provider}</th>
                  <td className="console-num">{formatNumber(line.payments, locale)}</td>
                  <td className="console-num">{formatPrice(line.amount, line.currency, locale)}</td>
                </tr>
              ))}
            </ConsoleTable>
          )}
        </section>
      )}
      {dashboard.discountCodes.length > 0 && (
        <section aria-labelledby="codes-title">
          <h2 id="codes-title">{m.console_discount_codes_title()}</h2>
          <p>{m.console_dashboard_codes_lead()}</p>
          <ConsoleTable
            labelledBy="codes-title"
            columns={[
              m.console_discount_code(),
              m.console_discount_uses(),
              numeric(m.console_dashboard_code_confirmed()),
              organiser && numeric(m.console_dashboard_discount_given()),
            ]}
          >
            {dashboard.discountCodes.map((code) => (
              <tr key={code.id}>
                <th scope="row">{code.code}</th>
                <td>{m.console_discount_uses_of({ taken: code.usesTaken, max: code.maxUses })}</td>
                <td className="console-num">{formatNumber(code.confirmed, locale)}</td>
                {organiser && (
                  <td className="console-num">
                    {code.discountGiven && code.discountGiven.length > 0
                      ? code.discountGiven.map((given) => formatPrice(given.amount, given.currency, locale)).join(" + ")
                      : "—"}
                  </td>
                )}
              </tr>
            ))}
          </ConsoleTable>
        </section>
      )}
      <section aria-labelledby="lodging-title">
        <h2 id="lodging-title">{m.console_dashboard_lodging()}</h2>
        {dashboard.lodging.length === 0 ? (
          <p>{m.console_dashboard_no_lodging()}</p>
        ) : (
          <ConsoleTable
            labelledBy="lodging-title"
            columns={[
              m.console_dashboard_night(),
              m.console_dashboard_room(),
              numeric(m.console_dashboard_rooms()),
              numeric(m.console_dashboard_rooms_taken()),
            ]}
          >
            {dashboard.lodging.map((night) => (
              <tr key={`${night.night}-${night.stay}-${night.roomType}`}>
                <th scope="row">{formatCalendarDay(night.night, locale)}</th>
                <td>
                  {night.stay} · {night.roomType}
                </td>
                <td className="console-num">{formatNumber(night.rooms, locale)}</td>
                <td className="console-num">{formatNumber(night.roomsTaken, locale)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>
    </main>
  );
}
