import { eventPath, type QueueEntryAttributes, waitingRoomPath } from "@sports/jsonapi";
import { Form, useLocation } from "react-router";
import { ACCOUNT_PATHS } from "../access.ts";
import { REFUSAL_PARAM } from "../forms/refusals.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { formatDateTime, formatNumber } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { localHref, SiteLink } from "./site-link.tsx";

/** The event as its waiting room's page shows it (routes/waiting-room.tsx). */
export interface RoomEvent {
  id: string;
  slug: string;
  title: string;
  timeZone: string;
  signupOpensAt: string;
  room: { opensAt: string; shuffleMinutes: number; admitPerMinute: number };
}

type Entry = QueueEntryAttributes & { id: string };

const REFUSALS: Record<string, () => string> = {
  "queue-not-open": m.room_refused_queue_not_open,
  "queue-pass-required": m.room_refused_queue_pass_required,
  "queue-pass-expired": m.room_refused_queue_pass_expired,
  "queue-pass-used": m.room_refused_queue_pass_used,
  "queue-pass-invalid": m.room_refused_queue_pass_invalid,
};

/** Why the visitor is here: the join refused, or a "Sign up" that needed a pass (`?rifiuto=`). */
function useRoomRefusal(refusal: string | undefined): string | undefined {
  const { search } = useLocation();
  const code = refusal ?? new URLSearchParams(search).get(REFUSAL_PARAM) ?? "";
  return REFUSALS[code]?.();
}

/**
 * Where the visitor stands in the room, in words: before it opens, before they join, waiting for
 * the opening's draw, in line (place, people before, wait), admitted with the time to sign up by,
 * their turn over, or sold out with the way to the waiting lists.
 */
export function RoomStanding({
  event,
  entry,
  now,
  refusal,
}: {
  event: RoomEvent;
  entry: Entry | null;
  now: string;
  refusal?: string | undefined;
}) {
  const { locale } = useRootData();
  const time = (iso: string) => formatDateTime(iso, locale, event.timeZone);
  const said = useRoomRefusal(refusal);
  return (
    <>
      <p className="room-event">
        <SiteLink to={eventPath(event.slug)}>{m.room_back({ event: event.title })}</SiteLink>
      </p>
      {said && (
        <p className="notice notice-warning" role="alert">
          {said}
        </p>
      )}
      {entry ? (
        <EntryStanding event={event} entry={entry} time={time} />
      ) : Date.parse(now) < Date.parse(event.room.opensAt) ? (
        <>
          <h1>{m.room_not_open_title({ time: time(event.room.opensAt) })}</h1>
          <p>{m.room_not_open_text({ minutes: event.room.shuffleMinutes, opening: time(event.signupOpensAt) })}</p>
        </>
      ) : (
        <>
          <h1>{m.room_heading()}</h1>
          <p>
            {Date.parse(now) < Date.parse(event.signupOpensAt)
              ? m.room_join_shuffle({ opening: time(event.signupOpensAt) })
              : m.room_join_open()}
          </p>
          <JoinForm event={event} label={m.room_join()} />
        </>
      )}
    </>
  );
}

function EntryStanding({ event, entry, time }: { event: RoomEvent; entry: Entry; time: (iso: string) => string }) {
  const { locale } = useRootData();
  switch (entry.state) {
    case "waiting":
      if (entry.position === null)
        return (
          <>
            <h1>{m.room_drawing_title()}</h1>
            <p role="status">{m.room_drawing_text({ opening: time(entry.opensAt) })}</p>
            <p className="field-hint">{m.room_keep()}</p>
          </>
        );
      return (
        <>
          <h1>{m.room_waiting_title()}</h1>
          <div className="room-standing" role="status">
            <dl>
              <div>
                <dt>{m.room_position()}</dt>
                <dd className="room-position">{formatNumber(entry.position, locale)}</dd>
              </div>
              <div>
                <dt>{m.room_wait()}</dt>
                <dd>{waitText(entry.estimatedWait ?? 0)}</dd>
              </div>
            </dl>
            <p>{m.room_ahead({ count: entry.ahead ?? 0 })}</p>
          </div>
          <p className="field-hint">{m.room_keep()}</p>
        </>
      );
    case "admitted":
      return (
        <>
          <h1>{m.room_admitted_title()}</h1>
          <p role="status">{m.room_admitted_text({ time: time(entry.passExpiresAt ?? entry.opensAt) })}</p>
          <p>
            <SiteLink to={`${eventPath(event.slug)}#appointments`} className="button button-primary">
              {m.room_admitted_signup()}
            </SiteLink>
          </p>
        </>
      );
    case "expired":
      return (
        <>
          <h1>{m.room_expired_title()}</h1>
          <p role="status">{m.room_expired_text()}</p>
          <JoinForm event={event} label={m.room_join_again()} />
        </>
      );
    case "used":
      return (
        <>
          <h1>{m.room_used_title()}</h1>
          <p role="status">
            {m.room_used_text()} <SiteLink to={`/${ACCOUNT_PATHS.profile}#iscrizioni`}>{m.nav_signups()}</SiteLink>
          </p>
          <JoinForm event={event} label={m.room_join_again()} />
        </>
      );
    case "sold-out":
      return (
        <>
          <h1>{m.room_sold_out_title()}</h1>
          <p role="status">{m.room_sold_out_text()}</p>
          <p>
            <SiteLink to={eventPath(event.slug)} className="button">
              {m.room_sold_out_link()}
            </SiteLink>
          </p>
        </>
      );
  }
}

/** "About 4 minutes", or "less than a minute". */
function waitText(seconds: number): string {
  return seconds < 60 ? m.room_wait_soon() : m.room_wait_minutes({ count: Math.ceil(seconds / 60) });
}

/** Joins the room (or finds the visitor's place again): the page's own action. */
function JoinForm({ event, label }: { event: RoomEvent; label: string }) {
  const { prefix } = useRootData();
  return (
    <Form method="post" action={localHref(prefix, waitingRoomPath(event.slug))} className="room-join">
      <input type="hidden" name="event" value={event.id} />
      <SubmitButton>{label}</SubmitButton>
    </Form>
  );
}

/**
 * On an event's pages: the opening has a waiting room, when it opens, and the way in. The same
 * for every visitor (the page is kept for all): the room's page says where each one stands.
 */
export function EventRoomNotice({ slug, room, timeZone }: { slug: string; room: RoomEvent["room"]; timeZone: string }) {
  const { locale } = useRootData();
  return (
    <section className="notice room-notice" aria-labelledby="room-notice-title">
      <h2 id="room-notice-title">{m.event_room_title()}</h2>
      <p>{m.event_room_text({ time: formatDateTime(room.opensAt, locale, timeZone), minutes: room.shuffleMinutes })}</p>
      <p>
        <SiteLink to={waitingRoomPath(slug)} className="button button-primary">
          {m.event_room_link()}
        </SiteLink>
      </p>
    </section>
  );
}
