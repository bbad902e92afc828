import type { FieldMetadata } from "@conform-to/react";
import { useActionData, useLoaderData } from "react-router";
import { TranslatedFields, translatedLabels, useConsoleForm } from "../../console/console-form.tsx";
import type { EventDocument } from "../../console/event-document.ts";
import { eventFromForm } from "../../console/event-form.server.ts";
import { EventSchedule } from "../../console/event-schedule.tsx";
import { EventStatusActions } from "../../console/event-status.tsx";
import { EventTabs } from "../../console/event-tabs.tsx";
import { FormPageHead, OrganiserForm } from "../../console/organiser-form.tsx";
import { PublishingSummary } from "../../console/publishing.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { eventForm, unitsOf } from "../../forms/console-catalogue.ts";
import { CheckboxField, FieldErrors, FormErrors, RequiredLegend, SelectField, TextField } from "../../forms/fields.tsx";
import { readApi } from "../../lib/api.ts";
import { localFrom, textIn } from "../../lib/catalogue-values.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { SPORTS, sportName } from "../../lib/sports.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/event.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta({ params }: Route.MetaArgs) {
  return privatePageMeta(params.id ? m.console_event_edit_title() : m.console_event_new());
}

/** The event in every language, with its appointments and stays; nothing for a new one. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!params.id) return { event: null };
  const document = await readApi<EventDocument>(context, `/api/console/events/${encodeURIComponent(params.id)}`);
  return { event: document };
}

const PAYMENT_METHODS = [
  ["stripe", m.console_event_payment_stripe],
  ["demo", m.console_event_payment_demo],
  ["bank-transfer", m.console_event_payment_bank_transfer],
] as const;

/** Saves the event's fields, changes its status, or adds an appointment or a stay (console/event-form.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  return eventFromForm(api, await request.formData(), params.id, prefix);
}

export default function ConsoleEvent() {
  const { event } = useLoaderData<typeof loader>();
  // A new event once created, or another event, is a form of its own (Conform reads its values once).
  return <EventPage key={event?.data.id ?? "new"} event={event} />;
}

function EventPage({ event }: { event: EventDocument | null }) {
  const answer = useActionData<typeof action>();
  const { locale } = useRootData();
  const attributes = event?.data.attributes;
  const appointments = event?.included.filter((resource) => resource.type === "appointments") ?? [];
  const stays = event?.included.filter((resource) => resource.type === "stays") ?? [];
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "event",
    schema: eventForm,
    lastResult: answer?.intent === "save" ? answer.result : undefined,
    defaultValue: eventDefaults(attributes),
  });
  const venue = fields.venue.getFieldset();
  const labels = eventLabels();
  const number = { type: "number", inputMode: "numeric" } as const;
  return (
    <main id="content" className="console-main">
      <FormPageHead
        title={attributes ? textIn(attributes.title, locale, attributes.slug) : m.console_event_new()}
        saved={answer?.saved}
      >
        {event ? <EventTabs eventId={event.data.id} /> : null}
      </FormPageHead>
      <PublishingSummary refusal={answer?.publishing} appointments={appointments} locale={locale} />
      {event ? (
        <EventStatusActions
          event={event}
          appointments={appointments}
          refusal={answer?.intent === "status" || answer?.intent === "delete" ? answer.refusal : undefined}
        />
      ) : null}
      <OrganiserForm method="post" className="console-form" aria-labelledby="texts-heading" {...formProps}>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <RequiredLegend />
        <input type="hidden" name="intent" value="save" />
        <h2 id="texts-heading">{m.console_event_section_texts()}</h2>
        <TranslatedFields field={fields.title} label={m.console_event_field_title()} required />
        <TranslatedFields field={fields.summary} label={m.console_event_field_summary()} />
        <TranslatedFields field={fields.description} label={m.console_event_field_description()} multiline />
        <h2>{m.console_event_section_when_where()}</h2>
        <div className="console-fields-row">
          <TextField field={fields.slug} label={labels.slug} hint={m.console_slug_hint()} required />
          <SelectField field={fields.sport} label={labels.sport} required>
            {SPORTS.map((sport) => (
              <option key={sport} value={sport}>
                {sportName(sport)}
              </option>
            ))}
          </SelectField>
          <TextField field={fields.startsAt} label={labels.startsAt} type="datetime-local" required />
          <TextField field={fields.endsAt} label={labels.endsAt} type="datetime-local" required />
          <TextField field={fields.timeZone} label={labels.timeZone} required />
          <TextField field={venue.name} label={labels["venue.name"]} required />
          <TextField field={venue.locality} label={labels["venue.locality"]} required />
          <TextField field={venue.country} label={labels["venue.country"]} autoComplete="off" required />
          <TextField field={venue.latitude} label={labels["venue.latitude"]} inputMode="decimal" />
          <TextField field={venue.longitude} label={labels["venue.longitude"]} inputMode="decimal" />
        </div>
        <h2>{m.console_event_section_rules()}</h2>
        <div className="console-fields-row">
          <TextField field={fields.signupOpensAt} label={labels.signupOpensAt} type="datetime-local" />
          <TextField field={fields.signupClosesAt} label={labels.signupClosesAt} type="datetime-local" />
          <TextField field={fields.minAge} label={labels.minAge} {...number} />
          <TextField field={fields.maxAge} label={labels.maxAge} {...number} />
          <SelectField field={fields.ageRule} label={labels.ageRule}>
            <option value="event-date">{m.console_event_age_rule_event_date()}</option>
            <option value="birth-year">{m.console_event_age_rule_birth_year()}</option>
          </SelectField>
          <SelectField field={fields.medicalCertificate} label={labels.medicalCertificate}>
            <option value="none">{m.console_event_certificate_none()}</option>
            <option value="non-competitive">{m.console_event_certificate_non_competitive()}</option>
            <option value="competitive">{m.console_event_certificate_competitive()}</option>
          </SelectField>
          <TextField field={fields.participantsPerSignup} label={labels.participantsPerSignup} {...number} />
          <TextField field={fields.holdMinutes} label={labels.holdMinutes} {...number} />
          <TextField field={fields.offerHours} label={labels.offerHours} {...number} />
          <TextField field={fields.paymentTermDays} label={labels.paymentTermDays} {...number} />
          <TextField field={fields.cancellationDaysBefore} label={labels.cancellationDaysBefore} {...number} />
          <TextField field={fields.transferDaysBefore} label={labels.transferDaysBefore} {...number} />
          <TextField field={fields.transferFee} label={labels.transferFee} inputMode="decimal" />
          <TextField field={fields.refundDaysBefore} label={labels.refundDaysBefore} {...number} />
          <TextField field={fields.checkInOpensDaysBefore} label={labels.checkInOpensDaysBefore} {...number} />
          <TextField field={fields.tshirtSizes} label={labels.tshirtSizes} />
        </div>
        <CheckboxField field={fields.certificateLater} label={labels.certificateLater} />
        <TextField field={fields.certificateReminderDays} label={labels.certificateReminderDays} />
        <CheckboxField field={fields.federationCardRequired} label={labels.federationCardRequired} />
        <PaymentMethods field={fields.paymentMethods} label={labels.paymentMethods} />
        {event ? <WaitingRoomFields field={fields.waitingRoom} labels={labels} /> : null}
        <TranslatedFields field={fields.coverAlt} label={m.console_event_field_cover_alt()} />
        <p>
          <button type="submit" className="button button-primary">
            {event ? m.console_event_save() : m.console_event_create()}
          </button>
        </p>
      </OrganiserForm>
      {event ? (
        <EventSchedule
          event={event}
          appointments={appointments}
          stays={stays}
          answer={answer?.intent === "appointment" || answer?.intent === "stay" ? answer : undefined}
          locale={locale}
        />
      ) : null}
    </main>
  );
}

/** The ways to pay the event takes: a box each, and their error under them. */
function PaymentMethods({ field, label }: { field: FieldMetadata<string[] | undefined>; label: string }) {
  const chosen = field.initialValue;
  const checked = (method: string) => (Array.isArray(chosen) ? chosen.includes(method) : chosen === method);
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset id={field.id} className="console-languages" aria-describedby={invalid ? field.errorId : undefined}>
      <legend>{label}</legend>
      {PAYMENT_METHODS.map(([method, name]) => (
        <label key={method} className="console-check">
          <input type="checkbox" name={field.name} value={method} defaultChecked={checked(method)} key={field.key} />{" "}
          {name()}
        </label>
      ))}
      <FieldErrors field={field} />
    </fieldset>
  );
}

