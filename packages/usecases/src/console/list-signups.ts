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

/**
 * A row as a team member may read it: the amounts and the discount code for an organiser only, null
 * for staff, who keep where its payments stand (`payment`).
 */
export type ConsoleSignupRow = Omit<SignupListRow, "paidAmount" | "refundedAmount"> & {
  paidAmount: number | null;
  refundedAmount: number | null;
};

export interface SignupList {
  rows: ConsoleSignupRow[];
  total: number;
  /** The rows' participants, when asked for. */
  participants: ConsoleParticipant[];
}

/**
 * A page of an appointment's or an event's signups for the organiser's team (staff read it too,
 * without the money), filtered and sorted by the database, with how many the filters let through.
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
  const organiser = actor.kind === "organiser";
  return {
    rows: organiser
      ? rows
      : rows.map((row) => ({ ...row, paidAmount: null, refundedAmount: null, discountCode: null })),
    total,
    participants,
  };
}
