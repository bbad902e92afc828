import { daysUntil } from "./console.ts";
import { localDate } from "./price.ts";
import { refuse } from "./refusal.ts";

/** Days before an appointment's day its check-in opens, unless the event says otherwise. */
export const DEFAULT_CHECK_IN_OPENS_DAYS_BEFORE = 1;

const DAY_MS = 86_400_000;

/**
 * Whether a participant may be checked in at `now`: from the start of the day `opensDaysBefore`
 * days before the appointment's day, both days in the event's time zone, until the appointment
 * ends. Refused `check-in-not-open` outside it, with `meta.opensOn` (that day), `meta.closesAt` (the
 * appointment's end) and whatever `meta` the caller adds.
 */
export function checkCheckInOpen(
  input: { startsAt: Date; endsAt: Date; timeZone: string; opensDaysBefore: number; now: Date },
  meta: Record<string, unknown> = {},
): void {
  const raceDay = localDate(input.startsAt, input.timeZone);
  const opened = daysUntil(localDate(input.now, input.timeZone), raceDay) <= input.opensDaysBefore;
  if (opened && input.now.getTime() < input.endsAt.getTime()) return;
  const opensOn = new Date(Date.parse(`${raceDay}T00:00:00Z`) - input.opensDaysBefore * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const closesAt = input.endsAt.toISOString();
  refuse("check-in-not-open", `Check-in opens on ${opensOn} and closes at ${closesAt}.`, {
    meta: { opensOn, closesAt, ...meta },
  });
}