/** The opening's waiting room: both figures, or neither for none; its errors under it. */
function WaitingRoomFields({
  field,
  labels,
}: {
  field: FieldMetadata<{ shuffleMinutes?: number; admitPerMinute?: number } | undefined>;
  labels: ReturnType<typeof eventLabels>;
}) {
  const room = field.getFieldset();
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset id={field.id} className="console-room" aria-describedby={invalid ? field.errorId : undefined}>
      <legend>{m.console_event_section_room()}</legend>
      <p className="field-hint">{m.console_event_room_hint()}</p>
      <div className="console-fields-row">
        <TextField
          field={room.shuffleMinutes}
          label={labels["waitingRoom.shuffleMinutes"]}
          type="number"
          inputMode="numeric"
        />
        <TextField
          field={room.admitPerMinute}
          label={labels["waitingRoom.admitPerMinute"]}
          type="number"
          inputMode="numeric"
        />
      </div>
      <FieldErrors field={field} />
    </fieldset>
  );
}

/** The form's values for an event as the console reads it, or a new event's defaults. */
function eventDefaults(attributes: EventDocument["data"]["attributes"] | undefined) {
  const timeZone = attributes?.timeZone ?? "Europe/Rome";
  const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));
  return {
    title: attributes?.title ?? {},
    summary: attributes?.summary ?? {},
    description: attributes?.description ?? {},
    slug: attributes?.slug ?? "",
    sport: attributes?.sport ?? "trail-running",
    startsAt: localFrom(attributes?.startsAt, timeZone),
    endsAt: localFrom(attributes?.endsAt, timeZone),
    timeZone,
    venue: {
      name: attributes?.venue.name ?? "",
      locality: attributes?.venue.locality ?? "",
      country: attributes?.venue.country ?? "IT",
      latitude: text(attributes?.venue.latitude),
      longitude: text(attributes?.venue.longitude),
    },
    coverAlt: attributes?.coverAlt ?? {},
    signupOpensAt: localFrom(attributes?.signupOpensAt, timeZone),
    signupClosesAt: localFrom(attributes?.signupClosesAt, timeZone),
    minAge: text(attributes?.minAge),
    maxAge: text(attributes?.maxAge),
    ageRule: attributes?.ageRule ?? "event-date",
    medicalCertificate: attributes?.medicalCertificate ?? "none",
    certificateLater: attributes?.certificateLater ?? false,
    certificateReminderDays: (attributes?.certificateReminderDays ?? [14, 7, 2]).join(", "),
    federationCardRequired: attributes?.federationCardRequired ?? false,
    participantsPerSignup: text(attributes?.participantsPerSignup ?? 1),
    holdMinutes: text(attributes?.holdMinutes ?? 15),
    offerHours: text(attributes?.offerHours ?? 24),
    paymentTermDays: text(attributes?.paymentTermDays ?? 5),
    cancellationDaysBefore: text(attributes?.cancellationDaysBefore),
    transferDaysBefore: text(attributes?.transferDaysBefore),
    transferFee: attributes?.transferFee ? unitsOf(attributes.transferFee) : "",
    refundDaysBefore: text(attributes?.refundDaysBefore),
    checkInOpensDaysBefore: text(attributes?.checkInOpensDaysBefore ?? 1),
    paymentMethods: attributes ? attributes.paymentMethods : PAYMENT_METHODS.map(([method]) => method),
    tshirtSizes: (attributes?.tshirtSizes ?? []).join(", "),
    waitingRoom: {
      shuffleMinutes: text(attributes?.waitingRoom?.shuffleMinutes),
      admitPerMinute: text(attributes?.waitingRoom?.admitPerMinute),
    },
  };
}

