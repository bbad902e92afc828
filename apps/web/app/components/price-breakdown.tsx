import type { PriceBreakdown, StayAttributes } from "@sports/jsonapi";
import { elided } from "../i18n/elision.ts";
import { formatPrice } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";

/**
 * The server's price, line by line (participants, then each stay, the discount and the stamp duty
 * charged to the buyer) with the total; money formatted by Intl. Without the event's `stays` to name each room by (the console's signup page), the stays are
 * one line.
 */
export function PriceBreakdownTable({
  price,
  stays,
  locale,
}: {
  price: PriceBreakdown;
  stays?: StayAttributes[] | undefined;
  locale: string;
}) {
  const money = (amount: number, currency = price.total.currency) => formatPrice(amount, currency, locale);
  const roomName = (id: string) => {
    for (const stay of stays ?? []) {
      const room = stay.roomTypes.find((candidate) => candidate.id === id);
      if (room) return `${room.name}, ${stay.name}`;
    }
    return m.signup_room_unknown();
  };
  return (
    <table className="price-table">
      <caption className="sr-only">{m.signup_price_title()}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{m.signup_price_item()}</th>
          <th scope="col">{m.signup_price_amount()}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">
            {m.signup_price_participants({
              count: String(price.participants.count),
              unit: money(price.participants.unit.amount, price.participants.unit.currency),
            })}
          </th>
          <td>{money(price.participants.amount)}</td>
        </tr>
        {!stays && price.stays.length > 0 && (
          <tr>
            <th scope="row">{m.console_signup_stays()}</th>
            <td>{money(price.stays.reduce((sum, stay) => sum + stay.amount, 0))}</td>
          </tr>
        )}
        {stays &&
          price.stays.map((stay) => (
            <tr key={stay.roomTypeId}>
              <th scope="row">
                {roomName(stay.roomTypeId)}
                <span className="price-detail">
                  {m.signup_price_stay({
                    nights: stay.nights,
                    rooms: stay.rooms,
                    unit: money(stay.unit.amount, stay.unit.currency),
                  })}
                </span>
              </th>
              <td>{money(stay.amount)}</td>
            </tr>
          ))}
        {price.discount && (
          <tr className="price-discount">
            <th scope="row">
              {m.signup_price_discount({ code: price.discount.code })}
              {price.discount.kind === "percent" && (
                <span className="price-detail">
                  {elided(m.signup_price_discount_percent({ percent: price.discount.value }), locale)}
                </span>
              )}
            </th>
            <td>{money(-price.discount.amount.amount)}</td>
          </tr>
        )}
        {price.stampDuty && (
          <tr>
            <th scope="row">{m.signup_price_stamp_duty()}</th>
            <td>{money(price.stampDuty.amount, price.stampDuty.currency)}</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{m.signup_price_total()}</th>
          <td>{money(price.total.amount)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
