import {
  type ClubAthleteDetails,
  type ClubAthleteRecord,
  deleteClubAthlete,
  findClubAthlete,
  insertClubAthlete,
  isUuid,
  listClubAthletes,
  updateClubAthlete,
} from "@sports/db";
import { type Actor, refuse, refuseProblems } from "@sports/domain";
import type { Deps } from "../deps.ts";
import { type ClubAthleteInput, checkClubAthlete } from "./fields.ts";
import { requireClubManager } from "./managers.ts";

/**
 * A club's roster (docs/decisions/068-club-entries.md): the athletes its managers keep from one race
 * to the next, each checked by the participants' field rules (fields.ts). Only the club's managers
 * read or change it; anyone else, and an athlete of another club, is `not-found`.
 */

/** Adds an athlete to the roster: the names are asked, every other field may wait. */
export async function addClubAthlete(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { clubId: string; athlete: ClubAthleteInput },
): Promise<ClubAthleteRecord> {
  const club = await requireClubManager(deps.db, actor, input.clubId);
  const { values, problems } = checkClubAthlete(input.athlete, deps.now, true);
  refuseProblems(problems);
  const { givenName, familyName } = values;
  if (!givenName || !familyName) refuse("invalid-input", "An athlete needs their given and family names.");
  return insertClubAthlete(deps.db, {
    ...emptyAthlete,
    ...values,
    givenName,
    familyName,
    clubId: club.id,
    at: deps.now,
  });
}

const emptyAthlete: Omit<ClubAthleteDetails, "givenName" | "familyName"> = {
  birthDate: null,
  gender: null,
  email: null,
  phone: null,
  nationality: null,
  federationCard: null,
  tshirtSize: null,
  emergencyContactName: null,
  emergencyContactPhone: null,
};

/** Changes the fields given of an athlete of the roster, checked as when they were added. */
export async function changeClubAthlete(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { clubId: string; athleteId: string; athlete: ClubAthleteInput },
): Promise<ClubAthleteRecord> {
  const club = await requireClubManager(deps.db, actor, input.clubId);
  const { values, problems } = checkClubAthlete(input.athlete, deps.now, false);
  refuseProblems(problems);
  const { givenName, familyName, ...rest } = values;
  const changed = isUuid(input.athleteId)
    ? await updateClubAthlete(
        deps.db,
        club.id,
        input.athleteId.toLowerCase(),
        { ...rest, ...(givenName ? { givenName } : {}), ...(familyName ? { familyName } : {}) },
        deps.now,
      )
    : undefined;
  if (!changed) refuseAthlete(input.athleteId);
  return changed;
}

/** Takes an athlete out of the roster; the entries they were in keep their data. */
export async function removeClubAthlete(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { clubId: string; athleteId: string },
): Promise<void> {
  const club = await requireClubManager(deps.db, actor, input.clubId);
  const removed = isUuid(input.athleteId)
    ? await deleteClubAthlete(deps.db, club.id, input.athleteId.toLowerCase())
    : false;
  if (!removed) refuseAthlete(input.athleteId);
}

/** One athlete of the roster. */
export async function clubAthleteOf(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { clubId: string; athleteId: string },
): Promise<ClubAthleteRecord> {
  const club = await requireClubManager(deps.db, actor, input.clubId);
  const athlete = isUuid(input.athleteId)
    ? await findClubAthlete(deps.db, club.id, input.athleteId.toLowerCase())
    : undefined;
  if (!athlete) refuseAthlete(input.athleteId);
  return athlete;
}

/** One page of the roster by family and given name; `q` keeps the athletes whose names hold each of its words. */
export async function clubRoster(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { clubId: string; q?: string; offset: number; limit: number },
): Promise<{ rows: ClubAthleteRecord[]; total: number }> {
  const club = await requireClubManager(deps.db, actor, input.clubId);
  return listClubAthletes(deps.db, club.id, {
    ...(input.q ? { q: input.q } : {}),
    offset: input.offset,
    limit: input.limit,
  });
}

function refuseAthlete(athleteId: string): never {
  refuse("not-found", `No athlete ${athleteId} in this club's roster.`);
}
