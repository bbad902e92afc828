import {
  type ConsoleParticipant,
  consoleParticipantsOf,
  findAnyAppointment,
  findAnyEvent,
  isUuid,
  listConsoleSignups,
  type SignupListQuery,
  type SignupListRow,
} from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireTeam } from "../actors.ts";
import type { Deps } from "../deps.ts";

export interface SignupList {
  rows: SignupListRow[];
  total: number;
  /** The rows' participants, when asked for. */
  participants: ConsoleParticipant[];
}

/**
 * A page of an appointment's or an event's signups for the organiser's team (staff read it too),
 * filtered and sorted by the database, with how many the filters let through.
 */
export async function listSignups(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: SignupListQuery & { withParticipants?: boolean },
): Promise<SignupList> {
  requireTeam(actor);
  const { withParticipants, ...query } = input;
  const id = "appointmentId" in query.scope ? query.scope.appointmentId : query.scope.eventId;
  const found =
    isUuid(id) &&
    ("appointmentId" in query.scope ? await findAnyAppointment(deps.db, id) : await findAnyEvent(deps.db, id));
  if (!found) refuse("not-found", `Nothing has the id ${id}.`);
  const { rows, total } = await listConsoleSignups(deps.db, query);
  const participants = withParticipants
    ? await consoleParticipantsOf(
        deps.db,
        rows.map((row) => row.id),
      )
    : [];
  return { rows, total, participants };
}
