import type { AppointmentAttributes } from "@sports/jsonapi";
import { elided } from "../i18n/elision.ts";
import { formatCalendarDay, formatPrice } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";

/**
 * An appointment's prices, each tier with its last day and the one that applies today marked; a
 * single price is shown alone (it always applies, and nothing comes before it).
 */
export function PriceTiers({
  tiers,
  currency,
  current,
  locale,
}: {
  tiers: AppointmentAttributes["priceTiers"];
  currency: string;
  /** The tier that applies today (-1: none). */
  current: number;
  locale: string;
}) {
  const [first, ...later] = tiers;
  if (first && later.length === 0 && first.until === null)
    return (
      <ul className="price-tiers">
        <li aria-current={current === 0 ? "true" : undefined}>
          <strong>{formatPrice(first.amount, currency, locale)}</strong>
        </li>
      </ul>
    );
  return (
    <ul className="price-tiers">
      {tiers.map((tier, i) => (
        <li key={`${tier.until}-${tier.amount}`} aria-current={i === current ? "true" : undefined}>
          <strong>{formatPrice(tier.amount, currency, locale)}</strong>{" "}
          {tier.until
            ? elided(m.appointment_price_until({ date: formatCalendarDay(tier.until, locale) }), locale)
            : m.appointment_price_after()}
          {i === current && <span className="badge badge-open">{m.appointment_price_now()}</span>}
        </li>
      ))}
    </ul>
  );
}
