import type { StayAttributes } from "@sports/jsonapi";
import { elided } from "../i18n/elision.ts";
import { formatCalendarDay, formatPrice } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";

/** A stay as offered with an event: its name, nights and room types with their price per night. */
export function StayOffer({
  stay,
  locale,
  headingLevel,
  showAddress = false,
}: {
  stay: StayAttributes;
  locale: string;
  headingLevel: 2 | 3;
  showAddress?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="stay">
      <Heading>{stay.name}</Heading>
      {stay.description && <p>{stay.description}</p>}
      {showAddress && stay.address && <p className="event-meta">{stay.address}</p>}
      <p className="event-meta">
        {elided(
          m.stay_nights({
            first: formatCalendarDay(stay.firstNight, locale),
            last: formatCalendarDay(stay.lastNight, locale),
          }),
          locale,
        )}
      </p>
      <ul>
        {stay.roomTypes.map((room) => (
          <li key={room.id}>
            {m.stay_room({
              name: room.name,
              guests: room.guests,
              price: formatPrice(room.pricePerNight.amount, room.pricePerNight.currency, locale),
            })}
          </li>
        ))}
      </ul>
    </article>
  );
}
