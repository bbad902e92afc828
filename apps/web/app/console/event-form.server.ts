import type { SubmissionResult } from "@conform-to/react";
import { type ApiClient, consolePath } from "@sports/jsonapi";
import { redirect } from "react-router";
import {
  eventAttributes,
  eventForm,
  NEW_APPOINTMENT_FIELDS,
  newAppointmentAttributes,
  newAppointmentForm,
  newStayForm,
  stayAttributes,
  waitingRoomAttribute,
} from "../forms/console-catalogue.ts";
import { replyWithErrors } from "../forms/reply.ts";
import { parseForm } from "../forms/use-site-form.ts";
import * as m from "../paraglide/messages.js";
import { consoleReply, refusalMessage } from "./console-reply.server.ts";
import { type PublishingRefusal, publishingRefusalOf } from "./publishing.tsx";

/** The forms of the event's page, by the `intent` each sends. */
export type EventFormIntent = "save" | "status" | "delete" | "appointment" | "stay";

/**
 * What a form of the event's page came to: its answer for the form that was sent (`result`, each
 * problem at its field in the console's language), saved, why publishing was refused, or what
 * else a change of status or a deletion was refused for (`refusal`).
 */
export interface EventFormOutcome {
  intent: EventFormIntent;
  result?: SubmissionResult;
  saved: boolean;
  publishing?: PublishingRefusal;
  refusal?: string;
}

/** The refusals of a change of status or a deletion that no field holds. */
const STATUS_REFUSALS = {
  "has-signups": m.console_event_has_signups,
  "wrong-state": m.console_event_wrong_state,
};

/**
 * Does what a form of the event's page asks (`intent`): saves the event's fields (creating the event
 * when `eventId` is missing), changes its status (publish, unpublish, cancel once confirmed), deletes
 * a draft, or adds an appointment or a stay. A new event or stay leads to its page; `prefix` is the
 * console's language prefix.
 */
export async function eventFromForm(
  api: ApiClient,
  form: FormData,
  eventId: string | undefined,
  prefix: string,
): Promise<EventFormOutcome | Response> {
  const intent = String(form.get("intent") ?? "save");
  if (intent === "status" && eventId) return changeStatus(api, form, eventId, prefix);
  if (intent === "delete" && eventId) {
    try {
      await api.delete(`/api/events/${eventId}`);
    } catch (error) {
      return { intent, saved: false, refusal: refusalMessage(error, prefix, STATUS_REFUSALS) };
    }
    return redirect(`${prefix}${consolePath("events")}`);
  }
  if (intent === "appointment" && eventId) {
    const submission = parseForm(form, newAppointmentForm);
    if (submission.status !== "success") return { intent, saved: false, result: replyWithErrors(submission) };
    const timeZone = String(form.get("timeZone") || "Europe/Rome");
    try {
      await api.post(`/api/events/${eventId}/appointments`, {
        data: { type: "appointments", attributes: newAppointmentAttributes(submission.value, timeZone) },
      });
    } catch (error) {
      const result = consoleReply(submission, error, prefix, { fields: NEW_APPOINTMENT_FIELDS });
      return { intent, saved: false, result };
    }
    return { intent, saved: true, result: submission.reply({ resetForm: true }) };
  }
  if (intent === "stay" && eventId) {
    const submission = parseForm(form, newStayForm);
    if (submission.status !== "success") return { intent, saved: false, result: replyWithErrors(submission) };
    let answer: Awaited<ReturnType<ApiClient["post"]>>;
    try {
      answer = await api.post(`/api/events/${eventId}/stays`, {
        data: { type: "stays", attributes: stayAttributes(submission.value) },
      });
    } catch (error) {
      return { intent, saved: false, result: consoleReply(submission, error, prefix) };
    }
    const id = (answer.document?.data as { id: string } | undefined)?.id ?? "";
    return redirect(`${prefix}${consolePath("stay", { id })}`);
  }
  const submission = parseForm(form, eventForm);
  if (submission.status !== "success") return { intent: "save", saved: false, result: replyWithErrors(submission) };
  const attributes = eventAttributes(submission.value);
  try {
    if (!eventId) {
      const answer = await api.post("/api/events", { data: { type: "events", attributes } });
      const id = (answer.document?.data as { id: string } | undefined)?.id;
      return redirect(`${prefix}${consolePath("event", { id: id ?? "" })}`);
    }
    await api.patch(`/api/events/${eventId}`, {
      data: { type: "events", id: eventId, attributes: { ...attributes, ...waitingRoomAttribute(submission.value) } },
    });
  } catch (error) {
    // A payment method no box of which was ticked is still the field of the boxes.
    return {
      intent: "save",
      saved: false,
      result: consoleReply(submission, error, prefix, { fields: { paymentMethods: "paymentMethods" } }),
    };
  }
  return { intent: "save", saved: true, result: submission.reply() };
}

/** Publishes, unpublishes or cancels (once confirmed) the event. */
async function changeStatus(
  api: ApiClient,
  form: FormData,
  eventId: string,
  prefix: string,
): Promise<EventFormOutcome> {
  const status = String(form.get("status"));
  if (status === "cancelled" && form.get("confirm") !== "yes")
    return { intent: "status", saved: false, refusal: m.console_event_cancel_confirm() };
  // The second "Publish", once the organiser has seen the large capacities (console/publishing.tsx).
  const meta = form.get("confirmCapacity") === "yes" ? { confirm: ["capacity-large"] } : undefined;
  try {
    await api.patch(`/api/events/${eventId}`, { data: { type: "events", id: eventId, attributes: { status } }, meta });
  } catch (error) {
    const publishing = publishingRefusalOf(error);
    if (publishing) return { intent: "status", saved: false, publishing };
    return { intent: "status", saved: false, refusal: refusalMessage(error, prefix, STATUS_REFUSALS) };
  }
  return { intent: "status", saved: true };
}
