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
export function replyWithApiError(submission: Submission<unknown>, error: unknown): SubmissionResult {
  if (!ApiError.is(error) || error.status >= 500) throw error;
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  if (error.status === 429) {
    formErrors.push(tooManyAttempts(error.headers.get("retry-after")));
  } else {
    for (const item of error.errors) {
      const field = fieldOf(item);
      const message = messageFor(error.status, item);
      if (field && field in submission.payload) fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
      else formErrors.push(message);
    }
  }
  return submission.reply({ formErrors, fieldErrors, hideFields: SECRET_FIELDS });
}

/** The form's own answer to a check it made itself, never echoing a password. */
export function replyWithErrors(submission: Submission<unknown>): SubmissionResult {
  return submission.reply({ hideFields: SECRET_FIELDS });
}

function fieldOf(error: ErrorObject): string | undefined {
  const pointer = error.source?.pointer;
  const match = pointer ? /^\/data\/attributes\/([^/]+)/.exec(pointer) : null;
  return match?.[1];
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
  return m.form_too_many_attempts({ minutes: String(minutes) });
}
