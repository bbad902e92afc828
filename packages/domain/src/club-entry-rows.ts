/**
 * A club's entry's rows (docs/decisions/068): each athlete checked as a roster's row is (roster.ts),
 * then against what only the event's records tell (the federation card against its lists, the
 * athlete already in a live signup of the appointment), with where their certificate stands; rows
 * fixed in place and checked again.
 */
import type { Event } from "./entities.ts";
import { CARD_PROBLEMS, type CardProblem } from "./federation-cards.ts";
import {
  athleteKeys,
  checkRosterRow,
  ROSTER_FIELDS,
  ROSTER_PROBLEM_CODES,
  type RosterField,
  type RosterMapping,
  type RosterParticipant,
  type RosterReading,
  type RosterRow,
  type RosterRules,
  readRosterRows,
  repeatedRows,
} from "./roster.ts";

/** A preview, until its valid rows are held as one signup of the club. */
export const CLUB_ENTRY_STATES = ["preview", "held"] as const;
export type ClubEntryState = (typeof CLUB_ENTRY_STATES)[number];

/** Where the rows came from: athletes picked in the club's roster, or a roster file. */
export const CLUB_ENTRY_SOURCES = ["roster", "file"] as const;
export type ClubEntrySource = (typeof CLUB_ENTRY_SOURCES)[number];

/** Why a row cannot be held: a roster's problems, a card's, or an athlete signed up already. */
export const CLUB_ENTRY_PROBLEM_CODES = [...ROSTER_PROBLEM_CODES, ...CARD_PROBLEMS, "already-signed-up"] as const;
export type ClubEntryProblemCode = (typeof CLUB_ENTRY_PROBLEM_CODES)[number];

/** A row's problem: its field (null: the row as a whole), and for a repeated row the line it repeats. */
export interface ClubEntryProblem {
  field: RosterField | null;
  code: ClubEntryProblemCode;
  sameAsLine?: number;
}

/** Where an athlete's certificate stands: the event asks none, or the athlete gives it by their link. */
export type CertificateStanding = "not-required" | "to-be-given";

/** One athlete of an entry, as previewed and checked. */
export interface ClubEntryRow {
  /** Its line in the file, or its place in the athletes picked (from 1). */
  line: number;
  /** The roster's athlete it is (picked, or once held, written into the roster); null: not yet in it. */
  athleteId: string | null;
  participant: RosterParticipant;
  /** Cells of the file that could not be read, as written, until their field is fixed. */
  unreadable: RosterRow["unreadable"];
  /** None: the row is held with the others. */
  problems: ClubEntryProblem[];
  category: string | null;
  certificate: CertificateStanding;
}

/** A row before its check. */
export type UncheckedRow = Pick<ClubEntryRow, "line" | "athleteId" | "participant" | "unreadable">;

/**
 * The fields asked of each athlete: those a signup asks of a participant
 * (packages/usecases/src/signups/participants.ts), but for the athlete's own part, given later by
 * their link: the emergency contact, the consents and the certificate.
 */
export function clubEntryRequired(event: Pick<Event, "federationCardRequired" | "tshirtSizes">): Set<RosterField> {
  const required = new Set<RosterField>(["birthDate", "gender", "email"]);
  if (event.federationCardRequired) required.add("federationCard");
  if (event.tshirtSizes.length > 0) required.add("tshirtSize");
  return required;
}

/** Where the certificate of each of the event's athletes stands when entered. */
export function certificateStanding(event: Pick<Event, "medicalCertificate">): CertificateStanding {
  return event.medicalCertificate === "none" ? "not-required" : "to-be-given";
}

/** What the event's records say of a row: its card's problem, and whether its athlete is entered already. */
export interface RowRecords {
  card: CardProblem | null;
  signedUp: boolean;
}

/**
 * A row checked: its fields and eligibility as a roster's row (checkRosterRow; repeats are
 * markRepeats'), its card's problem unless its card is wrong as typed, `already-signed-up`.
 */
export function checkEntryRow(
  row: UncheckedRow,
  rules: RosterRules,
  records: RowRecords,
  certificate: CertificateStanding,
): ClubEntryRow {
  const check = checkRosterRow(row, rules);
  const problems: ClubEntryProblem[] = [...check.problems];
  if (records.card && !problems.some((problem) => problem.field === "federationCard"))
    problems.push({ field: "federationCard", code: records.card });
  if (records.signedUp) problems.push({ field: null, code: "already-signed-up" });
  return { ...row, problems, category: check.category, certificate };
}

/** The rows with `duplicate-row` where each repeats an earlier one (repeatedRows), and nowhere else. */
export function markRepeats(rows: readonly ClubEntryRow[]): ClubEntryRow[] {
  const repeated = repeatedRows(rows);
  return rows.map((row) => {
    const problems = row.problems.filter((problem) => problem.code !== "duplicate-row");
    const first = repeated.get(row.line);
    if (first !== undefined) problems.push({ field: null, code: "duplicate-row", sameAsLine: first });
    return { ...row, problems };
  });
}

/** The lines whose athlete is one of `entered`, by name and birth date or by card (athleteKeys). */
export function enteredLines(
  rows: readonly Pick<ClubEntryRow, "line" | "participant">[],
  entered: readonly Parameters<typeof athleteKeys>[0][],
): Set<number> {
  const keys = new Set(entered.flatMap(athleteKeys));
  return new Set(
    rows.filter((row) => athleteKeys(row.participant).some((key) => keys.has(key))).map((row) => row.line),
  );
}

/** A row's fields as a fix gives them: each given one as typed (null or "" clears it). */
export type RowChange = Partial<Record<RosterField, string | null>>;

/**
 * A row with the fields of `change` replaced, each read and tidied as a file's cell is
 * (readRosterRows: a birth date as written in Italy or ISO, a gender in either language…); what
 * cannot be read is kept among the row's unreadable cells, in place of what was there.
 */
export function changedRow(row: UncheckedRow, change: RowChange, reading: RosterReading): UncheckedRow {
  const fields = ROSTER_FIELDS.filter((field) => change[field] !== undefined);
  const mapping: RosterMapping = Object.fromEntries(fields.map((field, index) => [field, index]));
  const cells = fields.map((field) => change[field] ?? "");
  const [read] = readRosterRows({ rows: [{ line: row.line, cells }] }, mapping, reading);
  const participant = { ...row.participant };
  for (const field of fields) Object.assign(participant, { [field]: read?.participant[field] ?? null });
  const unreadable = [...row.unreadable.filter((cell) => !fields.includes(cell.field)), ...(read?.unreadable ?? [])];
  return { ...row, participant, unreadable };
}

/** An entry's rows counted: all, the valid ones (no problem: held), those with problems. */
export function entrySummary(rows: readonly Pick<ClubEntryRow, "problems">[]): {
  rows: number;
  valid: number;
  withProblems: number;
} {
  const valid = rows.filter((row) => row.problems.length === 0).length;
  return { rows: rows.length, valid, withProblems: rows.length - valid };
}
