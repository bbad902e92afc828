import { EARLIEST_BIRTH_DATE, PHONE_DIGITS } from "@sports/jsonapi";
import type { z } from "zod";
import * as m from "../paraglide/messages.js";

/**
 * What to fix, in the visitor's language, for each error code the API answers (`errors[].code`)
 * and for the checks the site's own forms make before asking it. One list, so a field shows the
 * same words whether the browser or the API found the problem.
 */
export function errorMessage(code: string, detail?: { min?: number; max?: number }): string {
  return (
    accountMessage(code, detail) ??
    signupMessage(code) ??
    billingMessage(code) ??
    consoleMessage(code) ??
    m.form_invalid()
  );
}

function accountMessage(code: string, detail?: { min?: number; max?: number }): string | undefined {
  switch (code) {
    case "required":
      return m.form_required();
    case "too-short":
      // An empty text is too short by one character: it is missing.
      return detail?.min !== undefined && detail.min <= 1
        ? m.form_required()
        : m.form_too_short({ min: String(detail?.min ?? "") });
    case "too-long":
      return m.form_too_long({ max: String(detail?.max ?? "") });
    case "invalid-email":
      return m.form_invalid_email();
    case "invalid-characters":
      return m.form_invalid_characters();
    case "invalid-phone":
      return m.form_invalid_phone({ min: String(PHONE_DIGITS.min), max: String(PHONE_DIGITS.max) });
    case "birth-date-in-future":
      return m.form_birth_date_in_future();
    case "birth-date-too-early":
      return m.form_birth_date_too_early({ year: EARLIEST_BIRTH_DATE.slice(0, 4) });
    case "email-taken":
      return m.form_email_taken();
    case "password-too-short":
      return m.form_password_too_short({ min: String(detail?.min ?? 8) });
    case "password-too-long":
      return m.form_too_long({ max: String(detail?.max ?? 256) });
    case "password-common":
      return m.form_password_common();
    case "password-contains-email":
      return m.form_password_contains_email();
    case "wrong-password":
      return m.form_wrong_password();
    case "terms-required":
      return m.form_terms_required();
    case "confirm-required":
      return m.form_confirm_required();
    case "number-too-small":
      return m.form_number_too_small({ min: String(detail?.min ?? "") });
    case "number-too-big":
      return m.form_number_too_big({ max: String(detail?.max ?? "") });
    default:
      return undefined;
  }
}

/** The signup's codes: the participants' checks, the files, the stays and the refusals of the domain. */
function signupMessage(code: string): string | undefined {
  const messages: Record<string, () => string> = {
    "too-young": m.form_too_young,
    "too-old": m.form_too_old,
    "birth-date-required": m.form_birth_date_required,
    "gender-required": m.form_gender_required,
    "wrong-gender": m.form_wrong_gender,
    "card-not-found": m.form_card_not_found,
    "card-expired": m.form_card_expired,
    "card-name-mismatch": m.form_card_name_mismatch,
    "certificate-required": m.form_certificate_required,
    "certificate-expired": m.form_certificate_expired,
    "invalid-certificate": m.form_invalid_certificate,
    "invalid-value": m.form_choose_option,
    // A club's managers (docs/api.md "Clubs").
    "already-manager": m.form_already_manager,
    "body-too-large": m.form_file_too_large,
    "unsupported-media-type": m.form_file_type,
    "file-content-mismatch": m.form_file_mismatch,
    "certificate-active-content": m.form_certificate_active_content,
    "empty-file": m.form_file_empty,
    "participant-terms-required": m.form_participant_terms_required,
    "privacy-required": m.form_privacy_required,
    "signup-terms-required": m.form_signup_terms_required,
    "payment-method-required": m.form_payment_method_required,
    "night-not-offered": m.form_night_not_offered,
    "check-out-before-check-in": m.form_check_out_before_check_in,
    "check-out-not-offered": m.form_check_out_not_offered,
    "too-many-rooms": m.form_too_many_rooms,
    "too-many-guests": m.form_too_many_guests,
    "out-of-range": m.form_out_of_range,
    duplicate: m.form_duplicate_room,
    "sold-out": m.signup_refused_sold_out,
    "not-open": m.signup_refused_not_open,
    closed: m.signup_refused_closed,
    "not-eligible": m.signup_refused_not_eligible,
    "too-many-participants": m.signup_refused_too_many,
    "too-many": m.signup_refused_too_many,
    "no-participants": m.signup_refused_no_participants,
    "hold-lapsed": m.signup_refused_hold_lapsed,
    "wrong-state": m.signup_refused_wrong_state,
    "not-offered": m.form_method_not_offered,
    "not-cancellable": m.signup_refused_not_cancellable,
    "transfers-closed": m.form_transfers_closed,
    "already-checked-in": m.form_already_checked_in,
    unavailable: m.signup_refused_unavailable,
  };
  return messages[code]?.();
}

