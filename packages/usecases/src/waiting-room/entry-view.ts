import type { QueueState } from "@sports/domain";

/** A queue entry as its account reads it (queue.ts reads it whole, standing.ts from its signed standing). */
export interface QueueEntryView {
  id: string;
  eventId: string;
  state: QueueState;
  /** The entry's place in the line; null before the opening's draw. */
  place: number | null;
  /** 1 for the next to be admitted; null once admitted, or before the draw. */
  position: number | null;
  /** The people still before this entry; null before the draw. */
  ahead: number | null;
  /** Seconds until the admission (until the opening, before the draw); 0 once admitted. */
  estimatedWait: number | null;
  pass: string | null;
  passExpiresAt: Date | null;
  /** While it waits with a place: its signed standing, which a read may bring back (standing.ts). */
  standing: string | null;
  joinedAt: Date;
  /** The event's signup opening. */
  opensAt: Date;
  /** Seconds a page may wait before reading the entry again. */
  refreshAfter: number;
}
