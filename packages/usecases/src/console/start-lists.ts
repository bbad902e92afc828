import { findAnyEvent, isUuid, type StartListAppointment, startListAppointments } from "@sports/db";
import { refuse } from "@sports/domain";
import { type ConsoleActor, requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

export type { StartListAppointment };

/**
 * An event's appointments as the start lists' screen shows them (organisers and staff): each one's
 * bib range, its confirmed participants and how many of them wear a bib.
 */
export async function startLists(
  deps: Pick<Deps, "db">,
  actor: ConsoleActor,
  input: { eventId: string },
): Promise<StartListAppointment[]> {
  requireTeam(actor);
  const eventId = input.eventId.toLowerCase();
  if (!isUuid(eventId) || !(await findAnyEvent(deps.db, eventId))) refuse("not-found", `No event ${input.eventId}.`);
  return startListAppointments(deps.db, eventId);
}
