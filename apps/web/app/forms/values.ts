import { birthDateProblem, isOneLineText, isPlausiblePhone } from "@sports/jsonapi";
import { z } from "./zod.ts";

/**
 * The texts, phone numbers and birth dates of the site's forms, checked by the API's own rules
 * (packages/jsonapi/src/field-rules.ts) and refused with its codes, so forms/messages.ts words a
 * problem alike whether the form or the API found it.
 */

/** One line of plain text, trimmed, of at most `max` characters. */
export const oneLineText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(isOneLineText, { params: { code: "invalid-characters" } });

/** A phone number, checked once it is one line of text; spaces alone pass, as the API takes them for none. */
export const phoneNumber = (max: number) =>
  oneLineText(max).pipe(
    z.string().refine((value) => value === "" || isPlausiblePhone(value), { params: { code: "invalid-phone" } }),
  );

/**
 * A birth date, `YYYY-MM-DD`, not before 1900 nor after today by the clock of the machine checking
 * the form (the browser's may be wrong: the API judges again by its own).
 */
export const birthDate = () =>
  z.iso.date().pipe(
    z.string().superRefine((value, context) => {
      const problem = birthDateProblem(value, new Date());
      if (problem) context.addIssue({ code: "custom", params: { code: problem } });
    }),
  );
