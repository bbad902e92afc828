import { consolePath } from "@sports/jsonapi";
import { SiteLink } from "../components/site-link.tsx";
import { newAppointmentForm, newStayForm } from "../forms/console-catalogue.ts";
import { FormErrors, RequiredLegend, TextField } from "../forms/fields.tsx";
import { localFrom, textIn } from "../lib/catalogue-values.ts";
import { formatDateTime } from "../lib/format.ts";
import * as m from "../paraglide/messages.js";
import { TranslatedFields, translatedLabels, useConsoleForm } from "./console-form.tsx";
import type { EventDocument, EventPart } from "./event-document.ts";
import type { EventFormOutcome } from "./event-form.server.ts";
import { OrganiserForm } from "./organiser-form.tsx";

/**
 * The event's appointments and stays, each linked to its own page, with a form to add one of each.
 * A new appointment starts and ends, by default, when the event does.
 */
export function EventSchedule({
  event,
  appointments,
  stays,
  answer,
  locale,
}: {
  event: EventDocument;
  appointments: EventPart[];
  stays: EventPart[];
  /** The action's answer to one of the two forms here. */
  answer: Pick<EventFormOutcome, "intent" | "result"> | undefined;
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
        <NewAppointment event={event} lastResult={answer?.intent === "appointment" ? answer.result : undefined} />
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
        <NewStay lastResult={answer?.intent === "stay" ? answer.result : undefined} />
      </section>
    </>
  );
}

type LastResult = EventFormOutcome["result"];

/** A new appointment: its title, slug, times (by default the event's), places and one price. */
function NewAppointment({ event, lastResult }: { event: EventDocument; lastResult: LastResult }) {
  const { timeZone, startsAt, endsAt } = event.data.attributes;
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "appointment-new",
    schema: newAppointmentForm,
    lastResult,
    defaultValue: {
      startsAt: localFrom(startsAt, timeZone),
      endsAt: localFrom(endsAt, timeZone),
      capacity: "100",
      price: "20",
    },
  });
  const labels = {
    ...translatedLabels("title", m.console_event_field_title()),
    slug: m.console_event_field_slug(),
    startsAt: m.console_event_field_starts(),
    endsAt: m.console_event_field_ends(),
    capacity: m.console_appointment_field_capacity(),
    price: m.console_appointment_field_price(),
  };
  return (
    <OrganiserForm method="post" className="console-form" aria-labelledby="appointment-add-heading" {...formProps}>
      <h3 id="appointment-add-heading">{m.console_appointment_add()}</h3>
      <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
      <RequiredLegend />
      <input type="hidden" name="intent" value="appointment" />
      <input type="hidden" name="timeZone" value={timeZone} />
      <TranslatedFields field={fields.title} label={m.console_event_field_title()} />
      <div className="console-fields-row">
        <TextField field={fields.slug} label={labels.slug} hint={m.console_slug_hint()} required />
        <TextField field={fields.startsAt} label={labels.startsAt} type="datetime-local" required />
        <TextField field={fields.endsAt} label={labels.endsAt} type="datetime-local" required />
        <TextField field={fields.capacity} label={labels.capacity} type="number" inputMode="numeric" required />
        <TextField field={fields.price} label={labels.price} inputMode="decimal" required />
      </div>
      <p>
        <button type="submit" className="button button-primary">
          {m.console_appointment_add()}
        </button>
      </p>
    </OrganiserForm>
  );
}

/** A new stay: its name, slug and the nights it offers; its room types are added on its own page. */
function NewStay({ lastResult }: { lastResult: LastResult }) {
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "stay-new",
    schema: newStayForm,
    lastResult,
  });
  const labels = {
    ...translatedLabels("name", m.console_stay_field_name()),
    slug: m.console_event_field_slug(),
    firstNight: m.console_stay_field_first_night(),
    lastNight: m.console_stay_field_last_night(),
  };
  return (
    <OrganiserForm method="post" className="console-form" aria-labelledby="stay-add-heading" {...formProps}>
      <h3 id="stay-add-heading">{m.console_stay_add()}</h3>
      <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
      <RequiredLegend />
      <input type="hidden" name="intent" value="stay" />
      <TranslatedFields field={fields.name} label={m.console_stay_field_name()} />
      <div className="console-fields-row">
        <TextField field={fields.slug} label={labels.slug} hint={m.console_slug_hint()} required />
        <TextField field={fields.firstNight} label={labels.firstNight} type="date" required />
        <TextField field={fields.lastNight} label={labels.lastNight} type="date" required />
      </div>
      <p>
        <button type="submit" className="button button-primary">
          {m.console_stay_add()}
        </button>
      </p>
    </OrganiserForm>
  );
}
