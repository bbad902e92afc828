/**
 * Calendar arithmetic for the demo catalogue. Every date in it is relative to "now", so the demo
 * never goes stale: an event "in 40 days at 09:30" stays 40 days ahead whenever it is seeded.
 */

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of `instant` in `timeZone`. */
function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The local calendar day `days` after now's local day, as a UTC midnight (a pure calendar value). */
function shiftedDay(now: Date, days: number, timeZone: string): Date {
  const p = localParts(now, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day + days));
}

function isoDay(calendarDay: Date): string {
  return calendarDay.toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) `days` after now's local day in `timeZone`. */
export function dayFrom(now: Date, days: number, timeZone: string): string {
  return isoDay(shiftedDay(now, days, timeZone));
}

/**
 * The instant at which the wall clock in `timeZone` reads `time` (HH:MM) on the local day `days`
 * after now's local day. DST-safe: the offset is read at the candidate instant, not at now. A time
 * skipped by a spring-forward gap resolves to the same clock time read with the earlier offset
 * (02:30 becomes 03:30 summer time), as most calendar software does.
 */
export function at(now: Date, days: number, time: string, timeZone: string): Date {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Expected HH:MM, got "${time}"`);
  const day = shiftedDay(now, days, timeZone);
  const wallClock = Date.UTC(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate(),
    Number(match[1]),
    Number(match[2]),
  );
  const firstGuess = wallClock - offsetAt(new Date(wallClock), timeZone);
  const offset = offsetAt(new Date(firstGuess), timeZone);
  const candidate = wallClock - offset;
  if (offsetAt(new Date(candidate), timeZone) === offset) return new Date(candidate);
  // In a gap no instant reads `time`; keep the offset in force before the change.
  return new Date(wallClock - offsetAt(new Date(candidate - 3_600_000), timeZone));
}

/**
 * How many days from now's local day to the first `weekday` (0 = Sunday … 6 = Saturday) that is at
 * least `minDays` away, so races fall on weekends whatever day the demo is seeded.
 */
export function daysToWeekday(now: Date, minDays: number, weekday: number, timeZone: string): number {
  const earliest = shiftedDay(now, minDays, timeZone).getUTCDay();
  return minDays + ((weekday - earliest + 7) % 7);
}

/** The helpers an event definition uses, bound to one "now" and the event's time zone. */
export interface Clock {
  readonly now: Date;
  /** The instant at local `time` (HH:MM) on the day `days` after today. */
  at(days: number, time: string): Date;
  /** The local calendar day (YYYY-MM-DD) `days` after today. */
  day(days: number): string;
  /** Days from today to the first `weekday` (0 = Sunday) at least `minDays` away. */
  next(weekday: number, minDays: number): number;
}

export const SATURDAY = 6;
export const SUNDAY = 0;
export const MONDAY = 1;

export function clock(now: Date, timeZone = "Europe/Rome"): Clock {
  return {
    now,
    at: (days, time) => at(now, days, time, timeZone),
    day: (days) => dayFrom(now, days, timeZone),
    next: (weekday, minDays) => daysToWeekday(now, minDays, weekday, timeZone),
  };
}
