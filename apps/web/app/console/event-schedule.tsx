import { consolePath } from "@sports/jsonapi";
import { SiteLink } from "../components/site-link.tsx";
import { formatDateTime } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";
import { Field, type FieldErrors, LanguageFields, localFrom, textIn } from "./catalogue-form.tsx";
import type { EventDocument, EventPart } from "./event-document.ts";
import { OrganiserForm } from "./organiser-form.tsx";

/**
 * The event's appointments and stays, each linked to its own page, with a form to add one of each.
 * A new appointment starts and ends, by default, when the event does.
 */
export function EventSchedule({
  event,
  appointments,
  stays,
  errors,
  locale,
}: {
  event: EventDocument;
  appointments: EventPart[];
  stays: EventPart[];
  errors: FieldErrors | undefined;
  locale: string;
}) {
  const attributes = event.data.attributes;
  const timeZone = attributes.timeZone;
  return (
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
                    <span className="console-badge console-badge-cancelled">{m.console_appointment_cancelled()}</span>
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
          <LanguageFields name="appointment.title" label={m.console_event_field_title()} values={{}} errors={errors} />
          <div className="console-fields-row">
            <Field name="appointment.slug" label={m.console_event_field_slug()} errors={errors} required />
            <Field
              name="appointment.startsAt"
              type="datetime-local"
              label={m.console_event_field_starts()}
              errors={errors}
              defaultValue={localFrom(attributes.startsAt, timeZone)}
              required
            />
            <Field
              name="appointment.endsAt"
              type="datetime-local"
              label={m.console_event_field_ends()}
              errors={errors}
              defaultValue={localFrom(attributes.endsAt, timeZone)}
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
  );
}
