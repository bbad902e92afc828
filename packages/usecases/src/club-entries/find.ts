import {
  type ClubEntryListing,
  type ClubEntryRecord,
  clubEntryTarget,
  clubEntriesOfClub as entriesOfClub,
  findClubEntry,
  isUuid,
  participantsOf,
} from "@sports/db";
import { type Actor, type AthletePart, type Field, missingParts, refuse } from "@sports/domain";
import { requireClubManager } from "../clubs/managers.ts";
import type { Deps } from "../deps.ts";

/**
 * A club's entry for one of the club's managers (docs/decisions/068); `not-found` for anyone else and
 * for an id naming none (on `field` when the id came in one).
 */
export async function clubEntryFor(
  deps: Pick<Deps, "db">,
  actor: Actor,
  entryId: string,
  field?: Field,
): Promise<ClubEntryRecord> {
  const entry = isUuid(entryId) ? await findClubEntry(deps.db, entryId.toLowerCase()) : undefined;
  if (!entry) refuse("not-found", `No club entry ${entryId}.`, field ? { field } : {});
  await requireClubManager(deps.db, actor, entry.clubId, field);
  return entry;
}

/** The club's entries, newest first, for its managers (`not-found` for anyone else). */
export async function clubEntriesOfClub(
  deps: Pick<Deps, "db">,
  actor: Actor,
  clubId: string,
): Promise<ClubEntryListing[]> {
  const club = await requireClubManager(deps.db, actor, clubId);
  return entriesOfClub(deps.db, club.id);
}

/** A held entry's athlete still missing some of their own part. */
export interface MissingAthlete {
  participantId: string;
  givenName: string;
  familyName: string;
  email: string | null;
  missing: AthletePart[];
  /** When their link was last mailed; null when none was (no address, or not confirmed yet). */
  mailedAt: Date | null;
}

/**
 * The athletes of a held entry still missing part of what they give themselves by their link
 * (missingParts: consents, emergency contact, a certificate the event requires), in the entry's
 * order; none for an entry not held yet.
 */
export async function missingOf(deps: Pick<Deps, "db">, actor: Actor, entryId: string): Promise<MissingAthlete[]> {
  const entry = await clubEntryFor(deps, actor, entryId);
  if (!entry.signupId) return [];
  const [people, target] = await Promise.all([
    participantsOf(deps.db, [entry.signupId]),
    clubEntryTarget(deps.db, entry.appointmentId),
  ]);
  const certificateRequired = target !== undefined && target.event.medicalCertificate !== "none";
  return people.flatMap((person) => {
    const missing = missingParts({ ...person, certificateRequired });
    if (missing.length === 0) return [];
    const { id, givenName, familyName, email, athleteRemindedAt: mailedAt } = person;
    return [{ participantId: id, givenName, familyName, email, missing, mailedAt }];
  });
}
