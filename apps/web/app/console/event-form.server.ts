import { type ApiClient, consolePath } from "@sports/jsonapi";
import { redirect } from "react-router";
import { refusalAnswer } from "../lib/api.ts";
import * as m from "../paraglide/messages.js";
import { type FieldErrors, fieldErrorsOf, instantFrom, textsFrom } from "./catalogue-form.tsx";
import { EVENT_TEXT_FIELDS } from "./event-document.ts";
import { type PublishingRefusal, publishingRefusalOf } from "./publishing.tsx";

/**
 * What a form of the event's page came to: saved, or the problems by field in the console's
 * language, or why publishing was refused.
 */
export interface EventFormOutcome {
  errors: FieldErrors | undefined;
  saved: boolean;
  publishing?: PublishingRefusal;
}

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
  try {
    if (intent === "status" && eventId) {
      const status = String(form.get("status"));
      if (status === "cancelled" && form.get("confirm") !== "yes")
        return { errors: { confirm: m.console_event_cancel_confirm() } as FieldErrors, saved: false };
      // The second "Publish", once the organiser has seen the large capacities (console/publishing.tsx).
      const meta = form.get("confirmCapacity") === "yes" ? { confirm: ["capacity-large"] } : undefined;
      try {
        await api.patch(`/api/events/${eventId}`, {
          data: { type: "events", id: eventId, attributes: { status } },
          meta,
        });
      } catch (error) {
        const publishing = publishingRefusalOf(error);
        if (!publishing) throw error;
        return { errors: undefined, saved: false, publishing };
      }
      return { errors: undefined, saved: true };
    }
    if (intent === "delete" && eventId) {
      await api.delete(`/api/events/${eventId}`);
      return redirect(`${prefix}${consolePath("events")}`);
    }
    if (intent === "appointment" && eventId) {
      const timeZone = String(form.get("timeZone") || "Europe/Rome");
      const price = number(form.get("appointment.price"));
      await api.post(`/api/events/${eventId}/appointments`, {
        data: {
          type: "appointments",
          attributes: {
            slug: String(form.get("appointment.slug") ?? ""),
            title: textsFrom(form, "appointment.title"),
            startsAt: instantFrom(String(form.get("appointment.startsAt") ?? ""), timeZone) ?? "",
            endsAt: instantFrom(String(form.get("appointment.endsAt") ?? ""), timeZone) ?? "",
            capacity: number(form.get("appointment.capacity")) ?? 0,
            priceTiers: [{ until: null, amount: Math.round((price ?? 0) * 100) }],
          },
        },
      });
      return { errors: undefined, saved: true };
    }
    if (intent === "stay" && eventId) {
      const answer = await api.post(`/api/events/${eventId}/stays`, {
        data: {
          type: "stays",
          attributes: {
            slug: String(form.get("stay.slug") ?? "").trim(),
            name: textsFrom(form, "stay.name"),
            firstNight: String(form.get("stay.firstNight") ?? ""),
            lastNight: String(form.get("stay.lastNight") ?? ""),
          },
        },
      });
      const id = (answer.document?.data as { id: string } | undefined)?.id ?? "";
      return redirect(`${prefix}${consolePath("stay", { id })}`);
    }
    const timeZone = String(form.get("timeZone") || "Europe/Rome");
    const attributes = {
      slug: String(form.get("slug") ?? "").trim(),
      sport: String(form.get("sport") ?? ""),
      ...Object.fromEntries(EVENT_TEXT_FIELDS.map((name) => [name, textsFrom(form, name)])),
      startsAt: instantFrom(String(form.get("startsAt") ?? ""), timeZone) ?? String(form.get("startsAt")),
      endsAt: instantFrom(String(form.get("endsAt") ?? ""), timeZone) ?? String(form.get("endsAt")),
      timeZone,
      venue: {
        name: String(form.get("venue.name") ?? ""),
        locality: String(form.get("venue.locality") ?? ""),
        country: String(form.get("venue.country") ?? "").toUpperCase(),
        latitude: number(form.get("venue.latitude")),
        longitude: number(form.get("venue.longitude")),
      },
      coverAlt: textsFrom(form, "coverAlt"),
      signupOpensAt: optionalInstant(form.get("signupOpensAt"), timeZone),
      signupClosesAt: optionalInstant(form.get("signupClosesAt"), timeZone),
      minAge: number(form.get("minAge")),
      maxAge: number(form.get("maxAge")),
      ageRule: String(form.get("ageRule") ?? "event-date"),
      medicalCertificate: String(form.get("medicalCertificate") ?? "none"),
      certificateLater: form.get("certificateLater") === "yes",
      certificateReminderDays: reminderDaysFrom(form.get("certificateReminderDays")),
      federationCardRequired: form.get("federationCardRequired") === "yes",
      participantsPerSignup: number(form.get("participantsPerSignup")) ?? 1,
      holdMinutes: number(form.get("holdMinutes")) ?? 15,
      offerHours: number(form.get("offerHours")) ?? 24,
      paymentTermDays: number(form.get("paymentTermDays")) ?? 5,
      cancellationDaysBefore: number(form.get("cancellationDaysBefore")),
      transferDaysBefore: number(form.get("transferDaysBefore")),
      transferFee: money(form.get("transferFee")),
      refundDaysBefore: number(form.get("refundDaysBefore")),
      checkInOpensDaysBefore: number(form.get("checkInOpensDaysBefore")) ?? 1,
      paymentMethods: form.getAll("paymentMethods").map(String),
      tshirtSizes: String(form.get("tshirtSizes") ?? "")
        .split(",")
        .map((size) => size.trim())
        .filter(Boolean),
    };
    if (attributes.certificateReminderDays === undefined)
      return {
        errors: { certificateReminderDays: m.console_event_reminder_days_invalid() } as FieldErrors,
        saved: false,
      };
    if (!eventId) {
      const answer = await api.post("/api/events", { data: { type: "events", attributes } });
      const id = (answer.document?.data as { id: string } | undefined)?.id;
      return redirect(`${prefix}${consolePath("event", { id: id ?? "" })}`);
    }
    await api.patch(`/api/events/${eventId}`, { data: { type: "events", id: eventId, attributes } });
    return { errors: undefined, saved: true };
  } catch (error) {
    const errors = fieldErrorsOf(error);
    if (!errors) throw refusalAnswer(error, prefix);
    // A refused reminder day (`certificateReminderDays.1`) is the field's problem.
    if (Object.keys(errors).some((name) => name.startsWith("certificateReminderDays")))
      errors.certificateReminderDays = m.console_event_reminder_days_invalid();
    // The forms for a new appointment or stay name their fields after them (`appointment.slug`).
    const prefixed =
      intent === "appointment" || intent === "stay"
        ? Object.fromEntries(
            Object.entries(errors).map(([name, detail]) => [name === "form" ? name : `${intent}.${name}`, detail]),
          )
        : errors;
    return { errors: prefixed, saved: false };
  }
}

const number = (value: FormDataEntryValue | null) => {
  const text = String(value ?? "").trim();
  return text === "" ? null : Number(text.replace(",", "."));
};

/** An amount typed in the currency's units (5 or 5,50), as minor units; empty: null. */
const money = (value: FormDataEntryValue | null) => {
  const amount = number(value);
  return amount === null ? null : Math.round(amount * 100);
};

const optionalInstant = (value: FormDataEntryValue | null, timeZone: string) => {
  const text = String(value ?? "").trim();
  return text === "" ? null : (instantFrom(text, timeZone) ?? text);
};

/** `14, 7, 2` as days; undefined when a piece is not a whole number (the API checks the range). */
function reminderDaysFrom(value: FormDataEntryValue | null): number[] | undefined {
  const pieces = String(value ?? "")
    .split(/[,;\s]+/)
    .filter(Boolean);
  if (!pieces.every((piece) => /^\d{1,3}$/.test(piece))) return undefined;
  return pieces.map(Number);
}
