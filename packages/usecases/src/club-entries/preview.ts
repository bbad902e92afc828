import {
  type ClubAthleteRecord,
  type ClubEntryRecord,
  type ClubEntryTarget,
  type ClubRecord,
  clubAthletesOf,
  type Database,
  insertClubEntry,
  isUuid,
} from "@sports/db";
import {
  type Actor,
  CLUB_ENTRY_MAX_ATHLETES,
  CLUB_ROSTER_MAX_BYTES,
  type FieldProblem,
  markRepeats,
  proposeRosterMapping,
  readRosterRows,
  readTimingCsv,
  refuse,
  refuseProblems,
  type TimingSheet,
  type UncheckedRow,
} from "@sports/domain";
import { requireClubManager } from "../clubs/managers.ts";
import type { Deps } from "../deps.ts";
import { timingFormatOf } from "../results/timing-table.ts";
import { readTimingXlsx } from "../results/timing-xlsx.ts";
import { checkRows, entryTarget, requireOpen, rowReading } from "./checks.ts";

/** The athletes of a club's entry: picked in its roster, or a roster file's bytes (CSV or XLSX). */
export type ClubEntryAthletes = { athletes: readonly string[] } | { file: Uint8Array };

export type PreviewClubEntryInput = { appointmentId: string; clubId: string } & ClubEntryAthletes;

const tooMany = (count: number) =>
  refuse(
    "too-many-athletes",
    `A club's entry holds at most ${CLUB_ENTRY_MAX_ATHLETES} athletes, not ${count}: enter the others as another entry.`,
    { meta: { max: CLUB_ENTRY_MAX_ATHLETES } },
  );

/**
 * A club's entry previewed (docs/decisions/068), by one of the club's managers, for an appointment
 * that takes signups now (`not-found`, `not-open`, `closed` as a runner's hold): each athlete as a
 * row checked as a participant would be, its federation card against the event's lists, whether the
 * athlete is signed up already, the category and where the certificate stands. The athletes come
 * from the roster (an id the club's roster lacks is `invalid-relationship` at its place in
 * `athletes`) or from a roster file read as decision 067 says (`file-too-large` past 5 MB,
 * `file-unreadable` for a file whose header names no given and family name or with no athlete);
 * at most 500 (`too-many-athletes`). Only the entry is written: no place is held.
 */
export async function previewClubEntry(
  deps: Deps,
  actor: Actor,
  input: PreviewClubEntryInput,
): Promise<ClubEntryRecord> {
  const { db, now } = deps;
  const club = await requireClubManager(
    db,
    actor,
    input.clubId,
    "file" in input ? undefined : { relationship: "club" },
  );
  if (actor.kind !== "user") throw new Error("A club's manager is a person.");
  const target = await entryTarget(db, input.appointmentId);
  requireOpen(target, now);
  const rows =
    "file" in input
      ? fileRows(club, target, await rosterSheet(input.file), now)
      : await rosterRows(db, club, input.athletes);
  if (rows.length > CLUB_ENTRY_MAX_ATHLETES) tooMany(rows.length);
  const checked = markRepeats(await checkRows(db, target, rows, now));
  return insertClubEntry(db, {
    clubId: club.id,
    appointmentId: target.appointment.id,
    createdBy: actor.userId,
    source: "file" in input ? "file" : "roster",
    rows: checked,
    at: now,
  });
}

/** The athletes picked in the club's roster, one row each in the order given. */
async function rosterRows(db: Database, club: ClubRecord, ids: readonly string[]): Promise<UncheckedRow[]> {
  if (ids.length === 0)
    refuseProblems([{ attribute: "athletes", code: "required", detail: "Pick at least one athlete." }]);
  if (ids.length > CLUB_ENTRY_MAX_ATHLETES) tooMany(ids.length);
  const found = new Map(
    (
      await clubAthletesOf(
        db,
        club.id,
        ids.filter(isUuid).map((id) => id.toLowerCase()),
      )
    ).map((athlete) => [athlete.id, athlete]),
  );
  const unknown: FieldProblem[] = ids.flatMap((id, index) =>
    isUuid(id) && found.has(id.toLowerCase())
      ? []
      : [
          {
            attribute: `athletes/${index}`,
            code: "invalid-relationship",
            detail: `No athlete ${id} in the club's roster.`,
          },
        ],
  );
  if (unknown.length > 0)
    refuse("invalid-relationship", "Some athletes are not in the club's roster.", { problems: unknown });
  return ids.map((id, index) => {
    const athlete = found.get(id.toLowerCase()) as ClubAthleteRecord;
    const { givenName, familyName, birthDate, gender, email, phone, nationality, federationCard, tshirtSize } = athlete;
    const { emergencyContactName, emergencyContactPhone } = athlete;
    return {
      line: index + 1,
      athleteId: athlete.id,
      participant: {
        ...{ givenName, familyName, birthDate, gender, email, phone, nationality, club: club.name },
        ...{ federationCard, tshirtSize, emergencyContactName, emergencyContactPhone },
      },
      unreadable: [],
    };
  });
}

/** A roster file's table: an XLSX workbook's first sheet with data, or a CSV file. */
async function rosterSheet(bytes: Uint8Array): Promise<TimingSheet> {
  if (bytes.length > CLUB_ROSTER_MAX_BYTES) refuse("file-too-large", "A roster file may be at most 5 MB.");
  const sheet = timingFormatOf(bytes) === "xlsx" ? await readTimingXlsx(bytes) : readTimingCsv(bytes);
  if (sheet.columns.length === 0 || sheet.rows.length === 0)
    refuse("file-unreadable", "The file has no header row with athletes under it: send the roster as CSV or XLSX.");
  return sheet;
}

/** The file's athletes, one row each with its line, read through the columns its header names. */
function fileRows(club: ClubRecord, target: ClubEntryTarget, sheet: TimingSheet, now: Date): UncheckedRow[] {
  const mapping = proposeRosterMapping(sheet);
  if (mapping.givenName === undefined || mapping.familyName === undefined)
    refuse(
      "file-unreadable",
      "The file's header names no column for the given name (Nome, First name) and the family name (Cognome, Last name).",
    );
  const rows = readRosterRows(sheet, mapping, rowReading(target, now));
  if (rows.length === 0) refuse("file-unreadable", "The file has no athlete under its header.");
  if (rows.length > CLUB_ENTRY_MAX_ATHLETES) tooMany(rows.length);
  return rows.map(({ line, participant, unreadable }) => ({
    line,
    athleteId: null,
    participant: { ...participant, club: participant.club ?? club.name },
    unreadable,
  }));
}
