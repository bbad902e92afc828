/** Dates, times and prices in the page's language and the event's time zone, with Intl. */

import * as m from "../paraglide/messages.js";

/**
 * Node's ICU and the browser's may differ in the spaces they put in dates and times (thin and
 * narrow no-break spaces around ranges and before AM/PM). The page is rendered on both, so every
 * formatted text uses plain spaces, or hydration would find different text.
 */
const spaces = (text: string) => text.replace(/[\u2009\u202f]/g, " ");

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * Texts already written, by what they were written from: formatting is ICU's work (a span of days is
 * two or three formattings; its cost is in bench/README.md, "Where a rendered page's time goes"), and
 * the server writes the same catalogue's dates and prices for every visitor, page after page. A text
 * depends on nothing but what its key names, so the one found is the one that would be written again.
 * Started afresh past `MAX_WRITTEN`: it never grows with time.
 */
const written = new Map<string, unknown>();
const MAX_WRITTEN = 10_000;

function remembered<T>(key: string, write: () => T): T {
  let text = written.get(key) as T | undefined;
  if (text === undefined) {
    text = write();
    if (written.size >= MAX_WRITTEN) written.clear();
    written.set(key, text);
  }
  return text;
}

function dateFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

export function formatDay(iso: string, locale: string, timeZone: string): string {
  return remembered(`day|${iso}|${locale}|${timeZone}`, () =>
    spaces(
      dateFormat(locale, timeZone, { weekday: "short", day: "numeric", month: "long", year: "numeric" }).format(
        new Date(iso),
      ),
    ),
  );
}

export function formatShortDay(iso: string, locale: string, timeZone: string): string {
  return remembered(`short day|${iso}|${locale}|${timeZone}`, () =>
    spaces(dateFormat(locale, timeZone, { day: "numeric", month: "long", year: "numeric" }).format(new Date(iso))),
  );
}

export function formatDateTime(iso: string, locale: string, timeZone: string): string {
  return remembered(`date time|${iso}|${locale}|${timeZone}`, () =>
    spaces(dateFormat(locale, timeZone, { dateStyle: "full", timeStyle: "short" }).format(new Date(iso))),
  );
}

/** A month of the calendar (`2026-06`) by name: "June 2026". */
export function formatMonth(month: string, locale: string): string {
  return remembered(`month|${month}|${locale}`, () =>
    spaces(dateFormat(locale, "UTC", { month: "long", year: "numeric" }).format(new Date(`${month}-15T12:00:00Z`))),
  );
}

/** A short day and time ("Sat 14 Jun, 05:00"), for a table where appointments fall on different days. */
export function formatShortDayTime(iso: string, locale: string, timeZone: string): string {
  return remembered(`short day time|${iso}|${locale}|${timeZone}`, () =>
    spaces(
      dateFormat(locale, timeZone, {
        weekday: "short",
        day: "numeric",
        month: "short",
        hour: "numeric",
        minute: "2-digit",
      }).format(new Date(iso)),
    ),
  );
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in the time zone. */
export function localDay(iso: string, timeZone: string): string {
  return remembered(`local day|${iso}|${timeZone}`, () =>
    dateFormat("en-CA", timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso)),
  );
}

export function formatTime(iso: string, locale: string, timeZone: string): string {
  return remembered(`time|${iso}|${locale}|${timeZone}`, () =>
    spaces(dateFormat(locale, timeZone, { timeStyle: "short" }).format(new Date(iso))),
  );
}

/** A span of days ("12 – 14 June 2027"), or one day. */
export function formatDays(startIso: string, endIso: string, locale: string, timeZone: string): string {
  return remembered(`days|${startIso}|${endIso}|${locale}|${timeZone}`, () => {
    const format = dateFormat(locale, timeZone, { day: "numeric", month: "long", year: "numeric" });
    const start = new Date(startIso);
    const end = new Date(endIso);
    const first = format.format(start);
    return spaces(first === format.format(end) ? first : format.formatRange(start, end));
  });
}

/** The calendar day (`YYYY-MM-DD`) as a date at noon UTC, so any time zone shows the same day. */
export function formatCalendarDay(day: string, locale: string): string {
  return remembered(`calendar day|${day}|${locale}`, () =>
    spaces(
      dateFormat(locale, "UTC", { day: "numeric", month: "long", year: "numeric" }).format(
        new Date(`${day}T12:00:00Z`),
      ),
    ),
  );
}

/** The parts of a date block on a card: day number, short month (one object for every card of that day). */
export function dateBlock(iso: string, locale: string, timeZone: string): Readonly<{ day: string; month: string }> {
  return remembered(`date block|${iso}|${locale}|${timeZone}`, () => {
    const parts = dateFormat(locale, timeZone, { day: "numeric", month: "short" }).formatToParts(new Date(iso));
    return Object.freeze({
      day: parts.find((p) => p.type === "day")?.value ?? "",
      month: parts.find((p) => p.type === "month")?.value ?? "",
    });
  });
}

/** Minor units to a price: 4500 EUR in it-IT is "45,00 €". Whole amounts drop the cents. */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return remembered(`price|${amount}|${currency}|${locale}`, () => {
    const whole = amount % 100 === 0;
    const format = numberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    return spaces(format.format(amount / 100));
  });
}

/** "from €35": the lowest price an event's card and page show. */
export function formatPriceFrom(price: { amount: number; currency: string }, locale: string): string {
  return m.price_from({ price: formatPrice(price.amount, price.currency, locale) });
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}
