import type { AppointmentAttributes, StayAttributes } from "@sports/jsonapi";
import type { PageHandle } from "../access.ts";
import { AppointmentTable } from "../components/appointment-table.tsx";
import { AvailabilityBadge } from "../components/availability-badge.tsx";
import { RuleList, ruleTexts } from "../components/event-rules.tsx";
import { RichText } from "../components/rich-text.tsx";
import { SignupButton } from "../components/signup-button.tsx";
import { localHref } from "../components/site-link.tsx";
import { StayOffer } from "../components/stay-offer.tsx";
import { EventRoomNotice } from "../components/waiting-room.tsx";
import { languageContext, visitorContext } from "../context.ts";
import { useSignupRefusal } from "../forms/refusals.ts";
import { prefixOf } from "../i18n/locale.ts";
import { readApi } from "../lib/api.ts";
import { courseBriefText } from "../lib/course-text.ts";
import { formatDays, formatPriceFrom, formatTime } from "../lib/format.ts";
import { useFreshPlaces, withFreshPlaces } from "../lib/fresh-places.ts";
import { type EventDocument, includedOf } from "../lib/records.ts";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta, rootDataOf } from "../lib/seo.ts";
import { sportName } from "../lib/sports.ts";
import { type EventPageSite, sportsEvent } from "../lib/sports-event.ts";
import * as m from "../paraglide/messages.js";
import { startSignup } from "../signup/start.ts";
import type { Route } from "./+types/event.ts";

/** `?anteprima=1`: an organiser's preview of the page as it would be, drafts too (decision 021). */
const asksPreview = (url: URL) => url.searchParams.get("anteprima") === "1";

/**
 * The public page is the same for every visitor but for the frame: the server keeps it for all
 * (access.ts). A preview is the organiser's own, rendered for them every time.
 */
export const handle: PageHandle = { sameForEveryVisitor: (url) => !asksPreview(url) };

export async function loader({ params, context, request }: Route.LoaderArgs) {
  // Anyone but an organiser asking for the preview gets the public page.
  const preview = asksPreview(new URL(request.url)) && context.get(visitorContext)?.role === "organiser";
  const slug = encodeURIComponent(params.slug);
  const document = await readApi<EventDocument>(
    context,
    preview ? `/api/console/events/${slug}/preview` : `/api/events/${slug}`,
    { include: "appointments,stays" },
  );
  const { locale } = context.get(languageContext);
  return {
    eventId: document.data.id,
    event: document.data.attributes,
    appointments: includedOf<AppointmentAttributes>(document, "appointments").map((a) => ({
      id: a.id,
      ...a.attributes,
      // Said here, on the server: the list's words cost the page no JavaScript.
      courseBrief: a.attributes.course ? courseBriefText(a.attributes.course, locale) : null,
    })),
    stays: includedOf<StayAttributes>(document, "stays").map((s) => s.attributes),
  };
}

/** "Sign up" for an event that takes signups as a whole (signup/start.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return startSignup(context, await request.formData(), { eventSlug: params.slug, appointmentSlug: null });
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  if (!data) return [];
  const { event, appointments } = data;
  return [
    ...pageMeta(
      { title: `${event.title} · ${m.site_name()}`, description: event.summary, image: event.cover?.url },
      args,
    ),
    { "script:ld+json": sportsEvent(event, appointments, eventPageSite(args)) },
  ];
}

/** The site the page is on, for its structured data: absolute URLs in the page's language, as SiteLink writes them. */
function eventPageSite(args: Route.MetaArgs): EventPageSite {
  const prefix = prefixOf(args.location.pathname);
  return {
    origin: rootDataOf(args.matches)?.origin ?? "",
    name: m.site_name(),
    localPath: (path) => localHref(prefix ? `/${prefix}` : "", path),
  };
}

