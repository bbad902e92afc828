import type { ApiClient } from "@sports/jsonapi";
import * as m from "../paraglide/messages.js";
import { refusalMessage } from "./signup-labels.ts";

export interface ActionOutcome {
  intent: string;
  /** The record the form was about (a participant, a mail), so the answer shows beside its form. */
  target?: string;
  ok: boolean;
  message: string;
  /** A refused form's problems by field, each said at its field (the transfer's new person). */
  fields?: Record<string, string>;
}

/** The organiser's word on a certificate, from a console form (`PATCH /api/console/participants/{id}`). */
export async function reviewFromForm(api: ApiClient, formData: FormData): Promise<ActionOutcome> {
  const participantId = String(formData.get("participantId") ?? "");
  const review = String(formData.get("review") ?? "");
  const reason = String(formData.get("reason") ?? "").trim();
  const intent = "review";
  if (review !== "approved" && review !== "rejected")
    return { intent, target: participantId, ok: false, message: m.console_certificates_reason_required() };
  if (review === "rejected" && !reason)
    return { intent, target: participantId, ok: false, message: m.console_certificates_reason_required() };
  try {
    await api.patch(`/api/console/participants/${encodeURIComponent(participantId)}`, {
      data: {
        type: "participants",
        id: participantId,
        attributes: { certificateReview: review, certificateReviewReason: review === "rejected" ? reason : null },
      },
    });
    return { intent, target: participantId, ok: true, message: m.console_signup_done() };
  } catch (error) {
    return { intent, target: participantId, ok: false, message: refusalMessage(error) };
  }
}
