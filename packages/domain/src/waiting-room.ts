/**
 * The waiting room of an event's opening (docs/decisions/072-waiting-room.md): who joins when, the
 * pace of admissions, and where an entry stands at a given moment. Pure arithmetic on instants; the
 * line itself is in the database.
 */

export interface WaitingRoomRules {
  /** The minutes before the signup opening in which arrivals are shuffled. */
  shuffleMinutes: number;
  admitPerMinute: number;
}

/** The bounds an organiser may set. */
export const WAITING_ROOM_LIMITS = {
  shuffleMinutes: { min: 0, max: 240 },
  admitPerMinute: { min: 1, max: 100_000 },
} as const;

/** How long a pass lets its account sign up once its admission time has come. */
export const PASS_MINUTES = 10;

/** The milliseconds between two admissions. */
export const admissionInterval = (rules: WaitingRoomRules): number => 60_000 / rules.admitPerMinute;

/** When the room lets people in: `shuffleMinutes` before the opening. */
export const roomOpensAt = (opening: Date, rules: WaitingRoomRules): Date =>
  new Date(opening.getTime() - rules.shuffleMinutes * 60_000);

/**
 * How an arrival at `now` joins: refused before the room opens, shuffled with the others before the
 * signup opening, in arrival order after it.
 */
export function arrivalKind(now: Date, opening: Date, rules: WaitingRoomRules): "too-early" | "shuffled" | "in-order" {
  if (now < roomOpensAt(opening, rules)) return "too-early";
  return now < opening ? "shuffled" : "in-order";
}

/** The admission time of the shuffled arrival given `place` (1, 2, 3…) at the opening. */
export const shuffledAdmission = (opening: Date, place: number, rules: WaitingRoomRules): Date =>
  new Date(opening.getTime() + (place - 1) * admissionInterval(rules));

/** When a pass given for `admittedAt` stops letting its account sign up. */
export const passExpiresAt = (admittedAt: Date): Date => new Date(admittedAt.getTime() + PASS_MINUTES * 60_000);

export type QueueState = "waiting" | "admitted" | "expired" | "used" | "sold-out";

/** An entry as the line has it now. */
export interface QueueStanding {
  /** Null before the opening, for the shuffled: their places are drawn then. */
  place: number | null;
  admitAt: Date | null;
  passUsedAt: Date | null;
}

/**
 * Where an entry stands at `now`: its pass used; sold out while no place is left (a pass is then
 * worth nothing); admitted once its admission time has come, until the pass lapses; else waiting.
 */
export function queueStateOf(entry: QueueStanding, now: Date, placesLeft: number): QueueState {
  if (entry.passUsedAt) return "used";
  if (placesLeft <= 0) return "sold-out";
  if (entry.admitAt && entry.admitAt <= now) return now < passExpiresAt(entry.admitAt) ? "admitted" : "expired";
  return "waiting";
}

/**
 * How many people are still before an entry admitted at `admitAt`, read off the clock: those not yet
 * admitted form an unbroken run at the pace up to it (an arrival joining behind an empty line is
 * admitted at once, so a gap in the pace never lies before anyone still waiting).
 */
export function aheadOf(admitAt: Date, now: Date, rules: WaitingRoomRules): number {
  const wait = admitAt.getTime() - now.getTime();
  return wait <= 0 ? 0 : Math.max(0, Math.ceil(wait / admissionInterval(rules)) - 1);
}

/**
 * How many seconds a page waiting in line may wait before asking again: a tenth of the wait, between
 * 2 and 30 seconds; before the opening's draw, until the opening (at most 30, at least 1).
 */
export function refreshAfterSeconds(admitAt: Date | null, now: Date, opening: Date): number {
  if (!admitAt) return Math.min(30, Math.max(1, Math.ceil((opening.getTime() - now.getTime()) / 1000)));
  const wait = (admitAt.getTime() - now.getTime()) / 1000;
  return Math.min(30, Math.max(2, Math.ceil(wait / 10)));
}
