import { useActionData, useLoaderData } from "react-router";
import { Field, LanguageFields, localFrom, SaveOutcome, textIn } from "../../console/catalogue-form.tsx";
import { EVENT_TEXT_FIELDS, type EventDocument } from "../../console/event-document.ts";
import { eventFromForm } from "../../console/event-form.server.ts";
import { EventSchedule } from "../../console/event-schedule.tsx";
import { EventStatusActions } from "../../console/event-status.tsx";
import { EventTabs } from "../../console/event-tabs.tsx";
import { OrganiserForm } from "../../console/organiser-form.tsx";
import { PublishingSummary } from "../../console/publishing.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { readApi } from "../../lib/api.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { SPORTS, sportName } from "../../lib/sports.ts";
import * as m from "../../paraglide/messages.js";
import { useRootData } from "../../root.tsx";
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
  const answer = useActionData<typeof action>();
  const { locale } = useRootData();
  const errors = answer?.errors;
  const attributes = event?.data.attributes;
  const timeZone = attributes?.timeZone ?? "Europe/Rome";
  const appointments = event?.included.filter((resource) => resource.type === "appointments") ?? [];
  const stays = event?.included.filter((resource) => resource.type === "stays") ?? [];
  return (
    <main id="content" className="console-main">
      <h1>{attributes ? textIn(attributes.title, locale, attributes.slug) : m.console_event_new()}</h1>
      {event ? <EventTabs eventId={event.data.id} /> : null}
      <SaveOutcome saved={answer?.saved} errors={errors} />
      <PublishingSummary refusal={answer?.publishing} appointments={appointments} locale={locale} />
      {event ? <EventStatusActions event={event} appointments={appointments} errors={errors} /> : null}
      <OrganiserForm method="post" className="console-form" aria-labelledby="texts-heading">
        <input type="hidden" name="intent" value="save" />
        <h2 id="texts-heading">{m.console_event_section_texts()}</h2>
        {EVENT_TEXT_FIELDS.map((name) => (
          <LanguageFields
            key={name}
            name={name}
            label={
              name === "title"
                ? m.console_event_field_title()
                : name === "summary"
                  ? m.console_event_field_summary()
                  : m.console_event_field_description()
            }
            values={attributes?.[name]}
            errors={errors}
            multiline={name === "description"}
          />
        ))}
        <h2>{m.console_event_section_when_where()}</h2>
        <div className="console-fields-row">
          <Field
            name="slug"
            label={m.console_event_field_slug()}
            errors={errors}
            defaultValue={attributes?.slug}
            required
          />
          <Field name="sport" label={m.console_event_field_sport()} errors={errors}>
            <select id="sport" name="sport" defaultValue={attributes?.sport ?? "trail-running"}>
              {SPORTS.map((sport) => (
                <option key={sport} value={sport}>
                  {sportName(sport)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            name="startsAt"
            type="datetime-local"
            label={m.console_event_field_starts()}
            errors={errors}
            defaultValue={localFrom(attributes?.startsAt, timeZone)}
            required
          />
          <Field
            name="endsAt"
            type="datetime-local"
            label={m.console_event_field_ends()}
            errors={errors}
            defaultValue={localFrom(attributes?.endsAt, timeZone)}
            required
          />
          <Field name="timeZone" label={m.console_event_field_time_zone()} errors={errors} defaultValue={timeZone} />
          <Field
            name="venue.name"
            label={m.console_event_field_venue()}
            errors={errors}
            defaultValue={attributes?.venue.name}
            required
          />
          <Field
            name="venue.locality"
            label={m.console_event_field_locality()}
            errors={errors}
            defaultValue={attributes?.venue.locality}
            required
          />
          <Field
            name="venue.country"
            label={m.console_event_field_country()}
            errors={errors}
            defaultValue={attributes?.venue.country ?? "IT"}
            required
          />
          <Field
            name="venue.latitude"
            type="number"
            step="any"
            label={m.console_event_field_latitude()}
            errors={errors}
            defaultValue={attributes?.venue.latitude}
          />
          <Field
            name="venue.longitude"
            type="number"
            step="any"
            label={m.console_event_field_longitude()}
            errors={errors}
            defaultValue={attributes?.venue.longitude}
          />
        </div>
        <h2>{m.console_event_section_rules()}</h2>
        <div className="console-fields-row">
          <Field
            name="signupOpensAt"
            type="datetime-local"
            label={m.console_event_field_signup_opens()}
            errors={errors}
            defaultValue={localFrom(attributes?.signupOpensAt, timeZone)}
          />
          <Field
            name="signupClosesAt"
            type="datetime-local"
            label={m.console_event_field_signup_closes()}
            errors={errors}
            defaultValue={localFrom(attributes?.signupClosesAt, timeZone)}
          />
          <Field
            name="minAge"
            type="number"
            label={m.console_appointment_field_min_age()}
            errors={errors}
            defaultValue={attributes?.minAge}
          />
          <Field
            name="maxAge"
            type="number"
            label={m.console_appointment_field_max_age()}
            errors={errors}
            defaultValue={attributes?.maxAge}
          />
          <Field name="ageRule" label={m.console_event_field_age_rule()} errors={errors}>
            <select id="ageRule" name="ageRule" defaultValue={attributes?.ageRule ?? "event-date"}>
              <option value="event-date">{m.console_event_age_rule_event_date()}</option>
              <option value="birth-year">{m.console_event_age_rule_birth_year()}</option>
            </select>
          </Field>
          <Field name="medicalCertificate" label={m.console_event_field_certificate()} errors={errors}>
            <select
              id="medicalCertificate"
              name="medicalCertificate"
              defaultValue={attributes?.medicalCertificate ?? "none"}
            >
              <option value="none">{m.console_event_certificate_none()}</option>
              <option value="non-competitive">{m.console_event_certificate_non_competitive()}</option>
              <option value="competitive">{m.console_event_certificate_competitive()}</option>
            </select>
          </Field>
          <Field
            name="participantsPerSignup"
            type="number"
            label={m.console_event_field_participants()}
            errors={errors}
            defaultValue={attributes?.participantsPerSignup ?? 1}
          />
          <Field
            name="holdMinutes"
            type="number"
            label={m.console_event_field_hold()}
            errors={errors}
            defaultValue={attributes?.holdMinutes ?? 15}
          />
          <Field
            name="offerHours"
            type="number"
            label={m.console_event_field_offer_hours()}
            errors={errors}
            defaultValue={attributes?.offerHours ?? 24}
          />
          <Field
            name="paymentTermDays"
            type="number"
            label={m.console_event_field_payment_term()}
            errors={errors}
            defaultValue={attributes?.paymentTermDays ?? 5}
          />
          <Field
            name="cancellationDaysBefore"
            type="number"
            label={m.console_event_field_cancellation()}
            errors={errors}
            defaultValue={attributes?.cancellationDaysBefore}
          />
          <Field
            name="transferDaysBefore"
            type="number"
            label={m.console_event_transfer_days()}
            errors={errors}
            defaultValue={attributes?.transferDaysBefore}
          />
          <Field
            name="transferFee"
            type="number"
            step="0.01"
            label={m.console_event_transfer_fee()}
            errors={errors}
            defaultValue={attributes?.transferFee ? (attributes.transferFee / 100).toFixed(2) : undefined}
          />
          <Field
            name="refundDaysBefore"
            type="number"
            label={m.console_event_field_refund()}
            errors={errors}
            defaultValue={attributes?.refundDaysBefore}
          />
          <Field
            name="checkInOpensDaysBefore"
            type="number"
            label={m.console_event_field_check_in_opens()}
            errors={errors}
            defaultValue={attributes?.checkInOpensDaysBefore ?? 1}
          />
          <Field
            name="tshirtSizes"
            label={m.console_event_field_tshirts()}
            errors={errors}
            defaultValue={attributes?.tshirtSizes.join(", ")}
          />
        </div>
        <div className="console-field">
          <label>
            <input
              type="checkbox"
              name="certificateLater"
              value="yes"
              defaultChecked={attributes?.certificateLater ?? false}
            />{" "}
            {m.console_event_field_certificate_later()}
          </label>
        </div>
        <Field
          name="certificateReminderDays"
          label={m.console_event_field_reminder_days()}
          errors={errors}
          defaultValue={(attributes?.certificateReminderDays ?? [14, 7, 2]).join(", ")}
        />
        <div className="console-field">
          <label>
            <input
              type="checkbox"
              name="federationCardRequired"
              value="yes"
              defaultChecked={attributes?.federationCardRequired ?? false}
            />{" "}
            {m.console_event_field_federation_card()}
          </label>
        </div>
        <fieldset className="console-languages">
          <legend>{m.console_event_field_payment_methods()}</legend>
          {PAYMENT_METHODS.map(([method, label]) => (
            <label key={method} className="console-check">
              <input
                type="checkbox"
                name="paymentMethods"
                value={method}
                defaultChecked={attributes ? attributes.paymentMethods.includes(method) : true}
              />{" "}
              {label()}
            </label>
          ))}
          {errors?.paymentMethods ? <p className="console-error">{errors.paymentMethods}</p> : null}
        </fieldset>
        <LanguageFields
          name="coverAlt"
          label={m.console_event_field_cover_alt()}
          values={attributes?.coverAlt}
          errors={errors}
        />
        <p>
          <button type="submit">{event ? m.console_event_save() : m.console_event_create()}</button>
        </p>
      </OrganiserForm>
      {event ? (
        <EventSchedule event={event} appointments={appointments} stays={stays} errors={errors} locale={locale} />
      ) : null}
    </main>
  );
}
