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
      const field = fieldOf(item, submission.payload, options);
      const code = item.code ?? "";
      const override = (field ? options.fieldMessages?.[field]?.[code] : undefined) ?? options.messages?.[code];
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
  /** Words of this form for a code on one of its fields (`slug`: its `invalid-format`). */
  fieldMessages?: Record<string, Record<string, () => string>>;
  /**
   * The form's field for what the API calls otherwise, by the pointer's path written as a field's
   * name (`priceTiers[0].amount` is the new appointment's `price`); also a field the form has but
   * may not send (no box of a group ticked), named as itself.
   */
  fields?: Record<string, string>;
}

/** The form's own answer to a check it made itself, never echoing a password. */
export function replyWithErrors(submission: Submission<unknown>): SubmissionResult {
  return submission.reply({ hideFields: SECRET_FIELDS });
}

/**
 * The submitted field an error's pointer names, if the form has it; else the error is the form's.
 * The deepest part of the pointer the form has: `/data/attributes/priceTiers/1/amount` is the field
 * `priceTiers[1].amount`, `/data/attributes/tshirtSizes/2` the field `tshirtSizes` that lists them.
 */
function fieldOf(error: ErrorObject, payload: Record<string, unknown>, options: ApiErrorOptions): string | undefined {
  const pointer = error.source?.pointer ?? "";
  const item = /^\/data\/(\d+)\/attributes\/([^/]+)/.exec(pointer);
  if (item?.[1] && item[2]) {
    const { list } = options;
    // Every attribute of a listed item is a field of the form (a file input too, sent empty).
    const items = list ? payload[list] : undefined;
    return Array.isArray(items) && Number(item[1]) < items.length ? `${list}[${item[1]}].${item[2]}` : undefined;
  }
  const path = /^\/data\/attributes\/(.+)$/.exec(pointer)?.[1]?.split("/") ?? [];
  for (let length = path.length; length > 0; length--) {
    const name = fieldName(path.slice(0, length));
    const renamed = options.fields?.[name];
    if (renamed) return renamed;
    if (valueAt(payload, path.slice(0, length)) !== undefined) return name;
  }
  return undefined;
}

/** A path as a form's field name: `["priceTiers", "1", "amount"]` is `priceTiers[1].amount`. */
const fieldName = (path: string[]) =>
  path.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), "");

function valueAt(payload: unknown, path: string[]): unknown {
  let value = payload;
  for (const part of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function messageFor(status: number, error: ErrorObject): string {
  if (error.code === "invalid-credentials") return m.form_invalid_credentials();
  if (error.code === "invalid-token") return m.form_link_not_valid();
  if (error.code === "cross-site-request") return m.form_cross_site();
  if (status === 401) return m.form_session_ended();
  // A bound the API names (`number-too-small` with `meta.min`) is said with it.
  const meta = (error.meta ?? {}) as { min?: unknown; max?: unknown };
  return errorMessage(error.code ?? "invalid", {
    ...(typeof meta.min === "number" ? { min: meta.min } : {}),
    ...(typeof meta.max === "number" ? { max: meta.max } : {}),
  });
}

function tooManyAttempts(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
  return m.form_too_many_attempts({ minutes });
}
