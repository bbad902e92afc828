import {
  addClubManager,
  type ClubManagerRecord,
  type ClubRecord,
  type Database,
  insertClub,
  listClubManagers,
  listManagedClubs,
  listPendingClubInvitations,
  type PendingClubInvitation,
  updateClubDetails,
} from "@sports/db";
import { type Actor, refuse, refuseProblems } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { type ClubInput, checkClub } from "./fields.ts";
import { requireClubManager } from "./managers.ts";

/**
 * Clubs as their managers see them (docs/decisions/068-club-entries.md): who makes a club manages
 * it; only its managers read or change it, and anyone else is told there is no such club.
 */

/** A club with its managers and the invitations to manage it still waiting. */
export interface ClubView {
  club: ClubRecord;
  managers: ClubManagerRecord[];
  pendingInvitations: PendingClubInvitation[];
}

async function viewOf(db: Database, club: ClubRecord, now: Date): Promise<ClubView> {
  const [managers, pendingInvitations] = await Promise.all([
    listClubManagers(db, club.id),
    listPendingClubInvitations(db, club.id, now),
  ]);
  return { club, managers, pendingInvitations };
}

/**
 * Makes a club: its name and contact address are asked, the federation, the club's code there and a
 * phone may be; each problem is refused at its attribute (`invalid-input`). Whoever makes it is its
 * manager, written with it in one transaction.
 */
export async function createClub(
  deps: Pick<Deps, "db" | "now">,
  actor: UserActor,
  input: ClubInput,
): Promise<ClubView> {
  const { values, problems } = checkClub(input, true);
  refuseProblems(problems);
  const { name, contactEmail } = values;
  if (!name || !contactEmail) refuse("invalid-input", "A club needs its name and contact address.");
  const club = await deps.db.transaction(async (tx) => {
    const made = await insertClub(tx, {
      name,
      contactEmail,
      federation: values.federation ?? null,
      code: values.code ?? null,
      contactPhone: values.contactPhone ?? null,
      createdBy: actor.userId,
      at: deps.now,
    });
    await addClubManager(tx, { clubId: made.id, userId: actor.userId, addedBy: actor.userId, at: deps.now });
    return made;
  });
  return viewOf(deps.db, club, deps.now);
}

/** The clubs the actor manages, by name, each with its managers. */
export async function myClubs(deps: Pick<Deps, "db" | "now">, actor: UserActor): Promise<ClubView[]> {
  const clubs = await listManagedClubs(deps.db, actor.userId);
  return Promise.all(clubs.map((club) => viewOf(deps.db, club, deps.now)));
}

/** One club the actor manages; `not-found` for anyone else (requireClubManager). */
export async function clubOf(deps: Pick<Deps, "db" | "now">, actor: Actor, clubId: string): Promise<ClubView> {
  const club = await requireClubManager(deps.db, actor, clubId);
  return viewOf(deps.db, club, deps.now);
}

/** Changes the club's details given, checked as when it was made; its managers only. */
export async function updateClub(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  clubId: string,
  input: ClubInput,
): Promise<ClubView> {
  const club = await requireClubManager(deps.db, actor, clubId);
  const { values, problems } = checkClub(input, false);
  refuseProblems(problems);
  const { name, contactEmail, ...rest } = values;
  const changed = await updateClubDetails(
    deps.db,
    club.id,
    { ...rest, ...(name ? { name } : {}), ...(contactEmail ? { contactEmail } : {}) },
    deps.now,
  );
  if (!changed) refuse("not-found", `No club ${clubId} that you manage.`);
  return viewOf(deps.db, changed, deps.now);
}
