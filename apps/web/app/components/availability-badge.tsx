import type { Availability } from "@sports/jsonapi";
import { elided } from "../i18n/elision.ts";
import { formatShortDay } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";

interface BadgeProps {
  status?: "published" | "cancelled";
  availability: Availability | null;
  locale: string;
  timeZone: string;
  opensAt?: string | null;
}

/** Places left, sold out, closed, not yet open or cancelled: one short badge. */
export function AvailabilityBadge({ status, availability, locale, timeZone, opensAt }: BadgeProps) {
  if (status === "cancelled") return <span className="badge badge-closed">{m.badge_cancelled()}</span>;
  if (!availability) return null;
  switch (availability.state) {
    case "open":
      return <span className="badge badge-open">{m.badge_places_left({ count: availability.remaining })}</span>;
    case "sold-out":
      return <span className="badge badge-sold-out">{m.badge_sold_out()}</span>;
    case "not-yet-open":
      return (
        <span className="badge badge-soon">
          {opensAt
            ? elided(m.badge_not_yet_open({ date: formatShortDay(opensAt, locale, timeZone) }), locale)
            : m.badge_closed()}
        </span>
      );
    default:
      return <span className="badge badge-closed">{m.badge_closed()}</span>;
  }
}
