import { type ClubRecord, type Database, findManagedClub, isUuid } from "@sports/db";
import { type Actor, type Field, refuse } from "@sports/domain";

/**
 * The club, for one of its managers (docs/decisions/068). Anyone else, and an id that names no club,
 * is refused `not-found` (on `field` when the id came in one): whether a club exists is not told to
 * those who do not manage it.
 */
export async function requireClubManager(
  db: Database,
  actor: Actor,
  clubId: string,
  field?: Field,
): Promise<ClubRecord> {
  const club =
    actor.kind === "user" && isUuid(clubId) ? await findManagedClub(db, clubId.toLowerCase(), actor.userId) : undefined;
  if (!club) refuse("not-found", `No club ${clubId} that you manage.`, field ? { field } : {});
  return club;
}
