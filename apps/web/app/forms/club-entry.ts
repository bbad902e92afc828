import { PARTICIPANT_TEXT_LIMITS } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import { errorMessage } from "./messages.ts";

/*
 * A club entry's words for what is wrong (docs/decisions/068-club-entries.md): each problem of a
 * row of the preview at its field, the refusals of a new entry, of a row's fix and of the hold.
 */

/** What a row's problem is, at its field (`field`: its name, for a text's longest length). */
export function rowProblemMessage(problem: { code: string; field: string | null; sameAsLine?: number | undefined }) {
  switch (problem.code) {
    case "invalid-date":
      return m.club_entry_problem_invalid_date();
    case "invalid-gender":
      return m.club_entry_problem_invalid_gender();
    case "invalid-nationality":
      return m.club_entry_problem_invalid_nationality();
    case "invalid-text":
      return m.form_invalid_characters();
    case "too-long": {
      const max = (PARTICIPANT_TEXT_LIMITS as Record<string, number>)[problem.field ?? ""];
      return max ? m.form_too_long({ max: String(max) }) : m.club_entry_problem_too_long();
    }
    case "tshirt-size-not-offered":
      return m.club_entry_problem_tshirt_size();
    case "duplicate-row":
      return m.club_entry_problem_duplicate_row({ line: String(problem.sameAsLine ?? "") });
    case "card-not-found":
      return m.club_entry_problem_card_not_found();
    case "card-expired":
      return m.club_entry_problem_card_expired();
    case "card-name-mismatch":
      return m.club_entry_problem_card_name_mismatch();
    case "already-signed-up":
      return m.club_entry_problem_already_signed_up();
    default:
      // required, invalid-email, invalid-phone, the birth date's, age and gender: as a participant's form says them.
      return errorMessage(problem.code);
  }
}

/** Why a new entry was refused, at its field (`signup/club-entry.server.ts`, `createClubEntry`). */
export function newEntryMessage(code: string): string {
  switch (code) {
    case "required":
      return m.form_choose_option();
    case "roster-required":
      return m.club_entry_new_roster_required();
    case "unsupported-media-type":
    case "file-content-mismatch":
      return m.club_entry_new_file_type();
    case "empty-file":
      return m.form_file_empty();
    case "body-too-large":
    case "file-too-large":
    case "workbook-too-large":
      return m.form_file_too_large();
    case "too-many-athletes":
      return m.club_entry_new_too_many();
    case "not-found":
      return m.club_entry_new_not_found();
    case "invalid-relationship":
      return m.club_entry_new_athlete_gone();
    case "file-unreadable":
      return m.club_entry_new_unreadable();
    default: {
      const said = errorMessage(code);
      return said === m.form_invalid() ? m.club_entry_new_unreadable() : said;
    }
  }
}

/** Why the places were not held: too few left (how many), or as the signups' refusals say it. */
export function holdMessage(answer: { code: string; remaining?: number | undefined }): string {
  if (answer.code === "not-enough-places") return m.club_entry_hold_not_enough({ count: answer.remaining ?? 0 });
  if (answer.code === "waiting-line" || answer.code === "waiting-list") return m.club_entry_hold_waiting_line();
  if (answer.code === "no-valid-rows" || answer.code === "no-participants") return m.club_entry_hold_none();
  if (answer.code === "already-signed-up") return m.club_entry_hold_already_signed_up();
  return errorMessage(answer.code);
}
