import type { Submission, SubmissionResult } from "@conform-to/react";
import { ApiError } from "@sports/jsonapi";
import { type ApiErrorOptions, replyWithApiError } from "../forms/reply.ts";
import { refusalAnswer } from "../lib/api.ts";
import * as m from "../paraglide/messages.js";

/** What the API's general codes mean on the catalogue's fields (`invalid-format` of a slug is its rule). */
const CATALOGUE_FIELD_MESSAGES: NonNullable<ApiErrorOptions["fieldMessages"]> = {
  slug: { "invalid-format": m.form_invalid_slug },
  title: { required: m.form_title_required },
  timeZone: { "invalid-value": m.form_invalid_time_zone },
  "venue.country": { "invalid-format": m.form_invalid_country },
  currency: { "invalid-format": m.form_invalid_currency },
  startsAt: { "invalid-format": m.form_invalid_moment },
  endsAt: { "invalid-format": m.form_invalid_moment },
  signupOpensAt: { "invalid-format": m.form_invalid_moment },
  signupClosesAt: { "invalid-format": m.form_invalid_moment },
  signupDeadline: { "invalid-format": m.form_invalid_moment },
  firstNight: { "invalid-format": m.form_invalid_date },
  lastNight: { "invalid-format": m.form_invalid_date },
  certificateReminderDays: {
    "number-too-small": m.console_event_reminder_days_invalid,
    "number-too-big": m.console_event_reminder_days_invalid,
    "too-long": m.console_event_reminder_days_invalid,
    "invalid-value": m.console_event_reminder_days_invalid,
  },
};

/**
 * A console form's answer when the API refused it (400, 409, 422): each problem at the field its
 * pointer names, in the page's language (forms/reply.ts). Any other refusal is answered as a page
 * (`refusalAnswer`: not authorised, not found), anything else thrown on to the error page.
 */
export function consoleReply(
  submission: Submission<unknown>,
  error: unknown,
  prefix: string,
  options: ApiErrorOptions = {},
): SubmissionResult {
  if (!ApiError.is(error) || ![400, 409, 422].includes(error.status)) throw refusalAnswer(error, prefix);
  return replyWithApiError(submission, error, {
    ...options,
    fieldMessages: { ...CATALOGUE_FIELD_MESSAGES, ...options.fieldMessages },
  });
}

/**
 * The message of a refusal that is no field's (a deletion while places or rooms are taken), by its
 * code, in the page's language; other refusals are answered as `refusalAnswer` says.
 */
export function refusalMessage(error: unknown, prefix: string, messages: Record<string, () => string>): string {
  const code = ApiError.is(error) && error.status === 409 ? error.errors[0]?.code : undefined;
  const message = code ? messages[code] : undefined;
  if (!message) throw refusalAnswer(error, prefix);
  return message();
}
