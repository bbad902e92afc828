import { type CourseSummary, consolePath, isErrorDocument, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import { redirect, useActionData, useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import { AppointmentTabs } from "../../console/appointment-tabs.tsx";
import { FileField, Refusal, TranslatedFields, translatedLabels, useConsoleForm } from "../../console/console-form.tsx";
import { consoleReply, refusalMessage } from "../../console/console-reply.server.ts";
import { DoneNotice } from "../../console/notices.tsx";
import { CancelForm, FormPageHead, OrganiserForm } from "../../console/organiser-form.tsx";
import { PriceTierRows, tierLabels } from "../../console/price-tiers.tsx";
import { type LineDocument, WaitingListSection } from "../../console/waiting-list-section.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { appointmentAttributes, appointmentForm, unitsOf } from "../../forms/console-catalogue.ts";
import { CheckboxField, FormErrors, RequiredLegend, rowsOf, SelectField, TextField } from "../../forms/fields.tsx";
import { replyWithErrors } from "../../forms/reply.ts";
import { parseForm } from "../../forms/use-site-form.ts";
import { readApi, refusalAnswer } from "../../lib/api.ts";
import { localFrom, type Texts, textIn } from "../../lib/catalogue-values.ts";
import { courseSummaryText } from "../../lib/course-text.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/appointment.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_appointment_edit());
}

interface AppointmentDocument {
  data: {
    id: string;
    attributes: {
      slug: string;
      title: Texts;
      description: Texts;
      startsAt: string;
      endsAt: string;
      capacity: number;
      placesTaken: number;
      currency: string;
      priceTiers: { until: string | null; amount: number }[];
      signupDeadline: string | null;
      minAge: number | null;
      maxAge: number | null;
      gender: "any" | "female" | "male";
      bibFirst: number | null;
      bibLast: number | null;
      waitingList: boolean;
      status: "open" | "cancelled";
      cancelledAt: string | null;
      /** The course's figures; null without one. */
      course: CourseSummary | null;
    };
    relationships: { event: { data: { id: string } } };
  };
  included: { id: string; attributes: { title: Texts; slug: string; timeZone: string } }[];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.id);
  const [appointment, line] = await Promise.all([
    readApi<AppointmentDocument>(context, `/api/console/appointments/${id}`),
    readApi<LineDocument>(context, `/api/appointments/${id}/waiting-list-entries`),
  ]);
  return { ...appointment, line };
}

/** The message for the API's refusal of a GPX file (its `code`), in the organiser's language. */
function courseRefusal(code: string | undefined, detail: string | undefined): string {
  switch (code) {
    case "gpx-not-xml":
      return m.console_course_error_invalid();
    case "gpx-doctype":
      return m.console_course_error_doctype();
    case "gpx-no-track":
      return m.console_course_error_no_track();
    case "gpx-too-large":
      return m.console_course_error_too_large();
    case "gpx-too-many-points":
      return m.console_course_error_too_many_points();
    case "gpx-too-deep":
      return m.console_course_error_too_deep();
    default:
      return m.console_course_error_other({ detail: detail ?? code ?? "" });
  }
}

/**
 * Sends the chosen GPX file's text as the raw body of `PUT /api/appointments/{id}/course`, or
 * removes the course; a refusal comes back as the field's error.
 */
async function courseAction(context: Route.ActionArgs["context"], id: string, form: FormData) {
  const { apiFetch } = context.get(siteContext);
  const path = `/api/appointments/${encodeURIComponent(id)}/course`;
  if (form.get("intent") === "course-remove") {
    const response = await apiFetch(path, { method: "DELETE", headers: { Accept: JSONAPI_MEDIA_TYPE } });
    if (!response.ok && response.status !== 404) throw new Response(null, { status: response.status });
    return { course: "removed" as const, courseError: null };
  }
  const file = form.get("gpx");
  if (!(file instanceof File) || file.size === 0) return { course: null, courseError: m.console_course_missing() };
  const response = await apiFetch(path, {
    method: "PUT",
    body: await file.text(),
    headers: { Accept: JSONAPI_MEDIA_TYPE, "Content-Type": "application/gpx+xml" },
  });
  if (response.ok) return { course: "saved" as const, courseError: null };
  if (response.status === 413) return { course: null, courseError: m.console_course_error_too_large() };
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  const refusal = isErrorDocument(parsed) ? parsed.errors[0] : undefined;
  if (response.status >= 500 || response.status === 403 || !refusal)
    throw new Response(null, { status: response.status });
  return { course: null, courseError: courseRefusal(refusal.code, refusal.detail ?? refusal.title) };
}