/**
 * The billing details' codes (`BILLING_FIELD_CODES` of the API's contract, but `required`): a
 * buyer's name, fiscal codes, address, recipient code and PEC, at the recap and on the profile.
 */
function billingMessage(code: string): string | undefined {
  const messages: Record<string, () => string> = {
    "full-name-required": m.form_billing_full_name_required,
    "vat-or-tax-code-required": m.form_billing_vat_or_tax_code_required,
    "vat-number-shape": m.form_billing_vat_number_shape,
    "vat-number-check-digit": m.form_billing_vat_number_check_digit,
    "tax-code-shape": m.form_billing_tax_code_shape,
    "tax-code-check-character": m.form_billing_tax_code_check_character,
    "tax-code-check-digit": m.form_billing_tax_code_check_digit,
    "country-shape": m.form_billing_country_shape,
    "postal-code-shape": m.form_billing_postal_code_shape,
    "province-shape": m.form_billing_province_shape,
    "recipient-code-shape": m.form_billing_recipient_code_shape,
    "recipient-code-foreign-only": m.form_billing_recipient_code_foreign_only,
    "recipient-code-foreign": m.form_billing_recipient_code_foreign,
    "pec-shape": m.form_billing_pec_shape,
  };
  return messages[code]?.();
}

/** The console's codes: its forms' own checks, and the rules the API holds the catalogue to. */
function consoleMessage(code: string): string | undefined {
  const messages: Record<string, () => string> = {
    "invalid-slug": m.form_invalid_slug,
    "slug-taken": m.form_slug_taken,
    "title-required": m.form_title_required,
    "invalid-country": m.form_invalid_country,
    "invalid-time-zone": m.form_invalid_time_zone,
    "invalid-currency": m.form_invalid_currency,
    "invalid-amount": m.form_invalid_amount,
    "invalid-moment": m.form_invalid_moment,
    "invalid-date": m.form_invalid_date,
    "not-a-number": m.form_not_a_number,
    "not-whole": m.form_not_whole,
    "reminder-days": m.console_event_reminder_days_invalid,
    "before-start": m.form_before_start,
    "below-min-age": m.form_below_min_age,
    "coordinates-incomplete": m.form_coordinates_incomplete,
    "before-opening": m.form_before_opening,
    "room-incomplete": m.form_room_incomplete,
    "opening-required": m.form_room_opening_required,
    "bibs-incomplete": m.form_bibs_incomplete,
    "below-first-bib": m.form_below_first_bib,
    "before-first-night": m.form_before_first_night,
    "capacity-below-taken": m.form_capacity_below_taken,
    "rooms-below-booked": m.form_rooms_below_booked,
    "tiers-required": m.form_tiers_required,
    "one-open-tier": m.form_one_open_tier,
    "invalid-discount-code": m.form_invalid_discount_code,
    "percent-out-of-range": m.form_percent_out_of_range,
    "before-valid-from": m.form_before_valid_from,
    // A race's results (forms/console-results.ts, docs/api.md "Results").
    "invalid-time": m.console_results_error_time,
    "mapping-bib-required": m.console_results_error_bib_column,
    "mapping-time-required": m.console_results_error_time_column,
    "invalid-mapping": m.console_results_error_mapping,
    "nothing-changed": m.console_results_error_nothing_changed,
    "bands-required": m.console_results_error_bands_required,
    "results-published": m.console_results_error_published,
  };
  return messages[code]?.();
}

/**
 * Zod's issues as the messages above: passed to `parseWithZod`, so the schemas stay plain and every
 * message is built when the form is checked, in the language of that moment.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  // A check of the form's own names its code, and the bound it holds to if any (`{ code, max }`).
  if (issue.code === "custom" && typeof issue.params?.code === "string")
    return errorMessage(issue.params.code, issue.params as { min?: number; max?: number });
  if (issue.code === "invalid_type" && (issue.input === undefined || issue.input === ""))
    return errorMessage("required");
  // A number typed as something else (`abc`), or a whole one with decimals.
  if (issue.code === "invalid_type" && issue.expected === "number") return errorMessage("not-a-number");
  if (issue.code === "invalid_type" && issue.expected === "int") return errorMessage("not-whole");
  if (issue.code === "too_small" && issue.origin === "string")
    return Number(issue.minimum) <= 1
      ? errorMessage("required")
      : errorMessage("too-short", { min: Number(issue.minimum) });
  if (issue.code === "too_big" && issue.origin === "string")
    return errorMessage("too-long", { max: Number(issue.maximum) });
  if (issue.code === "too_small" && issue.origin === "number")
    return errorMessage("number-too-small", { min: Number(issue.minimum) });
  if (issue.code === "too_big" && issue.origin === "number")
    return errorMessage("number-too-big", { max: Number(issue.maximum) });
  if (issue.code === "invalid_value") return errorMessage(issue.input === undefined ? "required" : "invalid-value");
  return errorMessage("invalid");
};
