import type { SubmissionResult } from "@conform-to/react";
import { ApiError, type ResultImportSummary } from "@sports/jsonapi";
import type { RouterContextProvider } from "react-router";
import { languageContext, siteContext } from "../context.ts";
import {
  correctionAttributes,
  correctionForm,
  mappingAttributes,
  mappingForm,
  RESULTS_SETTINGS_FIELDS,
  resultsSettingsAttributes,
  resultsSettingsForm,
} from "../forms/console-results.ts";
import { replyWithErrors } from "../forms/reply.ts";
import { parseForm } from "../forms/use-site-form.ts";
import { refusalAnswer, uploadFile } from "../lib/api.ts";
import * as m from "../paraglide/messages.js";
import { consoleReply } from "./console-reply.server.ts";

/**
 * What the results screen's forms do (routes/console/results.tsx), each a plain form whose hidden
 * `intent` names it: a timing file uploaded and previewed, its mapping changed, the preview applied,
 * one result corrected, the race's results settings saved. A preview lives in the action's answer:
 * the API keeps the file, the page keeps its id.
 */

/** An uploaded timing file and its dry run (`result-imports`, docs/api.md). */
export interface ResultImport {
  id: string;
  attributes: {
    state: "preview" | "applied";
    format: string;
    columns: string[];
    mapping: Record<string, unknown>;
    summary: ResultImportSummary;
  };
}

/** The largest timing file the API takes (its `TIMING_FILE_MAX_BYTES`): refused here before it is sent. */
export const TIMING_FILE_MAX_BYTES = 20 * 1024 * 1024;

type Context = Readonly<RouterContextProvider>;

/**
 * The code of a refusal the page says in words; any other is answered as a page (`refusalAnswer`:
 * not authorised, not found), anything else thrown on to the error page.
 */
function refusalCode(context: Context, error: unknown, statuses: number[]): string {
  if (!ApiError.is(error) || !statuses.includes(error.status))
    throw refusalAnswer(error, context.get(languageContext).prefix);
  return error.errors[0]?.code ?? "";
}

/** Sends the chosen file as the raw body of `POST /api/appointments/{id}/result-imports`: its preview, or why not. */
export async function uploadTimingFile(context: Context, appointmentId: string, form: FormData) {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return { intent: "upload" as const, error: m.console_results_file_missing() };
  if (file.size > TIMING_FILE_MAX_BYTES)
    return { intent: "upload" as const, error: m.console_results_file_too_large() };
  try {
    const created = await uploadFile(
      context,
      `/api/appointments/${encodeURIComponent(appointmentId)}/result-imports`,
      file,
    );
    return { intent: "upload" as const, preview: created.data as unknown as ResultImport };
  } catch (error) {
    const code = refusalCode(context, error, [400, 413, 415, 422]);
    const message =
      code === "file-too-large" || code === "body-too-large"
        ? m.console_results_file_too_large()
        : m.console_results_file_unreadable();
    return { intent: "upload" as const, error: message };
  }
}

/** `PATCH /api/result-imports/{id}`: a new preview with `attributes` (none: the same mapping, against the results now). */
async function changeImport(context: Context, importId: string, attributes: Record<string, unknown>) {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const answer = await api.patch(
    `/api/result-imports/${encodeURIComponent(importId)}`,
    { data: { type: "result-imports", id: importId, attributes } },
    { query: { locale }, keep: false },
  );
  return (answer.document as { data: unknown }).data as ResultImport;
}

/** The preview of `importId` as it stands, for a form refused before or by the API. */
async function previewAgain(context: Context, importId: string): Promise<ResultImport | undefined> {
  try {
    return await changeImport(context, importId, {});
  } catch (error) {
    refusalCode(context, error, [400, 404, 409]);
    return undefined;
  }
}

/** The file read again with the mapping chosen, the dry run with it; refused at the mapping's fields. */
export async function remapTimingFile(context: Context, form: FormData) {
  const submission = parseForm(form, mappingForm);
  const importId = String(form.get("importId") ?? "");
  if (submission.status !== "success")
    return {
      intent: "remap" as const,
      result: replyWithErrors(submission),
      preview: await previewAgain(context, importId),
    };
  try {
    const preview = await changeImport(context, importId, { mapping: mappingAttributes(submission.value) });
    return { intent: "remap" as const, result: submission.reply(), preview };
  } catch (error) {
    const { prefix } = context.get(languageContext);
    const result = consoleReply(submission, error, prefix, {
      messages: { "wrong-state": m.console_results_applied_already },
    });
    return { intent: "remap" as const, result, preview: await previewAgain(context, importId) };
  }
}

/**
 * Applies the preview; when the results moved since it was made (`results-changed`), answers a
 * fresh preview to look at first instead, and says so.
 */
export async function applyTimingFile(context: Context, form: FormData) {
  const importId = String(form.get("importId") ?? "");
  try {
    const applied = await changeImport(context, importId, { state: "applied" });
    return { intent: "apply" as const, applied };
  } catch (error) {
    const code = refusalCode(context, error, [400, 404, 409]);
    if (code === "results-changed")
      return {
        intent: "apply" as const,
        notice: m.console_results_changed(),
        preview: await previewAgain(context, importId),
      };
    return {
      intent: "apply" as const,
      notice: code === "wrong-state" ? m.console_results_applied_already() : m.console_results_apply_refused(),
    };
  }
}

/** One result corrected (`PATCH /api/results/{id}`): only what changed, with the reason; refused at its fields. */
export async function correctResult(context: Context, form: FormData) {
  const submission = parseForm(form, correctionForm);
  if (submission.status !== "success") return { intent: "correct" as const, result: replyWithErrors(submission) };
  const { resultId, ...correction } = submission.value;
  const { api } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  try {
    await api.patch(
      `/api/results/${encodeURIComponent(resultId)}`,
      { data: { type: "results", id: resultId, attributes: correctionAttributes(correction) } },
      { query: { locale } },
    );
  } catch (error) {
    // Nothing to correct is the API's `required` on the state: said as the form says it.
    const fieldMessages = { status: { required: m.console_results_error_nothing_changed } };
    return { intent: "correct" as const, result: consoleReply(submission, error, prefix, { fieldMessages }) };
  }
  return { intent: "correct" as const, result: submission.reply(), saved: true };
}

/** The race's results settings (`PATCH /api/appointments/{id}`), or, without JavaScript, a band added or removed. */
export async function saveResultsSettings(context: Context, appointmentId: string, form: FormData) {
  const submission = parseForm(form, resultsSettingsForm);
  if (submission.status !== "success") return { intent: "settings" as const, result: replyWithErrors(submission) };
  const { api } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  try {
    await api.patch(
      `/api/appointments/${encodeURIComponent(appointmentId)}`,
      { data: { type: "appointments", id: appointmentId, attributes: resultsSettingsAttributes(submission.value) } },
      { query: { locale } },
    );
  } catch (error) {
    const result: SubmissionResult = consoleReply(submission, error, prefix, {
      fields: RESULTS_SETTINGS_FIELDS,
      fieldMessages: { categoryRules: { required: m.console_results_error_bands_required } },
    });
    return { intent: "settings" as const, result };
  }
  return { intent: "settings" as const, result: submission.reply(), saved: true };
}
