import type { Gender } from "./accounts.ts";
import type { AthletePartName } from "./athletes.ts";

/**
 * A club's entries (docs/api.md "Club entries", docs/decisions/068): the athletes of a club previewed
 * row by row, then held at once as one signup of the club. The lists repeat the domain's
 * (packages/domain/src/club-entry-rows.ts), held equal by the API's contract test.
 */

export const CLUB_ENTRY_STATES = ["preview", "held"] as const;
export type ClubEntryStateName = (typeof CLUB_ENTRY_STATES)[number];

export const CLUB_ENTRY_SOURCES = ["roster", "file"] as const;
export type ClubEntrySourceName = (typeof CLUB_ENTRY_SOURCES)[number];

/** Why a row cannot be held: a participant's field checks, a card's, an athlete already signed up. */
export const CLUB_ENTRY_PROBLEM_CODES = [
  "required",
  "invalid-text",
  "too-long",
  "invalid-date",
  "invalid-gender",
  "invalid-nationality",
  "invalid-email",
  "invalid-phone",
  "birth-date-in-future",
  "birth-date-too-early",
  "too-young",
  "too-old",
  "wrong-gender",
  "tshirt-size-not-offered",
  "duplicate-row",
  "card-not-found",
  "card-expired",
  "card-name-mismatch",
  "already-signed-up",
] as const;
export type ClubEntryProblemCodeName = (typeof CLUB_ENTRY_PROBLEM_CODES)[number];

/** The media types a roster file is sent as (CSV, also as browsers label it, or an XLSX workbook). */
export const ROSTER_FILE_MEDIA_TYPES = [
  "text/csv",
  "text/plain",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/octet-stream",
] as const;

/** A row's athlete, as a participant's attributes. */
export interface ClubEntryParticipant {
  givenName: string | null;
  familyName: string | null;
  birthDate: string | null;
  gender: Gender | null;
  email: string | null;
  phone: string | null;
  nationality: string | null;
  club: string | null;
  federationCard: string | null;
  tshirtSize: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
}

export interface ClubEntryProblemAttributes {
  /** The participant's field; null: the row as a whole. */
  field: keyof ClubEntryParticipant | null;
  code: ClubEntryProblemCodeName;
  /** For `duplicate-row`: the earlier line it repeats. */
  sameAsLine?: number;
}

export interface ClubEntryRowAttributes {
  line: number;
  athleteId: string | null;
  participant: ClubEntryParticipant;
  problems: ClubEntryProblemAttributes[];
  category: string | null;
  certificate: "not-required" | "to-be-given";
}

/** A `club-entries` resource's attributes (the club's list leaves `rows` out). */
export interface ClubEntryAttributes {
  state: ClubEntryStateName;
  source: ClubEntrySourceName;
  createdAt: string;
  heldAt: string | null;
  summary: { rows: number; valid: number; withProblems: number };
  rows?: ClubEntryRowAttributes[];
}

/** A `missing-parts` resource's attributes: a held entry's athlete still missing some of their part. */
export interface MissingPartsAttributes {
  participantId: string;
  givenName: string;
  familyName: string;
  email: string | null;
  missing: AthletePartName[];
  /** When their link was last mailed (ISO 8601); null when none was. */
  mailedAt: string | null;
}