/** Each field's label, in the order of the form (the summary lists them so). */
function eventLabels() {
  return {
    ...translatedLabels("title", m.console_event_field_title()),
    ...translatedLabels("summary", m.console_event_field_summary()),
    ...translatedLabels("description", m.console_event_field_description()),
    slug: m.console_event_field_slug(),
    sport: m.console_event_field_sport(),
    startsAt: m.console_event_field_starts(),
    endsAt: m.console_event_field_ends(),
    timeZone: m.console_event_field_time_zone(),
    "venue.name": m.console_event_field_venue(),
    "venue.locality": m.console_event_field_locality(),
    "venue.country": m.console_event_field_country(),
    "venue.latitude": m.console_event_field_latitude(),
    "venue.longitude": m.console_event_field_longitude(),
    signupOpensAt: m.console_event_field_signup_opens(),
    signupClosesAt: m.console_event_field_signup_closes(),
    minAge: m.console_appointment_field_min_age(),
    maxAge: m.console_appointment_field_max_age(),
    ageRule: m.console_event_field_age_rule(),
    medicalCertificate: m.console_event_field_certificate(),
    participantsPerSignup: m.console_event_field_participants(),
    holdMinutes: m.console_event_field_hold(),
    offerHours: m.console_event_field_offer_hours(),
    paymentTermDays: m.console_event_field_payment_term(),
    cancellationDaysBefore: m.console_event_field_cancellation(),
    transferDaysBefore: m.console_event_transfer_days(),
    transferFee: m.console_event_transfer_fee(),
    refundDaysBefore: m.console_event_field_refund(),
    checkInOpensDaysBefore: m.console_event_field_check_in_opens(),
    tshirtSizes: m.console_event_field_tshirts(),
    certificateLater: m.console_event_field_certificate_later(),
    certificateReminderDays: m.console_event_field_reminder_days(),
    federationCardRequired: m.console_event_field_federation_card(),
    paymentMethods: m.console_event_field_payment_methods(),
    "waitingRoom.shuffleMinutes": m.console_event_field_room_shuffle(),
    "waitingRoom.admitPerMinute": m.console_event_field_room_admit(),
    ...translatedLabels("coverAlt", m.console_event_field_cover_alt()),
  };
}
