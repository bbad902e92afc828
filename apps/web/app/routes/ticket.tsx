import type {
  CourseAttributes,
  DataDocument,
  EventAttributes,
  ResourceObject,
  StayAttributes,
  StoredRecord,
} from "@sports/jsonapi";
import { data } from "react-router";
import { requireVisitor } from "../auth/guard.ts";
import { CourseProfile } from "../components/course-profile.tsx";
import { PrintButton } from "../components/print-button.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, recordsContext, siteContext } from "../context.ts";
import { formatCalendarDay, formatDateTime, formatNumber } from "../lib/format.ts";
import { mapLink } from "../lib/map-link.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import { signupsOf } from "../signup/records.ts";
import type { Route } from "./+types/ticket.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData ? m.ticket_page_title({ name: loaderData.name }) : m.ticket_heading());
}

/**
 * A confirmed participant's ticket (docs/decisions/032-ticket-page.md), opened from My signups:
 * who, which race, when and where to be, the bib, the QR code the check-in desk reads, the lodging
 * booked and the course. Everything is in the page itself (the QR code and the profile are SVG drawn
 * on the server), so the copy the service worker keeps reads the same with no signal at the start,
 * and it prints on one sheet.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireVisitor(context, request);
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const { document } = await api.get<DataDocument<ResourceObject[]>>("/api/signups", { query: { locale } });
  const store = context.get(recordsContext);
  const signups = signupsOf(
    store,
    document.data.map((signup) => signup.id),
  );
  const participantId = String(params.id);
  const signup = signups.find((one) => one.participants.some((person) => person.id === participantId));
  const person = signup?.participants.find((one) => one.id === participantId);
  // Only a confirmed signup's participants have a ticket, and only its owner sees it.
  if (!signup || !person?.ticketCode || signup.state !== "confirmed") throw data(null, { status: 404 });
  const event = attributesOf<EventAttributes>(store.find("events", signup.event.id));
  const course =
    (attributesOf<{ course?: unknown }>(store.find("appointments", signup.appointment.id))?.course ?? null)
      ? await readCourse(context, signup.appointment.id)
      : null;
  return {
    name: `${person.givenName} ${person.familyName}`,
    bib: person.bib ?? null,
    ticketCode: person.ticketCode,
    ticketQr: person.ticketQr ?? null,
    event: { title: signup.event.title, slug: signup.event.slug, timeZone: signup.event.timeZone },
    appointment: {
      title: signup.appointment.implicit ? null : signup.appointment.title,
      startsAt: signup.appointment.startsAt,
    },
    venue: event?.venue ?? null,
    lodging: signup.stayBookings.length > 0 ? await lodgingOf(context, signup.event.id, signup.stayBookings) : [],
    course,
  };
}

function attributesOf<T>(record: StoredRecord<string, Record<string, unknown>> | undefined): T | undefined {
  return record?.attributes as T | undefined;
}

/** The course of the appointment, or null if it cannot be read now: the ticket is still worth showing. */
async function readCourse(context: Route.LoaderArgs["context"], appointmentId: string) {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  try {
    const { document } = await api.get<DataDocument<ResourceObject<"courses", CourseAttributes>>>(
      `/api/appointments/${encodeURIComponent(appointmentId)}/course`,
      { query: { locale } },
    );
    // The API serves a course whole: every attribute of the contract is there.
    return document.data.attributes as CourseAttributes;
  } catch {
    return null;
  }
}

interface Lodging {
  stay: string;
  room: string;
  address: string | null;
  checkIn: string;
  checkOut: string;
  rooms: number;
}

