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

/** The calendar day (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
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
