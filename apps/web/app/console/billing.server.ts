import { ApiError, type BillingDocumentAttributes, type SdiNotificationMeta } from "@sports/jsonapi";
import type { RouterContextProvider } from "react-router";
import { languageContext, siteContext } from "../context.ts";
import { BILLING_MESSAGES, buyerAttributes, buyerForm } from "../forms/console-billing.ts";
import { replyWithErrors } from "../forms/reply.ts";
import { parseForm } from "../forms/use-site-form.ts";
import { refusalAnswer, uploadFile } from "../lib/api.ts";
import * as m from "../paraglide/messages.js";
import { consoleReply } from "./console-reply.server.ts";

/**
 * What the Documents screen's forms do (routes/console/billing-documents.tsx), each a plain form
 * whose hidden `intent` names it: an SdI notification read for its preview, then applied; a rejected
 * invoice issued again with its buyer corrected. The API keeps nothing of a preview: the page keeps
 * the file (base64, in the confirmation's hidden field) and sends it again to apply it.
 */

/** What applying a notification does or would do: the document, its number and its new state. */
export type NotificationOutcome = SdiNotificationMeta & { changes: boolean };

/** The largest notification file the page takes: the SdI's are a few kilobytes. */
export const NOTIFICATION_MAX_BYTES = 512 * 1024;

type Context = Readonly<RouterContextProvider>;

/** What the API's refusals of a notification file mean, in the page's language. */
const NOTIFICATION_REFUSALS: Record<string, () => string> = {
  "sdi-doctype": m.console_billing_notification_doctype,
  "sdi-not-xml": m.console_billing_notification_not_xml,
  "sdi-not-notification": m.console_billing_notification_not_notification,
  "sdi-incomplete": m.console_billing_notification_incomplete,
  "not-found": m.console_billing_notification_unknown_file,
};

/** Sends the notification to `POST /api/billing-documents/notifications`, as a dry run or for good. */
async function sendNotification(context: Context, bytes: Uint8Array<ArrayBuffer>, name: string, preview: boolean) {
  const file = new File([bytes], name, { type: "application/xml" });
  const path = `/api/billing-documents/notifications${preview ? "?preview=true" : ""}`;
  const answer = await uploadFile(context, path, file);
  return (answer as unknown as { meta: NotificationOutcome }).meta;
}

/** The refusal's words at the file's field; a refusal a form cannot show is answered as a page. */
function notificationRefusal(context: Context, error: unknown): string {
  if (!ApiError.is(error) || ![400, 404, 413, 415, 422].includes(error.status))
    throw refusalAnswer(error, context.get(languageContext).prefix);
  if (error.status === 413) return m.console_billing_notification_too_large();
  const code = error.errors[0]?.code ?? "";
  return NOTIFICATION_REFUSALS[code]?.() ?? m.console_billing_notification_unreadable();
}

/** The chosen notification file read and sent as a dry run: what it would change, or why not. */
export async function previewNotification(context: Context, form: FormData) {
  const intent = "notification" as const;
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { intent, error: m.console_billing_notification_missing() };
  if (file.size > NOTIFICATION_MAX_BYTES) return { intent, error: m.console_billing_notification_too_large() };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = file.name || "notification.xml";
  try {
    const preview = await sendNotification(context, bytes, name, true);
    return { intent, preview, file: Buffer.from(bytes).toString("base64"), fileName: name };
  } catch (error) {
    return { intent, error: notificationRefusal(context, error) };
  }
}

/** The previewed notification applied: the document's new state, or why not (said at the upload's field). */
export async function applyNotification(context: Context, form: FormData) {
  const intent = "notification-apply" as const;
  const encoded = String(form.get("file") ?? "");
  const bytes = Buffer.from(encoded, "base64");
  if (bytes.length === 0 || bytes.length > NOTIFICATION_MAX_BYTES)
    return { intent, error: m.console_billing_notification_missing() };
  const name = String(form.get("fileName") ?? "") || "notification.xml";
  try {
    return { intent, applied: await sendNotification(context, new Uint8Array(bytes), name, false) };
  } catch (error) {
    return { intent, error: notificationRefusal(context, error) };
  }
}

/**
 * A rejected invoice or credit note issued again with its buyer corrected (`POST /api/billing-documents/{id}/replacement`):
 * the new issue (same number, a new file name), or the refusals at their fields.
 */
export async function replaceDocument(context: Context, form: FormData) {
  const intent = "replace" as const;
  const documentId = String(form.get("documentId") ?? "");
  const submission = parseForm(form, buyerForm);
  if (submission.status !== "success") return { intent, documentId, result: replyWithErrors(submission) };
  const { api } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  try {
    const answer = await api.post(
      `/api/billing-documents/${encodeURIComponent(submission.value.documentId)}/replacement`,
      { data: { type: "billing-documents", attributes: { buyer: buyerAttributes(submission.value.buyer) } } },
      { query: { locale }, keep: false },
    );
    const issued = (answer.document as unknown as { data: { attributes: BillingDocumentAttributes } }).data.attributes;
    return {
      intent,
      documentId,
      result: submission.reply({ resetForm: true }),
      issued: { number: issued.number },
    };
  } catch (error) {
    const result = consoleReply(submission, error, prefix, {
      messages: { ...BILLING_MESSAGES, "wrong-state": m.console_billing_replace_wrong_state },
    });
    return { intent, documentId, result };
  }
}
