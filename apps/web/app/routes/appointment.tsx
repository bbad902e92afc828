import type { AppointmentAttributes, CourseAttributes } from "@sports/jsonapi";
import { appointmentPath, eventPath, resultsPath } from "@sports/jsonapi";
import { lazy, memo, Suspense } from "react";
import { data } from "react-router";
import { SAME_FOR_EVERY_VISITOR } from "../access.ts";
import { AvailabilityBadge } from "../components/availability-badge.tsx";
import { EventRules } from "../components/event-rules.tsx";
import { OpeningAlert } from "../components/opening-alert.tsx";
import { PriceTiers } from "../components/price-tiers.tsx";
import { stateWord } from "../components/results-state.tsx";
import { RichText } from "../components/rich-text.tsx";
import { SignupButton } from "../components/signup-button.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { WaitingListJoin } from "../components/waiting-list-join.tsx";
import { EventRoomNotice } from "../components/waiting-room.tsx";
import { languageContext } from "../context.ts";
import { useSignupRefusal } from "../forms/refusals.ts";
import { withMessages } from "../i18n/message-packs.ts";
import { readApi } from "../lib/api.ts";
import { formatDateTime, formatPrice, formatTime } from "../lib/format.ts";
import { useFreshPlaces, withFreshPlaces } from "../lib/fresh-places.ts";
import { type EventDocument, includedOf } from "../lib/records.ts";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { askOpeningAlert, dropOpeningAlert } from "../signup/opening-alert.ts";
import { startSignup } from "../signup/start.ts";
import { joinWaitingList } from "../signup/waiting-list.ts";
import type { Route } from "./+types/appointment.ts";

/** The course's section, apart from the page's first-load JavaScript (the server waits for it: entry.server.tsx). */
const CourseSection = lazy(() => import("../components/course-section.tsx").then(withMessages));

/**
 * The section behind its Suspense boundary, kept out of the page's re-renders (the fresh places
 * arriving): a boundary updated before its chunk has loaded would be thrown away and drawn again
 * from nothing, the server's copy removed meanwhile.
 */
const Course = memo(function Course({ course }: { course: CourseAttributes }) {
  return (
    <Suspense>
      <CourseSection course={course} />
    </Suspense>
  );
});

/** The page is the same for every visitor but for the frame: the server keeps it for all (access.ts). */
export const handle = SAME_FOR_EVERY_VISITOR;

export async function loader({ params, context }: Route.LoaderArgs) {
  const document = await readApi<EventDocument>(context, `/api/events/${encodeURIComponent(params.slug)}`, {
    include: "appointments",
  });
  const appointment = includedOf<AppointmentAttributes>(document, "appointments").find(
    (a) => a.attributes.slug === params.slug1,
  );
  if (!appointment) throw data(null, { status: 404 });
  // The course (profile, track, waypoints) is read only for an appointment that has one.
  const course = appointment.attributes.course
    ? (
        await readApi<{ data: { id: string; attributes: CourseAttributes } }>(
          context,
          `/api/appointments/${encodeURIComponent(appointment.id)}/course`,
        )
      ).data.attributes
    : null;
  return {
    event: document.data.attributes,
    appointment: appointment.attributes,
    appointmentId: appointment.id,
    course,
  };
}

