import type { QueueEntryAttributes } from "@sports/jsonapi";

/**
 * How many seconds the waiting room's page waits before reading again (docs/decisions/072): while its
 * entry waits, what the API suggests; before the visitor joins, until the room opens (at most 30);
 * none once the entry has an answer to act on (admitted, its turn over, sold out) or the visitor may
 * join now.
 */
export function roomRefreshSeconds(
  room: { opensAt: string },
  entry: Pick<QueueEntryAttributes, "state"> | null,
  suggested: unknown,
  now: Date,
): number | null {
  if (entry) return entry.state === "waiting" ? (typeof suggested === "number" ? suggested : 5) : null;
  const untilOpen = Math.ceil((Date.parse(room.opensAt) - now.getTime()) / 1000);
  return untilOpen > 0 ? Math.min(30, Math.max(2, untilOpen)) : null;
}