/** The stays booked, named as the event offers them (`/api/events/{id}/stays`). */
async function lodgingOf(
  context: Route.LoaderArgs["context"],
  eventId: string,
  bookings: { roomTypeId: string; checkIn: string; checkOut: string; rooms: number }[],
): Promise<Lodging[]> {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const { document } = await api.get<DataDocument<ResourceObject<"stays", StayAttributes>[]>>(
    `/api/events/${encodeURIComponent(eventId)}/stays`,
    { query: { locale } },
  );
  // The API serves stays whole: every attribute of the contract is there.
  const stays = document.data.map((one) => one.attributes as StayAttributes);
  return bookings.map((booking) => {
    const stay = stays.find((one) => one.roomTypes.some((room) => room.id === booking.roomTypeId));
    const room = stay?.roomTypes.find((one) => one.id === booking.roomTypeId);
    return {
      stay: stay?.name ?? m.signup_room_unknown(),
      room: room?.name ?? "",
      address: stay?.address ?? null,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      rooms: booking.rooms,
    };
  });
}

export default function Ticket({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { name, bib, ticketCode, ticketQr, event, appointment, venue, lodging, course } = loaderData;
  const race = [event.title, appointment.title].filter(Boolean).join(" – ");
  return (
    <main id="content" className="container section narrow ticket-page">
      <p className="ticket-back no-print">
        <SiteLink to="/modificaDati#iscrizioni">{m.ticket_back()}</SiteLink>
      </p>
      <article className="ticket-sheet" aria-labelledby="ticket-title">
        <header className="ticket-sheet-header">
          <p className="event-meta">{m.ticket_kicker()}</p>
          <h1 id="ticket-title">{name}</h1>
          <p className="ticket-race">{race}</p>
        </header>
        <div className="ticket-sheet-body">
          <dl className="ticket-facts">
            <div>
              <dt>{m.ticket_bib()}</dt>
              {/* A bib is a label, not a quantity: never grouped ("2,002"). */}
              <dd className={bib !== null ? "ticket-bib" : undefined}>{bib !== null ? bib : m.ticket_bib_not_yet()}</dd>
            </div>
            <div>
              <dt>{m.ticket_start()}</dt>
              <dd>{formatDateTime(appointment.startsAt, locale, event.timeZone)}</dd>
            </div>
            {venue && (
              <div>
                <dt>{m.ticket_place()}</dt>
                <dd>
                  {venue.name}
                  <br />
                  {[venue.street, [venue.postalCode, venue.locality].filter(Boolean).join(" ")]
                    .filter(Boolean)
                    .join(", ")}
                  <br />
                  <a href={mapLink(venue)} rel="noopener" className="no-print">
                    {m.ticket_map_link()}
                  </a>
                </dd>
              </div>
            )}
          </dl>
          <figure className="ticket-pass">
            {ticketQr && (
              <div
                className="ticket-qr"
                role="img"
                aria-label={m.ticket_qr_label({ name })}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the API draws this SVG itself from the ticket code (packages/usecases/src/signups/ticket-qr.ts).
                dangerouslySetInnerHTML={{ __html: ticketQr }}
              />
            )}
            <figcaption>
              {m.ticket_code()}: <code className="ticket-code">{ticketCode}</code>
              <br />
              {m.ticket_show_at_start()}
            </figcaption>
          </figure>
        </div>
        {lodging.length > 0 && (
          <section className="ticket-section" aria-labelledby="ticket-lodging">
            <h2 id="ticket-lodging">{m.ticket_lodging()}</h2>
            <ul className="ticket-lodging">
              {lodging.map((stay) => (
                <li key={`${stay.stay}-${stay.room}-${stay.checkIn}`}>
                  <strong>{stay.stay}</strong>
                  {stay.room && <>, {stay.room}</>}
                  {stay.rooms > 1 && <> × {formatNumber(stay.rooms, locale)}</>}
                  <br />
                  {m.ticket_lodging_nights({
                    from: formatCalendarDay(stay.checkIn, locale),
                    to: formatCalendarDay(stay.checkOut, locale),
                  })}
                  {stay.address && (
                    <>
                      <br />
                      {stay.address}
                    </>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {course && (
          <section className="ticket-section" aria-labelledby="ticket-course">
            <h2 id="ticket-course">{m.ticket_course()}</h2>
            <CourseProfile course={course} />
            <p className="no-print">
              <a href={course.gpxUrl} download className="course-download">
                {m.course_download()}
              </a>
            </p>
          </section>
        )}
      </article>
      <p className="no-print">
        <PrintButton />
      </p>
    </main>
  );
}