/**
 * Saves the appointment (or, without JavaScript, adds or removes a row of prices and shows the
 * form again), deletes it once the organiser confirmed on the page the first press shows (only while
 * nobody signed up: the API says so otherwise), or cancels it once the organiser ticked the confirmation.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "course-upload" || intent === "course-remove") return courseAction(context, params.id, form);
  const eventId = String(form.get("eventId") ?? "");
  if (intent === "cancel") {
    if (form.get("confirm") !== "yes") return { intent, refusal: m.console_appointment_cancel_confirm() };
    await api
      .patch(`/api/appointments/${params.id}`, {
        data: { type: "appointments", id: params.id, attributes: { status: "cancelled" } },
      })
      .catch((error: unknown) => {
        throw refusalAnswer(error, prefix);
      });
    return { intent, saved: true };
  }
  if (intent === "delete") {
    // The first press asks; only the confirmation's button, sent with `confirm`, deletes.
    if (form.get("confirm") !== "yes") return { intent, confirming: true };
    try {
      await api.delete(`/api/appointments/${params.id}`);
    } catch (error) {
      return {
        intent,
        refusal: refusalMessage(error, prefix, { "has-signups": m.console_appointment_delete_refused }),
      };
    }
    return redirect(`${prefix}${consolePath("event", { id: eventId })}`);
  }
  const submission = parseForm(form, appointmentForm);
  if (submission.status !== "success") return { intent: "save", result: replyWithErrors(submission) };
  const timeZone = String(form.get("timeZone") || "Europe/Rome");
  try {
    await api.patch(`/api/appointments/${params.id}`, {
      data: { type: "appointments", id: params.id, attributes: appointmentAttributes(submission.value, timeZone) },
    });
  } catch (error) {
    return { intent: "save", result: consoleReply(submission, error, prefix) };
  }
  return { intent: "save", result: submission.reply(), saved: true };
}

export default function ConsoleAppointment() {
  const { data, included, line } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const answer = answered && "intent" in answered ? answered : undefined;
  const courseAnswer = answered && "courseError" in answered ? answered : undefined;
  const confirming = answer?.intent === "delete" && "confirming" in answer;
  const { locale } = useRootData();
  const event = included[0];
  const timeZone = event?.attributes.timeZone ?? "Europe/Rome";
  const a = data.attributes;
  const course = a.course;
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "appointment",
    schema: appointmentForm,
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: {
      title: a.title,
      description: a.description,
      slug: a.slug,
      startsAt: localFrom(a.startsAt, timeZone),
      endsAt: localFrom(a.endsAt, timeZone),
      capacity: String(a.capacity),
      signupDeadline: localFrom(a.signupDeadline, timeZone),
      minAge: a.minAge === null ? "" : String(a.minAge),
      maxAge: a.maxAge === null ? "" : String(a.maxAge),
      gender: a.gender,
      bibFirst: a.bibFirst === null ? "" : String(a.bibFirst),
      bibLast: a.bibLast === null ? "" : String(a.bibLast),
      waitingList: a.waitingList,
      priceTiers: a.priceTiers.map((tier) => ({ until: tier.until ?? "", amount: unitsOf(tier.amount) })),
    },
  });
  const labels = {
    ...translatedLabels("title", m.console_event_field_title()),
    ...translatedLabels("description", m.console_event_field_description()),
    slug: m.console_event_field_slug(),
    startsAt: m.console_event_field_starts(),
    endsAt: m.console_event_field_ends(),
    capacity: m.console_appointment_field_capacity(),
    signupDeadline: m.console_appointment_field_deadline(),
    minAge: m.console_appointment_field_min_age(),
    maxAge: m.console_appointment_field_max_age(),
    gender: m.console_appointment_field_gender(),
    bibFirst: m.console_appointment_field_bib_first(),
    bibLast: m.console_appointment_field_bib_last(),
    waitingList: m.console_appointment_field_waiting_list(),
    ...tierLabels("priceTiers", rowsOf(fields.priceTiers).length),
  };
  return (
    <main id="content" className="console-main">
      <FormPageHead
        title={textIn(a.title, locale, a.slug)}
        back={
          event
            ? {
                to: consolePath("event", { id: event.id }),
                label: textIn(event.attributes.title, locale, event.attributes.slug),
              }
            : undefined
        }
        saved={answer && "saved" in answer && answer.saved}
      >
        <AppointmentTabs appointmentId={data.id} />
        <p>{m.console_appointment_taken({ taken: a.placesTaken, capacity: a.capacity })}</p>
        {a.status === "cancelled" ? (
          <p>
            <span className="console-badge console-badge-cancelled">{m.console_appointment_cancelled()}</span>{" "}
            {m.console_appointment_cancelled_note()}
          </p>
        ) : null}
      </FormPageHead>
      <OrganiserForm method="post" className="console-form" {...formProps}>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <RequiredLegend />
        <input type="hidden" name="timeZone" value={timeZone} />
        <input type="hidden" name="eventId" value={event?.id ?? ""} />
        <TranslatedFields field={fields.title} label={m.console_event_field_title()} />
        <TranslatedFields field={fields.description} label={m.console_event_field_description()} multiline />
        <div className="console-fields-row">
          <TextField field={fields.slug} label={labels.slug} hint={m.console_slug_hint()} required />
          <TextField field={fields.startsAt} label={labels.startsAt} type="datetime-local" required />
          <TextField field={fields.endsAt} label={labels.endsAt} type="datetime-local" required />
          <TextField field={fields.capacity} label={labels.capacity} type="number" inputMode="numeric" required />
          <TextField field={fields.signupDeadline} label={labels.signupDeadline} type="datetime-local" />
          <TextField field={fields.minAge} label={labels.minAge} type="number" inputMode="numeric" />
          <TextField field={fields.maxAge} label={labels.maxAge} type="number" inputMode="numeric" />
          <SelectField field={fields.gender} label={labels.gender}>
            <option value="any">{m.console_appointment_gender_any()}</option>
            <option value="female">{m.console_appointment_gender_female()}</option>
            <option value="male">{m.console_appointment_gender_male()}</option>
          </SelectField>
          <TextField field={fields.bibFirst} label={labels.bibFirst} type="number" inputMode="numeric" />
          <TextField field={fields.bibLast} label={labels.bibLast} type="number" inputMode="numeric" />
        </div>
        <CheckboxField field={fields.waitingList} label={labels.waitingList} />
        <PriceTierRows form={form} field={fields.priceTiers} />
        <p>
          <button type="submit" name="intent" value="save" className="button button-primary">
            {m.console_event_save()}
          </button>
        </p>
      </OrganiserForm>
      <section className="console-section" aria-labelledby="course-title">
        <h2 id="course-title">{m.console_course_heading()}</h2>
        <p className="console-hint">{m.console_course_lead()}</p>
        {courseAnswer?.course === "saved" ? <DoneNotice>{m.console_course_saved()}</DoneNotice> : null}
        {courseAnswer?.course === "removed" ? <DoneNotice>{m.console_course_removed()}</DoneNotice> : null}
        <p className="console-course-current">
          {course ? m.console_course_current({ summary: courseSummaryText(course, locale) }) : m.console_course_none()}
        </p>
        <OrganiserForm method="post" encType="multipart/form-data" className="console-form" noValidate>
          <FileField
            id="course-file"
            name="gpx"
            label={m.console_course_file()}
            accept=".gpx,application/gpx+xml,application/xml,text/xml"
            error={courseAnswer?.courseError}
          />
          <p>
            <button type="submit" name="intent" value="course-upload" className="button button-primary">
              {m.console_course_upload()}
            </button>
          </p>
        </OrganiserForm>
        {course ? (
          <OrganiserForm method="post" className="console-form">
            <p>
              <button type="submit" name="intent" value="course-remove" className="button button-danger">
                {m.console_course_remove()}
              </button>
            </p>
          </OrganiserForm>
        ) : null}
      </section>
      <WaitingListSection line={line} timeZone={timeZone} />
      {a.status !== "cancelled" ? (
        <CancelForm
          confirm={m.console_appointment_cancel_confirm()}
          label={m.console_appointment_cancel()}
          refusalId="cancel-refusal"
          refused={Boolean(answer?.intent === "cancel" && answer.refusal)}
        >
          <Refusal id="cancel-refusal" message={answer?.intent === "cancel" ? answer.refusal : undefined} />
          <input type="hidden" name="intent" value="cancel" />
        </CancelForm>
      ) : null}
      {a.placesTaken === 0 ? (
        <OrganiserForm method="post" className={confirming ? "console-confirm" : undefined}>
          <Refusal
            id="delete-refusal"
            message={answer?.intent === "delete" && "refusal" in answer ? answer.refusal : undefined}
          />
          <input type="hidden" name="eventId" value={event?.id ?? ""} />
          {confirming ? (
            <>
              <Refusal id="delete-ask" message={m.console_appointment_delete_ask()} />
              <input type="hidden" name="confirm" value="yes" />
              <p className="console-actions">
                <button type="submit" name="intent" value="delete" className="button button-danger">
                  {m.console_appointment_delete_yes()}
                </button>
                <SiteLink to={consolePath("appointment", { id: data.id })} className="button">
                  {m.console_appointment_delete_keep()}
                </SiteLink>
              </p>
            </>
          ) : (
            <button type="submit" name="intent" value="delete" className="button button-danger">
              {m.console_appointment_delete()}
            </button>
          )}
        </OrganiserForm>
      ) : null}
    </main>
  );
}