/**
 * "Sign up": holds a place and opens the signup's first step (signup/start.ts); on a sold-out
 * appointment, "Join the waiting list" (signup/waiting-list.ts); before signups open, "Notify me"
 * (signup/opening-alert.ts).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const back = `${context.get(languageContext).prefix}${appointmentPath(params.slug, params.slug1)}`;
  if (intent === "waiting-list") return joinWaitingList(context, String(form.get("appointment") ?? ""), back);
  if (intent === "opening-alert") return askOpeningAlert(context, String(form.get("appointment") ?? ""), back);
  if (intent === "drop-opening-alert") return dropOpeningAlert(context, String(form.get("alert") ?? ""));
  return startSignup(context, form, { eventSlug: params.slug, appointmentSlug: params.slug1 });
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  if (!data) return [];
  return pageMeta(
    {
      title: `${data.appointment.title} · ${data.event.title} · ${m.site_name()}`,
      description: data.appointment.description ?? data.event.summary,
      image: data.event.cover?.url,
    },
    args,
  );
}

/** Which price tier applies today: the first whose last day has not passed (the API says which price). */
function currentTierIndex(appointment: AppointmentAttributes): number {
  if (!appointment.currentPrice) return -1;
  return appointment.priceTiers.findIndex((tier) => tier.amount === appointment.currentPrice?.amount);
}

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, apiBaseUrl } = useRootData();
  const { event, appointmentId, course } = loaderData;
  const refusal = useSignupRefusal();
  const fresh = useFreshPlaces(
    apiBaseUrl,
    `/api/appointments/${appointmentId}?fields[appointments]=capacity,remaining,state`,
    loaderData,
  );
  const appointment = withFreshPlaces(loaderData.appointment, fresh.get(`appointments:${appointmentId}`));
  const cancelled = appointment.status === "cancelled";
  const canSignUp = appointment.state === "open" && event.status !== "cancelled" && !cancelled;
  const tz = event.timeZone;
  const current = currentTierIndex(appointment);
  const { eligibility } = appointment;
  return (
    <main id="content" className="container section event-layout">
      <div className="event-main">
        <p>
          <SiteLink to={eventPath(event.slug)}>{m.appointment_back({ event: event.title })}</SiteLink>
        </p>
        <h1>{appointment.title}</h1>
        <AvailabilityBadge
          status={cancelled ? "cancelled" : event.status}
          availability={appointment}
          locale={locale}
          timeZone={tz}
          opensAt={event.signupOpensAt}
        />
        {cancelled && event.status !== "cancelled" ? <p>{m.appointment_cancelled_notice()}</p> : null}
        {event.waitingRoom && !cancelled && event.status !== "cancelled" && (
          <EventRoomNotice slug={event.slug} room={event.waitingRoom} timeZone={tz} />
        )}
        {appointment.resultsState !== "unpublished" && (
          <p className="notice results-notice">
            <strong>{stateWord(appointment.resultsState)}</strong>{" "}
            <SiteLink to={resultsPath(event.slug, appointment.slug)}>{m.results_see()}</SiteLink>
          </p>
        )}
        <dl className="facts">
          <div>
            <dt>{m.appointment_time()}</dt>
            <dd>
              <time dateTime={appointment.startsAt}>{formatDateTime(appointment.startsAt, locale, tz)}</time>
              {" – "}
              <time dateTime={appointment.endsAt}>{formatTime(appointment.endsAt, locale, tz)}</time>
            </dd>
          </div>
          <div>
            <dt>{m.appointment_places()}</dt>
            <dd>
              {m.appointment_places_left({
                remaining: appointment.remaining,
                capacity: appointment.capacity,
              })}
            </dd>
          </div>
        </dl>
        {appointment.description && <RichText text={appointment.description} />}
        <section aria-labelledby="prices-heading">
          <h2 id="prices-heading">
            {appointment.priceTiers.length === 1 ? m.appointment_price() : m.appointment_prices()}
          </h2>
          <PriceTiers
            tiers={appointment.priceTiers}
            currency={appointment.currency}
            current={current}
            locale={locale}
          />
          <p className="event-meta">
            {m.appointment_deadline({ date: formatDateTime(appointment.signupDeadline, locale, tz) })}
          </p>
        </section>
        {course ? <Course course={course} /> : null}
        <section aria-labelledby="eligibility-heading">
          <h2 id="eligibility-heading">{m.appointment_eligibility()}</h2>
          <ul className="rules">
            <li>
              {eligibility.gender === "female"
                ? m.eligibility_female()
                : eligibility.gender === "male"
                  ? m.eligibility_male()
                  : m.eligibility_anyone()}
            </li>
          </ul>
          <EventRules
            rules={{
              ...event.rules,
              minAge: eligibility.minAge ?? event.rules.minAge,
              maxAge: eligibility.maxAge ?? event.rules.maxAge,
            }}
          />
        </section>
      </div>
      {!canSignUp && appointment.state === "sold-out" && appointment.waitingList && !cancelled ? (
        <WaitingListJoin
          appointmentId={appointmentId}
          answer={actionData && ("position" in actionData || "waitingRefusal" in actionData) ? actionData : undefined}
        />
      ) : null}
      {appointment.state === "not-yet-open" && !cancelled ? (
        <OpeningAlert
          appointmentId={appointmentId}
          answer={
            actionData && ("alertId" in actionData || "alertDropped" in actionData || "alertRefusal" in actionData)
              ? actionData
              : undefined
          }
        />
      ) : null}
      {(canSignUp || refusal) && (
        <aside className="signup-bar" aria-label={m.event_signup()}>
          {appointment.currentPrice && (
            <p className="event-meta">
              <strong>{formatPrice(appointment.currentPrice.amount, appointment.currentPrice.currency, locale)}</strong>
            </p>
          )}
          <SignupButton target={{ appointment: appointmentId }} label={m.event_signup()} refusal={refusal} />
        </aside>
      )}
    </main>
  );
}
