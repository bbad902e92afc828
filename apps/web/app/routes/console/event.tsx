import { consolePath } from "@sports/jsonapi";
import { redirect, useActionData, useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import {
  Field,
  type FieldErrors,
  fieldErrorsOf,
  instantFrom,
  LanguageFields,
  localFrom,
  missingLanguages,
  SaveOutcome,
  type Texts,
  textsFrom,
} from "../../console/catalogue-form.tsx";
import { EventTabs } from "../../console/event-tabs.tsx";
import { OrganiserForm, useConsoleRole } from "../../console/organiser-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { LOCALES } from "../../i18n/locale.ts";
import { readApi } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { SPORTS, sportName } from "../../lib/sports.ts";
import * as m from "../../paraglide/messages.js";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/event.ts";
import { STATUS_LABELS, textIn } from "./events.tsx";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta({ params }: Route.MetaArgs) {
  return privatePageMeta(params.id ? m.console_event_edit_title() : m.console_event_new());
}

interface EventDocument {
  data: {
    id: string;
    attributes: {
      slug: string;
      sport: string;
      status: "draft" | "published" | "cancelled";
      title: Texts;
      summary: Texts;
      description: Texts;
      startsAt: string;
      endsAt: string;
      timeZone: string;
      venue: { name: string; locality: string; country: string; latitude: number | null; longitude: number | null };
      coverAlt: Texts;
      signupOpensAt: string | null;
      signupClosesAt: string | null;
      minAge: number | null;
      maxAge: number | null;
      ageRule: string;
      medicalCertificate: string;
      certificateLater: boolean;
      certificateReminderDays: number[];
      federationCardRequired: boolean;
      participantsPerSignup: number;
      holdMinutes: number;
      offerHours: number;
      paymentTermDays: number;
      cancellationDaysBefore: number | null;
      transferDaysBefore: number | null;
      transferFee: number | null;
      refundDaysBefore: number | null;
      paymentMethods: string[];
      tshirtSizes: string[];
    };
  };
  included: {
    type: string;
    id: string;
    attributes: {
      slug: string;
      title?: Texts;
      name?: Texts;
      startsAt?: string;
      capacity?: number;
      placesTaken?: number;
      status?: "open" | "cancelled";
      firstNight?: string;
      lastNight?: string;
    };
  }[];
}

const TEXT_FIELDS = ["title", "summary", "description"] as const;

/** The event in every language, with its appointments and stays; nothing for a new one. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!params.id) return { event: null };
  const document = await readApi<EventDocument>(context, `/api/console/events/${encodeURIComponent(params.id)}`);
  return { event: document };
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

const PAYMENT_METHODS = [
  ["stripe", m.console_event_payment_stripe],
  ["demo", m.console_event_payment_demo],
  ["bank-transfer", m.console_event_payment_bank_transfer],
] as const;

/** Saves the event's fields, or changes its status (publish, unpublish, cancel once confirmed). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "status" && params.id) {
      const status = String(form.get("status"));
      if (status === "cancelled" && form.get("confirm") !== "yes")
        return { errors: { confirm: m.console_event_cancel_confirm() } as FieldErrors, saved: false };
      await api.patch(`/api/events/${params.id}`, { data: { type: "events", id: params.id, attributes: { status } } });
      return { errors: undefined, saved: true };
    }
    if (intent === "delete" && params.id) {
      await api.delete(`/api/events/${params.id}`);
      return redirect(`${prefix}${consolePath("events")}`);
    }
    if (intent === "appointment" && params.id) {
      const timeZone = String(form.get("timeZone") || "Europe/Rome");
      const price = number(form.get("appointment.price"));
      await api.post(`/api/events/${params.id}/appointments`, {
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
    if (intent === "stay" && params.id) {
      const answer = await api.post(`/api/events/${params.id}/stays`, {
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
      ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, textsFrom(form, name)])),
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
    if (!params.id) {
      const answer = await api.post("/api/events", { data: { type: "events", attributes } });
      const id = (answer.document?.data as { id: string } | undefined)?.id;
      return redirect(`${prefix}${consolePath("event", { id: id ?? "" })}`);
    }
    await api.patch(`/api/events/${params.id}`, { data: { type: "events", id: params.id, attributes } });
    return { errors: undefined, saved: true };
  } catch (error) {
    const errors = fieldErrorsOf(error);
    if (!errors) throw error;
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

/** `14, 7, 2` as days; undefined when a piece is not a whole number (the API checks the range). */
function reminderDaysFrom(value: FormDataEntryValue | null): number[] | undefined {
  const pieces = String(value ?? "")
    .split(/[,;\s]+/)
    .filter(Boolean);
  if (!pieces.every((piece) => /^\d{1,3}$/.test(piece))) return undefined;
  return pieces.map(Number);
}

export default function ConsoleEvent() {
  const { event } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { locale } = useRootData();
  const role = useConsoleRole();
  const errors = answer?.errors;
  const attributes = event?.data.attributes;
  const timeZone = attributes?.timeZone ?? "Europe/Rome";
  const missingCount = attributes
    ? TEXT_FIELDS.reduce((sum, name) => sum + missingLanguages(attributes[name]).length, 0)
    : 0;
  const appointments = event?.included.filter((resource) => resource.type === "appointments") ?? [];
  const stays = event?.included.filter((resource) => resource.type === "stays") ?? [];
  return (
    <main id="content" className="console-main">
      <h1>{attributes ? textIn(attributes.title, locale, attributes.slug) : m.console_event_new()}</h1>
      {event ? <EventTabs eventId={event.data.id} /> : null}
      <SaveOutcome saved={answer?.saved} errors={errors} />
      {attributes ? (
        <section aria-labelledby="status-heading">
          <h2 id="status-heading">{m.console_event_status_actions()}</h2>
          <p>
            <span className={`console-badge console-badge-${attributes.status}`}>
              {STATUS_LABELS[attributes.status]()}
            </span>{" "}
            {missingCount > 0 ? m.console_event_missing_count({ count: missingCount }) : null}
          </p>
          <div className="console-actions">
            {attributes.status === "draft" ? (
              <OrganiserForm method="post">
                <input type="hidden" name="intent" value="status" />
                <button type="submit" name="status" value="published">
                  {m.console_event_publish()}
                </button>
              </OrganiserForm>
            ) : null}
            {attributes.status === "published" ? (
              <OrganiserForm method="post">
                <input type="hidden" name="intent" value="status" />
                <button type="submit" name="status" value="draft">
                  {m.console_event_unpublish()}
                </button>
              </OrganiserForm>
            ) : null}
            {attributes.status === "draft" && appointments.every((a) => (a.attributes.placesTaken ?? 0) === 0) ? (
              <OrganiserForm method="post">
                <button type="submit" name="intent" value="delete">
                  {m.console_event_delete()}
                </button>
              </OrganiserForm>
            ) : null}
            {attributes.status !== "cancelled" ? (
              <OrganiserForm method="post" className="console-cancel">
                <input type="hidden" name="intent" value="status" />
                <label>
                  <input type="checkbox" name="confirm" value="yes" required /> {m.console_event_cancel_confirm()}
                </label>
                <button type="submit" name="status" value="cancelled">
                  {m.console_event_cancel()}
                </button>
                {errors?.confirm ? <p className="console-error">{errors.confirm}</p> : null}
              </OrganiserForm>
            ) : null}
          </div>
          {attributes.status !== "cancelled" ? (
            <ul className="console-previews console-list">
              {LOCALES.map((language) => (
                <li key={language}>
                  <a
                    href={`/${language}/evento/${attributes.slug}${attributes.status === "draft" ? "?anteprima=1" : ""}`}
                    hrefLang={language}
                  >
                    {m.console_event_preview({ language })}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {event && role === "organiser" ? (
            // The cover before publishing, too: the event's page is first seen with it.
            <p>
              <SiteLink to={consolePath("eventCover", { id: event.data.id })}>{m.console_cover_link()}</SiteLink>
            </p>
          ) : null}
        </section>
      ) : null}
      <OrganiserForm method="post" className="console-form" aria-labelledby="texts-heading">
        <input type="hidden" name="intent" value="save" />
        <h2 id="texts-heading">{m.console_event_section_texts()}</h2>
        {TEXT_FIELDS.map((name) => (
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
        <>
          <section aria-labelledby="appointments-heading">
            <h2 id="appointments-heading">{m.console_appointment_list()}</h2>
            {appointments.length === 0 ? (
              <p>{m.console_appointment_empty()}</p>
            ) : (
              <ul className="console-list">
                {appointments.map((appointment) => (
                  <li key={appointment.id}>
                    <SiteLink to={consolePath("appointment", { id: appointment.id })}>
                      {textIn(appointment.attributes.title ?? {}, locale, appointment.attributes.slug)}
                    </SiteLink>{" "}
                    —{" "}
                    {appointment.attributes.startsAt
                      ? formatDateTime(appointment.attributes.startsAt, locale, timeZone)
                      : null}{" "}
                    (
                    {m.console_appointment_taken({
                      taken: appointment.attributes.placesTaken ?? 0,
                      capacity: appointment.attributes.capacity ?? 0,
                    })}
                    )
                    {appointment.attributes.status === "cancelled" ? (
                      <>
                        {" "}
                        <span className="console-badge console-badge-cancelled">
                          {m.console_appointment_cancelled()}
                        </span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            <OrganiserForm method="post" className="console-form" aria-labelledby="appointment-add-heading">
              <h3 id="appointment-add-heading">{m.console_appointment_add()}</h3>
              <input type="hidden" name="intent" value="appointment" />
              <input type="hidden" name="timeZone" value={timeZone} />
              <LanguageFields
                name="appointment.title"
                label={m.console_event_field_title()}
                values={{}}
                errors={errors}
              />
              <div className="console-fields-row">
                <Field name="appointment.slug" label={m.console_event_field_slug()} errors={errors} required />
                <Field
                  name="appointment.startsAt"
                  type="datetime-local"
                  label={m.console_event_field_starts()}
                  errors={errors}
                  defaultValue={localFrom(attributes?.startsAt, timeZone)}
                  required
                />
                <Field
                  name="appointment.endsAt"
                  type="datetime-local"
                  label={m.console_event_field_ends()}
                  errors={errors}
                  defaultValue={localFrom(attributes?.endsAt, timeZone)}
                  required
                />
                <Field
                  name="appointment.capacity"
                  type="number"
                  label={m.console_appointment_field_capacity()}
                  errors={errors}
                  defaultValue={100}
                  required
                />
                <Field
                  name="appointment.price"
                  type="number"
                  step="0.01"
                  label={m.console_appointment_field_price()}
                  errors={errors}
                  defaultValue={20}
                  required
                />
              </div>
              <p>
                <button type="submit">{m.console_appointment_add()}</button>
              </p>
            </OrganiserForm>
          </section>
          <section aria-labelledby="stays-heading">
            <h2 id="stays-heading">{m.console_stay_list()}</h2>
            {stays.length === 0 ? (
              <p>{m.console_stay_empty()}</p>
            ) : (
              <ul className="console-list">
                {stays.map((stay) => (
                  <li key={stay.id}>
                    <SiteLink to={consolePath("stay", { id: stay.id })}>
                      {textIn(stay.attributes.name ?? {}, locale, stay.attributes.slug)}
                    </SiteLink>{" "}
                    ({stay.attributes.firstNight} – {stay.attributes.lastNight})
                  </li>
                ))}
              </ul>
            )}
            <OrganiserForm method="post" className="console-form" aria-labelledby="stay-add-heading">
              <h3 id="stay-add-heading">{m.console_stay_add()}</h3>
              <input type="hidden" name="intent" value="stay" />
              <LanguageFields name="stay.name" label={m.console_stay_field_name()} values={{}} errors={errors} />
              <div className="console-fields-row">
                <Field name="stay.slug" label={m.console_event_field_slug()} errors={errors} required />
                <Field
                  name="stay.firstNight"
                  type="date"
                  label={m.console_stay_field_first_night()}
                  errors={errors}
                  required
                />
                <Field
                  name="stay.lastNight"
                  type="date"
                  label={m.console_stay_field_last_night()}
                  errors={errors}
                  required
                />
              </div>
              <p>
                <button type="submit">{m.console_stay_add()}</button>
              </p>
            </OrganiserForm>
          </section>
        </>
      ) : null}
    </main>
  );
}
