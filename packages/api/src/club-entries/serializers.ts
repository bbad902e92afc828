import { entrySummary } from "@sports/domain";
import type { ClubEntryAttributes, MissingPartsAttributes, ResourceObject } from "@sports/jsonapi";
import type { ClubEntryListing, ClubEntryRecord, MissingAthlete } from "@sports/usecases";

type ClubEntryResource = ResourceObject<"club-entries", ClubEntryAttributes>;

/** What every `club-entries` resource says besides its rows. */
function entryParts(entry: ClubEntryListing | ClubEntryRecord) {
  return {
    type: "club-entries" as const,
    id: entry.id,
    relationships: {
      club: { data: { type: "clubs", id: entry.clubId } },
      appointment: { data: { type: "appointments", id: entry.appointmentId } },
      signup: { data: entry.signupId ? { type: "signups", id: entry.signupId } : null },
    },
    links: { self: `/api/club-entries/${entry.id}` },
  };
}

/** A club's entry with its rows, each with its problems (the cells that could not be read stay inside). */
export function clubEntryResource(entry: ClubEntryRecord): ClubEntryResource {
  return {
    ...entryParts(entry),
    attributes: {
      state: entry.state,
      source: entry.source,
      createdAt: entry.createdAt.toISOString(),
      heldAt: entry.heldAt?.toISOString() ?? null,
      summary: entrySummary(entry.rows),
      rows: entry.rows.map(({ unreadable: _, ...row }) => row),
    },
  };
}

/** A club's entry as the club's list shows it: its rows counted, not given. */
export function clubEntryListingResource(entry: ClubEntryListing): ClubEntryResource {
  const { rows, valid } = entry.summary;
  return {
    ...entryParts(entry),
    attributes: {
      state: entry.state,
      source: entry.source,
      createdAt: entry.createdAt.toISOString(),
      heldAt: entry.heldAt?.toISOString() ?? null,
      summary: { rows, valid, withProblems: rows - valid },
    },
  };
}

/** A held entry's athlete still missing some of their own part. */
export function missingPartsResource(athlete: MissingAthlete): ResourceObject<"missing-parts", MissingPartsAttributes> {
  return {
    type: "missing-parts",
    id: athlete.participantId,
    attributes: { ...athlete, mailedAt: athlete.mailedAt?.toISOString() ?? null },
  };
}
