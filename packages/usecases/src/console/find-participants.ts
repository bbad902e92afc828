import { type RaceDayParticipant, raceDayParticipantsByBib, raceDayParticipantsByName } from "@sports/db";
import { type ConsoleActor, requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

export type { RaceDayParticipant };

/**
 * The participants a typed entry at the check-in desk may mean (organisers and staff): those wearing
 * the bib when it is a number, else the confirmed participants whose name holds it. At most 20.
 */
export async function findRaceDayParticipants(
  deps: Pick<Deps, "db">,
  actor: ConsoleActor,
  input: { search: string; eventId?: string },
): Promise<RaceDayParticipant[]> {
  requireTeam(actor);
  const search = input.search.trim();
  if (search.length === 0) return [];
  if (/^\d{1,7}$/.test(search)) return raceDayParticipantsByBib(deps.db, Number(search), input.eventId);
  return raceDayParticipantsByName(deps.db, search, input.eventId);
}
