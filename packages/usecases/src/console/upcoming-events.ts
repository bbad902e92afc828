import { type EventSummaryRecord, upcomingEventSummaries } from "@sports/db";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

/** The events not over yet, soonest first, with their places left and today's signups (the whole team). */
export async function upcomingEvents(
  deps: Pick<Deps, "db" | "now">,
  actor: Parameters<typeof requireTeam>[0],
): Promise<EventSummaryRecord[]> {
  requireTeam(actor);
  return upcomingEventSummaries(deps.db, deps.now);
}
