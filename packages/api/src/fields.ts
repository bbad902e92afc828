import { birthDateProblem, EARLIEST_BIRTH_DATE, isOneLineText, isPlausiblePhone, PHONE_DIGITS } from "@sports/jsonapi";
import { z } from "zod";

/**
 * The shapes of the values people type, as request bodies are read with them: the rules are
 * packages/jsonapi/src/field-rules.ts, shared with the site's forms; these give each its error code.
 */

/**
 * Text fields: trimmed, bounded, and one line of plain text (`isOneLineText` in packages/jsonapi:
 * no control character, NUL, tab and line breaks included, no direction override). No field the API
 * takes is multi-line; one that is would need its own rule for its line breaks.
 */
export function plainText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .refine(isOneLineText, {
      message: "Use one line of plain text: no line breaks, tabs, or other control or text-direction characters.",
      params: { code: "invalid-characters" },
    });
}

/**
 * A phone number (`isPlausiblePhone` in packages/jsonapi), checked once it is one line of text; ""
 * passes, for an optional field to clear.
 */
export function phoneNumber(max: number) {
  return plainText(max).pipe(
    z.string().refine((value) => value === "" || isPlausiblePhone(value), {
      message: `Enter a phone number of ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits, such as +39 051 123456: digits, a leading +, and spaces, dots, hyphens, slashes or parentheses between them.`,
      params: { code: "invalid-phone" },
    }),
  );
}

/** A calendar day, `YYYY-MM-DD`, as the database stores it: from 0001-01-01 (it has no year 0000). */
export function calendarDay() {
  return z.iso.date().refine((value) => !value.startsWith("0000-"), {
    message: "Give a day from 0001-01-01 on.",
    params: { code: "invalid-format" },
  });
}

/**
 * A birth date: a calendar day from EARLIEST_BIRTH_DATE to today by the request's clock `now`
 * (`birthDateProblem` in packages/jsonapi); a malformed day is only `invalid-format`. A schema with
 * this field is built per request, for its clock.
 */
export function plausibleBirthDate(now: Date) {
  return calendarDay().pipe(
    z.string().superRefine((value, context) => {
      const problem = birthDateProblem(value, now);
      if (!problem) return;
      const message =
        problem === "birth-date-in-future"
          ? "A birth date cannot be in the future."
          : `Give a birth date from ${EARLIEST_BIRTH_DATE} on.`;
      context.addIssue({ code: "custom", message, params: { code: problem } });
    }),
  );
}
