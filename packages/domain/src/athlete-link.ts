import { effectiveSignupDeadline } from "./catalogue.ts";

/**
 * A club's athlete's own link (docs/decisions/068-club-entries.md): how long it is good for, and when
 * an athlete still missing a part is mailed a new one.
 */

const DAY_MS = 86_400_000;

/** The days before the link lapses on which an athlete still missing a part is mailed again, farthest first. */
export const ATHLETE_REMINDER_DAYS = [7, 2] as const;

/**
 * Until when an athlete's link is good, mailed at `now`: the appointment's signup deadline. A signup
 * confirmed after it (a bank transfer that came late) gives its athletes until the race starts, so
 * they can still give their part; null once the race has started (no link is mailed then).
 */
export function athleteLinkExpiry(
  appointment: { signupDeadline: Date | null; signupClosesAt: Date | null; startsAt: Date },
  now: Date,
): Date | null {
  const deadline = effectiveSignupDeadline(appointment);
  if (deadline > now) return deadline;
  return appointment.startsAt > now ? appointment.startsAt : null;
}

/**
 * The reminder due at `now` for a link good until `expiresAt`, as days before it (one of
 * {@link ATHLETE_REMINDER_DAYS}), or null: each step's moment must have come, no mail may have gone
 * since (`lastMailedAt`: the first mail or a reminder), and the link must still be good. Of two steps
 * passed at once, only the nearer one is sent.
 */
export function athleteReminderDue(input: { expiresAt: Date; lastMailedAt: Date | null; now: Date }): number | null {
  const { expiresAt, lastMailedAt, now } = input;
  if (expiresAt <= now) return null;
  const moment = (days: number) => expiresAt.getTime() - days * DAY_MS;
  const passed = ATHLETE_REMINDER_DAYS.filter((days) => now.getTime() >= moment(days));
  const step = passed.at(-1);
  if (step === undefined) return null;
  if (lastMailedAt && lastMailedAt.getTime() >= moment(step)) return null;
  return step;
}
