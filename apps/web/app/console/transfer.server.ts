import { type ApiClient, ApiError } from "@sports/jsonapi";
import { errorMessage } from "../forms/messages.ts";
import * as m from "../paraglide/messages.js";
import type { ActionOutcome } from "./review.server.ts";
import { refusalMessage } from "./signup-labels.ts";
import { TRANSFER_FIELDS, transferFieldLabel } from "./transfer-form.tsx";

/** The attributes the one box of consents stands for. */
const CONSENTS = ["termsAccepted", "privacyAccepted"];

/**
 * The organiser passes a participant's place to someone else, from the signup's page
 * (`POST /api/console/transfers`, docs/decisions/028-transfers.md). The new person's problems come
 * back at their fields and as one line per field, in the console's language.
 */
export async function transferFromForm(api: ApiClient, formData: FormData, locale: string): Promise<ActionOutcome> {
  const participantId = String(formData.get("participantId") ?? "");
  const intent = "transfer";
  const text = (name: string) => {
    const value = String(formData.get(name) ?? "").trim();
    return value === "" ? null : value;
  };
  const consent = formData.get("consents") === "yes";
  const attributes = {
    ...Object.fromEntries(TRANSFER_FIELDS.map((name) => [name, text(name)])),
    givenName: text("givenName") ?? "",
    familyName: text("familyName") ?? "",
    termsAccepted: consent,
    privacyAccepted: consent,
  };
  try {
    const { document } = await api.post(
      "/api/console/transfers",
      {
        data: {
          type: "transfers",
          attributes,
          relationships: { participant: { data: { type: "participants", id: participantId } } },
        },
      },
      { query: { locale } },
    );
    const ticketCode = String(document?.meta?.ticketCode ?? "");
    const name = `${attributes.givenName} ${attributes.familyName}`;
    return { intent, target: participantId, ok: true, message: m.console_signup_transfer_done({ name, ticketCode }) };
  } catch (error) {
    if (!ApiError.is(error) || error.status !== 400)
      return { intent, target: participantId, ok: false, message: refusalMessage(error) };
    // Each problem at its field, and all of them in the line above the form that takes the focus.
    const fields: Record<string, string> = {};
    const lines = error.errors.map((item) => {
      const field = /^\/data\/attributes\/(\w+)/.exec(item.source?.pointer ?? "")?.[1];
      const meta = (item.meta ?? {}) as { min?: number; max?: number };
      const message = errorMessage(item.code ?? "invalid", meta);
      if (field) fields[CONSENTS.includes(field) ? "consents" : field] ??= message;
      return field ? `${transferFieldLabel(field)}: ${message}` : message;
    });
    return { intent, target: participantId, ok: false, message: lines.join(" "), fields };
  }
}
