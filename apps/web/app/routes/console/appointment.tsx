import { type CourseSummary, consolePath, isErrorDocument, JSONAPI_MEDIA_TYPE } from "@sports/jsonapi";
import { redirect, useActionData, useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import {
  Field,
  type FieldErrors,
  fieldErrorsOf,
  instantFrom,
  LanguageFields,
  localFrom,
  SaveOutcome,
  type Texts,
  textIn,
  textsFrom,
} from "../../console/catalogue-form.tsx";
import { OrganiserForm } from "../../console/organiser-form.tsx";
import { type LineDocument, WaitingListSection } from "../../console/waiting-list-section.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { readApi, refusalAnswer } from "../../lib/api.ts";
import { courseSummaryText } from "../../lib/course-text.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import { useRootData } from "../../root.tsx";
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

const numberOrNull = (value: FormDataEntryValue | null) => {
  const text = String(value ?? "").trim();
  return text === "" ? null : Number(text.replace(",", "."));
};

/**
 * Saves the appointment, deletes it (only while nobody signed up: the API says so otherwise), or
 * cancels it once the organiser ticked the confirmation.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "course-upload" || intent === "course-remove") return courseAction(context, params.id, form);
  const timeZone = String(form.get("timeZone") || "Europe/Rome");
  const eventId = String(form.get("eventId") ?? "");
  try {
    if (form.get("intent") === "cancel") {
      if (form.get("confirm") !== "yes")
        return { errors: { confirm: m.console_appointment_cancel_confirm() } as FieldErrors, saved: false };
      await api.patch(`/api/appointments/${params.id}`, {
        data: { type: "appointments", id: params.id, attributes: { status: "cancelled" } },
      });
      return { errors: undefined as FieldErrors | undefined, saved: true };
    }
    if (form.get("intent") === "delete") {
      await api.delete(`/api/appointments/${params.id}`);
      return redirect(`${prefix}${consolePath("event", { id: eventId })}`);
    }
    // Price tiers: one line each, "2027-05-31 25.00" (until that day) or "30.00" (until the start).
    const tiers = String(form.get("priceTiers") ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [first, second] = line.split(/\s+/);
        const until = second === undefined ? null : (first ?? null);
        const amount = Number(String(second ?? first).replace(",", "."));
        return { until, amount: Math.round(amount * 100) };
      });
    const deadline = String(form.get("signupDeadline") ?? "");
    const gender = String(form.get("gender") ?? "any");
    await api.patch(`/api/appointments/${params.id}`, {
      data: {
        type: "appointments",
        id: params.id,
        attributes: {
          slug: String(form.get("slug") ?? "").trim(),
          title: textsFrom(form, "title"),
          description: textsFrom(form, "description"),
          startsAt: instantFrom(String(form.get("startsAt") ?? ""), timeZone) ?? "",
          endsAt: instantFrom(String(form.get("endsAt") ?? ""), timeZone) ?? "",
          capacity: numberOrNull(form.get("capacity")) ?? 0,
          priceTiers: tiers,
          signupDeadline: deadline ? (instantFrom(deadline, timeZone) ?? deadline) : null,
          minAge: numberOrNull(form.get("minAge")),
          maxAge: numberOrNull(form.get("maxAge")),
          gender,
          bibFirst: numberOrNull(form.get("bibFirst")),
          bibLast: numberOrNull(form.get("bibLast")),
          waitingList: form.get("waitingList") === "yes",
        },
      },
    });
    return { errors: undefined as FieldErrors | undefined, saved: true };
  } catch (error) {
    const errors = fieldErrorsOf(error);
    if (!errors) throw refusalAnswer(error, prefix);
    return { errors, saved: false };
  }
}

export default function ConsoleAppointment() {
  const { data, included, line } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const answer = answered && "saved" in answered ? answered : undefined;
  const courseAnswer = answered && "courseError" in answered ? answered : undefined;
  const { locale } = useRootData();
  const errors = answer?.errors;
  const event = included[0];
  const timeZone = event?.attributes.timeZone ?? "Europe/Rome";
  const a = data.attributes;
  const course = a.course;
  const tiers = a.priceTiers
    .map((tier) => `${tier.until ? `${tier.until} ` : ""}${(tier.amount / 100).toFixed(2)}`)
    .join("\n");
  return (
    <main id="content" className="console-main">
      <h1>{textIn(a.title, locale, a.slug)}</h1>
      {event ? (
        <p>
          <SiteLink to={consolePath("event", { id: event.id })}>
            {textIn(event.attributes.title, locale, event.attributes.slug)}
          </SiteLink>
        </p>
      ) : null}
      <p>{m.console_appointment_taken({ taken: a.placesTaken, capacity: a.capacity })}</p>
      {a.status === "cancelled" ? (
        <p>
          <span className="console-badge console-badge-cancelled">{m.console_appointment_cancelled()}</span>{" "}
          {m.console_appointment_cancelled_note()}
        </p>
      ) : null}
      <SaveOutcome saved={answer?.saved} errors={errors} />
      <OrganiserForm method="post" className="console-form">
        <input type="hidden" name="timeZone" value={timeZone} />
        <input type="hidden" name="eventId" value={event?.id ?? ""} />
        <LanguageFields name="title" label={m.console_event_field_title()} values={a.title} errors={errors} />
        <LanguageFields
          name="description"
          label={m.console_event_field_description()}
          values={a.description}
          errors={errors}
          multiline
        />
        <div className="console-fields-row">
          <Field name="slug" label={m.console_event_field_slug()} errors={errors} defaultValue={a.slug} required />
          <Field
            name="startsAt"
            type="datetime-local"
            label={m.console_event_field_starts()}
            errors={errors}
            defaultValue={localFrom(a.startsAt, timeZone)}
            required
          />
          <Field
            name="endsAt"
            type="datetime-local"
            label={m.console_event_field_ends()}
            errors={errors}
            defaultValue={localFrom(a.endsAt, timeZone)}
            required
          />
          <Field
            name="capacity"
            type="number"
            label={m.console_appointment_field_capacity()}
            errors={errors}
            defaultValue={a.capacity}
            required
          />
          <Field
            name="signupDeadline"
            type="datetime-local"
            label={m.console_appointment_field_deadline()}
            errors={errors}
            defaultValue={localFrom(a.signupDeadline, timeZone)}
          />
          <Field
            name="minAge"
            type="number"
            label={m.console_appointment_field_min_age()}
            errors={errors}
            defaultValue={a.minAge}
          />
          <Field
            name="maxAge"
            type="number"
            label={m.console_appointment_field_max_age()}
            errors={errors}
            defaultValue={a.maxAge}
          />
          <Field name="gender" label={m.console_appointment_field_gender()} errors={errors}>
            <select id="gender" name="gender" defaultValue={a.gender}>
              <option value="any">{m.console_appointment_gender_any()}</option>
              <option value="female">{m.console_appointment_gender_female()}</option>
              <option value="male">{m.console_appointment_gender_male()}</option>
            </select>
          </Field>
          <Field
            name="bibFirst"
            type="number"
            label={m.console_appointment_field_bib_first()}
            errors={errors}
            defaultValue={a.bibFirst}
          />
          <Field
            name="bibLast"
            type="number"
            label={m.console_appointment_field_bib_last()}
            errors={errors}
            defaultValue={a.bibLast}
          />
        </div>
        <div className="console-field">
          <label>
            <input type="checkbox" name="waitingList" value="yes" defaultChecked={a.waitingList} />{" "}
            {m.console_appointment_field_waiting_list()}
          </label>
        </div>
        <Field name="priceTiers" label={m.console_appointment_field_tiers()} errors={errors}>
          <textarea
            id="priceTiers"
            name="priceTiers"
            rows={4}
            defaultValue={tiers}
            aria-describedby="priceTiers-hint"
          />
        </Field>
        <p id="priceTiers-hint">{m.console_appointment_tiers_hint()}</p>
        <p>
          <button type="submit" name="intent" value="save">
            {m.console_event_save()}
          </button>
        </p>
      </OrganiserForm>
      <section className="console-section" aria-labelledby="course-title">
        <h2 id="course-title">{m.console_course_heading()}</h2>
        <p className="console-hint">{m.console_course_lead()}</p>
        {courseAnswer?.course === "saved" ? (
          <p className="notice notice-ok" role="status">
            {m.console_course_saved()}
          </p>
        ) : courseAnswer?.course === "removed" ? (
          <p className="notice notice-ok" role="status">
            {m.console_course_removed()}
          </p>
        ) : null}
        <p className="console-course-current">
          {course ? m.console_course_current({ summary: courseSummaryText(course, locale) }) : m.console_course_none()}
        </p>
        <OrganiserForm method="post" encType="multipart/form-data" className="console-form">
          <div className="console-field">
            <label htmlFor="course-file">{m.console_course_file()}</label>
            <input
              id="course-file"
              name="gpx"
              type="file"
              accept=".gpx,application/gpx+xml,application/xml,text/xml"
              required
              aria-invalid={courseAnswer?.courseError ? true : undefined}
              aria-describedby={courseAnswer?.courseError ? "course-error" : undefined}
            />
            {courseAnswer?.courseError ? (
              <p id="course-error" className="field-error console-error" role="alert">
                {courseAnswer.courseError}
              </p>
            ) : null}
          </div>
          <p>
            <button type="submit" name="intent" value="course-upload">
              {m.console_course_upload()}
            </button>
          </p>
        </OrganiserForm>
        {course ? (
          <OrganiserForm method="post" className="console-form">
            <p>
              <button type="submit" name="intent" value="course-remove">
                {m.console_course_remove()}
              </button>
            </p>
          </OrganiserForm>
        ) : null}
      </section>
      <WaitingListSection line={line} timeZone={timeZone} />
      {a.status !== "cancelled" ? (
        <OrganiserForm method="post" className="console-cancel">
          <input type="hidden" name="intent" value="cancel" />
          <label>
            <input type="checkbox" name="confirm" value="yes" required /> {m.console_appointment_cancel_confirm()}
          </label>
          <button type="submit">{m.console_appointment_cancel()}</button>
          {errors?.confirm ? <p className="console-error">{errors.confirm}</p> : null}
        </OrganiserForm>
      ) : null}
      {a.placesTaken === 0 ? (
        <OrganiserForm method="post">
          <input type="hidden" name="eventId" value={event?.id ?? ""} />
          <button type="submit" name="intent" value="delete">
            {m.console_appointment_delete()}
          </button>
        </OrganiserForm>
      ) : null}
    </main>
  );
}
