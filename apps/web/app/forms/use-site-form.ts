import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { formErrorMap } from "./messages.ts";

/** Reads a submitted form against its schema, with the site's messages (on the server and in the browser). */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, error: formErrorMap });
}

/**
 * A form as every form of the site behaves: it works as a plain HTML form, and with JavaScript it
 * checks a field when it is left and again as it is corrected, with the schema the action uses.
 */
export function useSiteForm<Output extends Record<string, unknown>, Input extends Record<string, unknown>>(options: {
  id: string;
  schema: z.ZodType<Output, Input>;
  lastResult?: SubmissionResult | null | undefined;
  defaultValue?: NoInfer<DefaultValue<Input>>;
}) {
  return useForm<Input, Output>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, options.schema),
  });
}
