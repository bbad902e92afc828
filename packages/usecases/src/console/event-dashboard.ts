import { type EventDashboardRecord, eventDashboard as readDashboard } from "@sports/db";
import { refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

/** An event's overview as a team member may see it: money only for an organiser. */
export type EventDashboard = Omit<EventDashboardRecord, "revenue"> & {
  revenue: EventDashboardRecord["revenue"] | null;
};

/**
 * How an event is going (the whole team): signups per day, places left per appointment, rooms per
 * night, certificates waiting for a review, and, for organisers only, the money in by payment method.
 */
export async function eventDashboard(
  deps: Pick<Deps, "db" | "now">,
  actor: Parameters<typeof requireTeam>[0],
  input: { eventId: string },
): Promise<EventDashboard> {
  requireTeam(actor);
  const dashboard = await readDashboard(deps.db, input.eventId, deps.now);
  if (!dashboard) refuse("not-found", "No such event.");
  return actor.kind === "organiser" ? dashboard : { ...dashboard, revenue: null };
}
