import {
  type CertificateListQuery,
  type ConsoleParticipant,
  findAnyEvent,
  isUuid,
  listEventParticipants,
} from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

/** An event's participants with their certificate status, for the review screen (staff read it too). */
export async function listCertificates(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: CertificateListQuery,
): Promise<{ rows: ConsoleParticipant[]; total: number }> {
  requireTeam(actor);
  if (!isUuid(input.eventId) || !(await findAnyEvent(deps.db, input.eventId))) refuse("not-found", "No such event.");
  return listEventParticipants(deps.db, input);
}
