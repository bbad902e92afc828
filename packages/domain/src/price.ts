import { type BillingRules, grossItem, stampDutyOf, withDiscount } from "./billing-compose.ts";
import { type DiscountCode, type DiscountLine, discountAmount } from "./discount-code.ts";
import { refuse } from "./refusal.ts";

/** An amount of money in minor units (cents) of an ISO 4217 currency. Never a float. */
export interface Money {
  amount: number;
  currency: string;
}

/**
 * One step of an appointment's price by date: `amount` applies up to and including the calendar
 * day `until` (YYYY-MM-DD, in the event's time zone); the last tier has `until: null`.
 */
export interface PriceTier {
  until: string | null;
  amount: number;
}

/** Building an Intl formatter costs far more than using one: one per time zone, kept. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const daysFound = new Map<string, string>();
const MINUTE_MS = 60_000;

/**
 * The calendar day (YYYY-MM-DD) that `instant` falls on in `timeZone`. Remembered by the minute:
 * every time zone's offset has been whole minutes since 1972, so a day starts on a minute. The event
 * list asks for today once per appointment's price, and formatting is the costly part (what it cost is
 * in bench/README.md, "Where a rendered page's time goes").
 */
export function localDate(instant: Date, timeZone: string): string {
  const key = `${timeZone}|${Math.floor(instant.getTime() / MINUTE_MS)}`;
  let day = daysFound.get(key);
  if (day === undefined) {
    let format = dayFormats.get(timeZone);
    if (!format) {
      // en-CA formats dates as YYYY-MM-DD.
      format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
      dayFormats.set(timeZone, format);
    }
    day = format.format(instant);
    if (daysFound.size >= 10_000) daysFound.clear();
    daysFound.set(key, day);
  }
  return day;
}

/** Orders tiers by their last day, the open-ended tier last. */
export function sortTiers(tiers: readonly PriceTier[]): PriceTier[] {
  return [...tiers].sort((a, b) => {
    if (a.until === b.until) return 0;
    if (a.until === null) return 1;
    if (b.until === null) return -1;
    return a.until < b.until ? -1 : 1;
  });
}

/** The tier that applies at `now` in the event's time zone, or null when the last tier has ended. */
export function currentTier(tiers: readonly PriceTier[], now: Date, timeZone: string): PriceTier | null {
  const today = localDate(now, timeZone);
  return sortTiers(tiers).find((tier) => tier.until === null || tier.until >= today) ?? null;
}

/** The lowest of the given prices, or null when there are none. Prices in other currencies are not compared. */
export function lowestPrice(prices: readonly (Money | null)[]): Money | null {
  let lowest: Money | null = null;
  for (const price of prices) {
    if (!price) continue;
    if (!lowest) lowest = price;
    else if (price.currency === lowest.currency && price.amount < lowest.amount) lowest = price;
  }
  return lowest;
}

const DAY_MS = 86_400_000;

// What a signup costs ------------------------------------------------------------------------------

export interface StayLine {
  roomTypeId: string;
  /** YYYY-MM-DD, the first night and the morning of departure. */
  checkIn: string;
  checkOut: string;
  rooms: number;
  pricePerNight: Money;
}

export interface PriceBreakdown {
  participants: { count: number; unit: Money; amount: number };
  stays: { roomTypeId: string; nights: number; rooms: number; unit: Money; amount: number }[];
  /** The discount code on the signup and what it takes off the participants and stays; null without one. */
  discount: DiscountLine | null;
  /** The stamp duty the organiser charges the buyer (decision 066); null when none is due. */
  stampDuty: Money | null;
  total: Money;
}

/** Nights between two calendar days (YYYY-MM-DD), counted in UTC so no clock change skews them. */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);
}

/**
 * What a signup costs, computed on the server only: the appointment's tier that applies today in
 * the event's time zone, times the participants, plus each stay's nights × rooms × price. Every
 * line must be in the appointment's currency; a price list that has ended refuses (`closed`). A
 * discount code takes its part off that sum (`discountAmount`: a percentage rounded half up to the
 * minor unit, never below zero in total). With the organiser's billing rules, the stamp duty they
 * charge the buyer is added when the amounts without VAT call for it.
 */
export function priceSignup(input: {
  tiers: readonly PriceTier[];
  currency: string;
  timeZone: string;
  now: Date;
  participantCount: number;
  stays: readonly StayLine[];
  discount?: Pick<DiscountCode, "code" | "kind" | "value"> | null;
  billing?: BillingRules | null;
}): PriceBreakdown {
  const tier = currentTier(input.tiers, input.now, input.timeZone);
  if (!tier) refuse("closed", "This appointment's prices have ended.");
  const unit = { amount: tier.amount, currency: input.currency };
  const stays = input.stays.map((stay) => {
    if (stay.pricePerNight.currency !== input.currency)
      throw new Error(`A stay priced in ${stay.pricePerNight.currency} cannot join a signup in ${input.currency}.`);
    const nights = nightsBetween(stay.checkIn, stay.checkOut);
    if (nights < 1) throw new Error("A stay needs at least one night.");
    return {
      roomTypeId: stay.roomTypeId,
      nights,
      rooms: stay.rooms,
      unit: stay.pricePerNight,
      amount: nights * stay.rooms * stay.pricePerNight.amount,
    };
  });
  const participantsAmount = tier.amount * input.participantCount;
  const subtotal = participantsAmount + stays.reduce((sum, stay) => sum + stay.amount, 0);
  const code = input.discount ?? null;
  const off = code ? discountAmount(code, subtotal) : 0;
  const stampDuty = stampDutyCharged(input.billing, participantsAmount, stays, off);
  return {
    participants: { count: input.participantCount, unit, amount: participantsAmount },
    stays,
    discount: code
      ? { code: code.code, kind: code.kind, value: code.value, amount: { amount: off, currency: input.currency } }
      : null,
    stampDuty: stampDuty > 0 ? { amount: stampDuty, currency: input.currency } : null,
    total: { amount: subtotal - off + stampDuty, currency: input.currency },
  };
}

/** The stamp duty the buyer pays on top of the entries and stays, by the organiser's rules. */
function stampDutyCharged(
  rules: BillingRules | null | undefined,
  entries: number,
  stays: readonly { amount: number }[],
  off: number,
): number {
  if (!rules?.stampDuty.chargedToBuyer) return 0;
  const items = [
    grossItem(rules, "entryFee", { description: "", quantity: 1, gross: entries }),
    ...stays.map((stay) => grossItem(rules, "lodging", { description: "", quantity: 1, gross: stay.amount })),
  ];
  return stampDutyOf(withDiscount(items, { amount: off, description: "" }), rules.stampDuty.applies);
}
