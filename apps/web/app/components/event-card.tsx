import type { EventAttributes } from "@sports/jsonapi";
import { eventPath } from "@sports/jsonapi";
import { dateBlock, formatDays, formatPriceFrom } from "../lib/format.ts";
import { sportName } from "../lib/sports.ts";
import { AvailabilityBadge } from "./availability-badge.tsx";
import { SiteLink } from "./site-link.tsx";

/**
 * What a card shows of an event: the lists ask the API for these fields only (`fields[events]`), so
 * an event's description, rules and the rest never reach the page's HTML or its hydration data.
 */
export const EVENT_CARD_FIELDS = [
  "slug",
  "sport",
  "status",
  "title",
  "startsAt",
  "endsAt",
  "timeZone",
  "venue",
  "cover",
  "signupOpensAt",
  "priceFrom",
  "availability",
] as const satisfies readonly (keyof EventAttributes)[];

export type EventCardAttributes = Pick<EventAttributes, (typeof EVENT_CARD_FIELDS)[number]>;

/** The card's fields of an event's attributes, whatever else they hold. */
export function eventCardOf(attributes: EventCardAttributes): EventCardAttributes {
  return Object.fromEntries(EVENT_CARD_FIELDS.map((field) => [field, attributes[field]])) as EventCardAttributes;
}

export function EventCard({
  event,
  locale,
  headingLevel = 3,
}: {
  event: EventCardAttributes;
  locale: string;
  headingLevel?: 2 | 3;
}) {
  const block = dateBlock(event.startsAt, locale, event.timeZone);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="event-card">
      {event.cover && (
        // An uploaded cover comes in WebP sizes (`srcset`) with a JPEG for the rest; written out here
        // rather than through a shared component, which would cost the public pages a chunk of their own.
        <img
          src={event.cover.url}
          srcSet={event.cover.srcset?.webp}
          sizes={event.cover.srcset ? "(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw" : undefined}
          alt=""
          width={event.cover.width ?? 640}
          height={event.cover.height ?? 360}
          className="event-cover"
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="event-card-body">
        <div className="date-block" aria-hidden="true">
          <span className="date-day">{block.day}</span>
          <span className="date-month">{block.month}</span>
        </div>
        <div className="event-card-text">
          <p className="event-sport">{sportName(event.sport)}</p>
          <Heading className="event-title">
            <SiteLink to={eventPath(event.slug)} className="stretched-link">
              {event.title}
            </SiteLink>
          </Heading>
          <p className="event-meta">
            <time dateTime={event.startsAt}>{formatDays(event.startsAt, event.endsAt, locale, event.timeZone)}</time>
            {" · "}
            {event.venue.locality}
          </p>
          <p className="event-card-footer">
            {event.priceFrom && <span className="price-from">{formatPriceFrom(event.priceFrom, locale)}</span>}
            <AvailabilityBadge
              status={event.status}
              availability={event.availability}
              locale={locale}
              timeZone={event.timeZone}
              opensAt={event.signupOpensAt}
            />
          </p>
        </div>
      </div>
    </article>
  );
}
