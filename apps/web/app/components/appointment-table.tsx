import { type AppointmentAttributes, appointmentPath, resultsPath } from "@sports/jsonapi";
import { formatPrice, formatShortDayTime, formatTime, localDay } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { AvailabilityBadge } from "./availability-badge.tsx";
import { SignupButton } from "./signup-button.tsx";
import { localHref, SiteLink } from "./site-link.tsx";

/** `courseBrief`: the race's course in words ("Course: 21.1 km · 850 m up"), for one that has a course. */
type Row = AppointmentAttributes & { id: string; courseBrief?: string | null };

/**
 * An event's appointments as a table to choose from: each race or category with its start, today's
 * price and the places left, and, where the event takes signups per appointment, a "Sign up" per
 * open row that names its appointment for screen readers and covers the whole row. A race whose
 * results are published links them under its name. On a phone the
 * rows become cards (app.css, `.appointment-table`), so the page never scrolls sideways.
 */
export function AppointmentTable({
  eventSlug,
  appointments,
  signupPerAppointment,
  timeZone,
  opensAt,
  labelledBy,
}: {
  eventSlug: string;
  appointments: Row[];
  signupPerAppointment: boolean;
  timeZone: string;
  opensAt: string | null;
  labelledBy: string;
}) {
  const { locale, prefix } = useRootData();
  const withCourse = appointments.some((a) => a.courseBrief);
  const oneDay = new Set(appointments.map((a) => localDay(a.startsAt, timeZone))).size === 1;
  return (
    <table className="appointment-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col" className="appointment-col">
            {m.appointments_column_name()}
          </th>
          {withCourse && (
            <th scope="col" className="appointment-col">
              {m.appointments_column_course()}
            </th>
          )}
          <th scope="col" className="appointment-col">
            {m.appointments_column_start()}
          </th>
          <th scope="col" className="appointment-col">
            {m.appointments_column_price()}
          </th>
          <th scope="col" className="appointment-col">
            {m.appointments_column_places()}
          </th>
          {signupPerAppointment && (
            <th scope="col" className="appointment-col">
              <span className="sr-only">{m.appointments_column_signup()}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {appointments.map((appointment) => {
          const path = appointmentPath(eventSlug, appointment.slug);
          const open = signupPerAppointment && appointment.state === "open" && appointment.status !== "cancelled";
          return (
            <tr key={appointment.slug} className={open ? "appointment-row appointment-row-open" : "appointment-row"}>
              <th scope="row" className="appointment-name">
                <SiteLink to={path}>{appointment.title}</SiteLink>
                {appointment.resultsState !== "unpublished" && (
                  <SiteLink
                    to={resultsPath(eventSlug, appointment.slug)}
                    className="appointment-results"
                    aria-label={m.results_heading({ race: appointment.title })}
                  >
                    {m.results_link()}
                  </SiteLink>
                )}
              </th>
              {withCourse && (
                <td
                  className={
                    appointment.courseBrief ? "appointment-course" : "appointment-course appointment-no-course"
                  }
                >
                  {appointment.courseBrief ?? "—"}
                </td>
              )}
              <td className="appointment-start">
                <time dateTime={appointment.startsAt}>
                  {oneDay
                    ? formatTime(appointment.startsAt, locale, timeZone)
                    : formatShortDayTime(appointment.startsAt, locale, timeZone)}
                </time>
              </td>
              <td className="appointment-price">
                {appointment.currentPrice && appointment.status !== "cancelled"
                  ? formatPrice(appointment.currentPrice.amount, appointment.currentPrice.currency, locale)
                  : "—"}
              </td>
              <td className="appointment-places">
                <AvailabilityBadge
                  {...(appointment.status === "cancelled" ? { status: "cancelled" as const } : {})}
                  availability={appointment}
                  locale={locale}
                  timeZone={timeZone}
                  opensAt={opensAt}
                />
              </td>
              {signupPerAppointment && (
                <td className="appointment-action">
                  {open && (
                    <SignupButton
                      target={{ appointment: appointment.id }}
                      action={localHref(prefix, path)}
                      label={m.event_signup()}
                      accessibleLabel={m.event_signup_for({ appointment: appointment.title })}
                      refusal={undefined}
                      className="row-signup"
                    />
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
