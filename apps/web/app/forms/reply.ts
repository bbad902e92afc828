import type { Submission, SubmissionResult } from "@conform-to/react";
import { ApiError, type ErrorObject } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import { errorMessage } from "./messages.ts";

/** Fields whose values never travel back to the page, whatever the answer. */
export const SECRET_FIELDS = ["password", "currentPassword", "newPassword", "confirmPassword"];

/**
 * A form action's answer when the API refused the change: each error next to the field its pointer
 * names (`/data/attributes/email` → `email`), the others above the form, a throttle as "try again in
 * N minutes". Anything that is not a refusal (the API down, a bug) is thrown on to the error page.
 * Passwords are never sent back.
 */
export function replyWithApiError(
  submission: Submission<unknown>,
  error: unknown,
  options: ApiErrorOptions = {},
): SubmissionResult {
  if (!ApiError.is(error) || error.status >= 500) throw error;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  if (error.status === 429) {
    formErrors.push(tooManyAttempts(error.headers.get("retry-after")));
  } else {
    for (const item of error.errors) {
      const field = fieldOf(item, submission.payload, options.list);
      const override = item.code ? options.messages?.[item.code] : undefined;
      const message = override ? override() : messageFor(error.status, item);
      if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
      else formErrors.push(message);
    }
  }
  return submission.reply({ formErrors, fieldErrors, hideFields: SECRET_FIELDS });
}

export interface ApiErrorOptions {
  /**
   * For a form that sends a collection (`{ data: [ … ] }`): the list field its items live in, so
   * `/data/1/attributes/birthDate` lands on `participants[1].birthDate`.
   */
  list?: string;
  /** Words of this form for some codes (a sold-out room is not a sold-out race). */
  messages?: Record<string, () => string>;
}

/** The form's own answer to a check it made itself, never echoing a password. */
export function replyWithErrors(submission: Submission<unknown>): SubmissionResult {
  return submission.reply({ hideFields: SECRET_FIELDS });
}

/** The submitted field an error's pointer names, if the form has it; else the error is the form's. */
function fieldOf(error: ErrorObject, payload: Record<string, unknown>, list: string | undefined): string | undefined {
  const pointer = error.source?.pointer ?? "";
  const single = /^\/data\/attributes\/([^/]+)/.exec(pointer);
  if (single?.[1]) return single[1] in payload ? single[1] : undefined;
  const item = /^\/data\/(\d+)\/attributes\/([^/]+)/.exec(pointer);
  if (!list || !item?.[1] || !item[2]) return undefined;
  // Every attribute of a listed item is a field of the form (a file input too, sent empty).
  const items = payload[list];
  return Array.isArray(items) && Number(item[1]) < items.length ? `${list}[${item[1]}].${item[2]}` : undefined;
}

function messageFor(status: number, error: ErrorObject): string {
  if (error.code === "invalid-credentials") return m.form_invalid_credentials();
  if (error.code === "invalid-token") return m.form_link_not_valid();
  if (error.code === "cross-site-request") return m.form_cross_site();
  if (status === 401) return m.form_session_ended();
  return errorMessage(error.code ?? "invalid");
}

function tooManyAttempts(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
  return m.form_too_many_attempts({ minutes });
}