export function mapUrl(venue: { latitude: number | null; longitude: number | null; name: string; locality: string }) {
  if (venue.latitude !== null && venue.longitude !== null)
    return `https://www.openstreetmap.org/?mlat=${venue.latitude}&mlon=${venue.longitude}#map=16/${venue.latitude}/${venue.longitude}`;
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${venue.name}, ${venue.locality}`)}`;
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { locale, apiBaseUrl } = useRootData();
  const { eventId, event, stays } = loaderData;
  const refusal = useSignupRefusal();
  const fresh = useFreshPlaces(
    apiBaseUrl,
    `/api/events/${eventId}?include=appointments&fields[events]=availability&fields[appointments]=capacity,remaining,state`,
    loaderData,
  );
  const availability = fresh.get(`events:${eventId}`) ?? event.availability;
  const appointments = loaderData.appointments.map((a) => withFreshPlaces(a, fresh.get(`appointments:${a.id}`)));
  const tz = event.timeZone;
  const visible = appointments.filter((a) => !a.implicit);
  const signupTarget = event.signupMode === "event" ? appointments[0] : visible.find((a) => a.state === "open");
  const rules = ruleTexts(event.rules);
  const address = [
    event.venue.street,
    event.venue.postalCode,
    event.venue.locality,
    event.venue.region,
    event.venue.country,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <main id="content">
      <div className="event-hero">
        {event.cover && (
          <img
            src={event.cover.url}
            srcSet={event.cover.srcset?.webp}
            sizes={event.cover.srcset ? "100vw" : undefined}
            alt={event.cover.alt}
            width={event.cover.width ?? 1280}
            height={event.cover.height ?? 720}
            className="event-hero-image"
          />
        )}
        <div className="container event-hero-text">
          <p className="event-sport">{sportName(event.sport)}</p>
          <h1>{event.title}</h1>
          {event.summary && <p className="lead">{event.summary}</p>}
          <AvailabilityBadge
            status={event.status}
            availability={availability}
            locale={locale}
            timeZone={tz}
            opensAt={event.signupOpensAt}
          />
        </div>
      </div>
      <div className="container section event-layout">
        <div className="event-main">
          {event.status === "cancelled" && <p className="notice notice-warning">{m.event_cancelled_notice()}</p>}
          <dl className="facts">
            <div>
              <dt>{m.event_when()}</dt>
              <dd>
                <time dateTime={event.startsAt}>{formatDays(event.startsAt, event.endsAt, locale, tz)}</time>
              </dd>
            </div>
            <div>
              <dt>{m.event_where()}</dt>
              <dd>
                {event.venue.name}
                <br />
                {address}
                <br />
                <a href={mapUrl(event.venue)} rel="noopener" target="_blank">
                  {m.event_open_map()}
                </a>
              </dd>
            </div>
          </dl>
          {event.description && (
            <section aria-labelledby="about-heading">
              <h2 id="about-heading">{m.event_about()}</h2>
              <RichText text={event.description} headingOffset={1} />
            </section>
          )}
          {event.waitingRoom && event.status !== "cancelled" && (
            <EventRoomNotice slug={event.slug} room={event.waitingRoom} timeZone={tz} />
          )}
          {rules.length > 0 && (
            <section aria-labelledby="rules-heading">
              <h2 id="rules-heading">{m.event_rules()}</h2>
              <RuleList items={rules} />
            </section>
          )}
          {visible.length > 0 && (
            <section id="appointments" aria-labelledby="appointments-heading">
              <h2 id="appointments-heading">{m.event_appointments()}</h2>
              <AppointmentTable
                eventSlug={event.slug}
                appointments={visible}
                signupPerAppointment={event.signupMode === "appointment"}
                timeZone={tz}
                opensAt={event.signupOpensAt}
                labelledBy="appointments-heading"
              />
            </section>
          )}
          {stays.length > 0 && (
            <section aria-labelledby="stays-heading">
              <h2 id="stays-heading">{m.event_stays()}</h2>
              {stays.map((stay) => (
                <StayOffer key={stay.slug} stay={stay} locale={locale} headingLevel={3} />
              ))}
            </section>
          )}
        </div>
        {signupTarget && event.status !== "cancelled" && (
          <aside className="signup-bar">
            <p className="event-meta">
              {event.priceFrom && formatPriceFrom(event.priceFrom, locale)}
              {event.signupMode === "event" && ` · ${formatTime(signupTarget.startsAt, locale, tz)}`}
            </p>
            {event.signupMode === "event" ? (
              signupTarget.state === "open" || refusal ? (
                <SignupButton target={{ event: eventId }} label={m.event_signup()} refusal={refusal} />
              ) : (
                <AvailabilityBadge
                  availability={signupTarget}
                  locale={locale}
                  timeZone={tz}
                  opensAt={event.signupOpensAt}
                />
              )
            ) : (
              <a href="#appointments" className="button button-primary">
                {m.event_choose_appointment()}
              </a>
            )}
          </aside>
        )}
      </div>
    </main>
  );
}
