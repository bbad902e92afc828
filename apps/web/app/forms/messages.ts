import type { z } from "zod";
import * as m from "../paraglide/messages.js";

/**
 * What to fix, in the visitor's language, for each error code the API answers (`errors[].code`)
 * and for the checks the site's own forms make before asking it. One list, so a field shows the
 * same words whether the browser or the API found the problem.
 */
export function errorMessage(code: string, detail?: { min?: number; max?: number }): string {
  switch (code) {
    case "required":
      return m.form_required();
    case "too-short":
      return m.form_too_short({ min: String(detail?.min ?? "") });
    case "too-long":
      return m.form_too_long({ max: String(detail?.max ?? "") });
    case "invalid-email":
      return m.form_invalid_email();
    case "invalid-characters":
      return m.form_invalid_characters();
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
    default:
      return m.form_invalid();
  }
}

/**
 * Zod's issues as the messages above: passed to `parseWithZod`, so the schemas stay plain and every
 * message is built when the form is checked, in the language of that moment.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "custom" && typeof issue.params?.code === "string") return errorMessage(issue.params.code);
  if (issue.code === "invalid_type" && (issue.input === undefined || issue.input === ""))
    return errorMessage("required");
  if (issue.code === "too_small" && issue.origin === "string")
    return Number(issue.minimum) <= 1
      ? errorMessage("required")
      : errorMessage("too-short", { min: Number(issue.minimum) });
  if (issue.code === "too_big" && issue.origin === "string")
    return errorMessage("too-long", { max: Number(issue.maximum) });
  return errorMessage("invalid");
};
