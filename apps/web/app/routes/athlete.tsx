import { getFormProps } from "@conform-to/react";
import {
  ApiError,
  type AthleteLinkAttributes,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MEDIA_TYPES,
  eventPath,
} from "@sports/jsonapi";
import { useMemo } from "react";
import { Form, type RouterContextProvider } from "react-router";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext } from "../context.ts";
import { athleteChange, athleteForm, certificateNeeded } from "../forms/athlete.ts";
import { CheckboxField, FileField, FormErrors, RequiredLegend, TextField } from "../forms/fields.tsx";
import { errorMessage } from "../forms/messages.ts";
import { replyWithApiError } from "../forms/reply.ts";
import { SubmitButton } from "../forms/submit-button.tsx";
import { parseForm, useSiteForm } from "../forms/use-site-form.ts";
import { uploadFile } from "../lib/api.ts";
import { athletePartsText } from "../lib/athlete-parts.ts";
import { formatCalendarDay, formatDateTime, formatDay } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/athlete.ts";

export { privateHeaders as headers } from "../lib/seo.ts";

export function meta() {
  return privatePageMeta(m.athlete_title());
}

/** The link opens nothing: unknown, spent, replaced by a newer mail, lapsed (the API tells none apart). */
class LinkNotValid extends Error {}

/** What the athlete's link opens (`GET /api/athlete-links/{token}`), in the page's language. */
async function readLink(context: Readonly<RouterContextProvider>, token: string): Promise<AthleteLinkAttributes> {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  try {
    const { document } = await api.get(`/api/athlete-links/${encodeURIComponent(token)}`, {
      query: { locale },
      keep: false,
    });
    return (document.data as unknown as { attributes: AthleteLinkAttributes }).attributes;
  } catch (error) {
    if (ApiError.is(error) && error.status === 404) throw new LinkNotValid();
    throw error;
  }
}

/**
 * A club's athlete's own page, from their mailed link (`?token=`; docs/decisions/068-club-entries.md):
 * who and which race, and the form for their part, without an account. A link that opens nothing
 * says so, and whom to ask.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    return { token, link: await readLink(context, token) };
  } catch (error) {
    if (error instanceof LinkNotValid) return { token, link: null };
    throw error;
  }
}

/**
 * Uploads a chosen certificate first (`POST /api/athlete-links/{token}/certificates`) and puts its id
 * in its place (`keptCertificateId`), so a form sent back for another field keeps it; then gives the
 * part (`PATCH`). Works as a plain multipart form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const formData = await request.formData();
  const token = String(formData.get("token") ?? "");
  try {
    const link = await readLink(context, token);
    const uploadErrors = await uploadCertificate(context, token, formData);
    const submission = parseForm(formData, athleteForm(link));
    if (submission.status !== "success" || Object.keys(uploadErrors).length > 0)
      return { outcome: "form" as const, result: submission.reply({ fieldErrors: uploadErrors }) };
    try {
      const { document } = await api.patch(
        `/api/athlete-links/${encodeURIComponent(token)}`,
        { data: { type: "athlete-links", attributes: athleteChange(submission.value, link) } },
        { query: { locale }, keep: false },
      );
      const done = (document?.data as unknown as { attributes: AthleteLinkAttributes } | undefined)?.attributes;
      if (!done) throw new Error("The athlete's link answered no resource.");
      return { outcome: "done" as const, done };
    } catch (error) {
      if (ApiError.is(error) && error.status === 404) throw new LinkNotValid();
      return { outcome: "form" as const, result: replyWithApiError(submission, error) };
    }
  } catch (error) {
    if (error instanceof LinkNotValid) return { outcome: "invalid" as const };
    throw error;
  }
}

async function uploadCertificate(
  context: Readonly<RouterContextProvider>,
  token: string,
  formData: FormData,
): Promise<Record<string, string[]>> {
  const file = formData.get("certificateId");
  formData.delete("certificateId");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) return {};
  try {
    const path = `/api/athlete-links/${encodeURIComponent(token)}/certificates`;
    const document = await uploadFile(context, path, file);
    const certificate = document.data as { id: string; attributes?: { fileName?: string } };
    formData.set("keptCertificateId", certificate.id);
    formData.set("certificateName", certificate.attributes?.fileName ?? file.name);
    return {};
  } catch (error) {
    if (!ApiError.is(error) || error.status >= 500) throw error;
    if (error.status === 404) throw new LinkNotValid();
    const code = error.status === 413 ? "body-too-large" : (error.errors[0]?.code ?? "invalid");
    return { certificateId: [errorMessage(code)] };
  }
}

export default function Athlete({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { link, token } = loaderData;
  if (actionData?.outcome === "done") {
    const { done } = actionData;
    return (
      <main id="content" className="container section narrow account-page">
        <h1>{m.athlete_done_title({ name: done.givenName })}</h1>
        <p className="notice notice-ok" role="status">
          {m.athlete_done({ race: [done.eventTitle, done.appointmentTitle].filter(Boolean).join(" – ") })}
        </p>
        {done.missing.includes("certificate") ? <p>{m.athlete_done_certificate_later()}</p> : null}
      </main>
    );
  }
  if (!link || actionData?.outcome === "invalid") {
    return (
      <main id="content" className="container section narrow account-page">
        <h1>{m.athlete_invalid_title()}</h1>
        <p className="notice notice-warning" role="alert">
          {m.athlete_invalid()}
        </p>
        <p>{m.athlete_invalid_hint()}</p>
      </main>
    );
  }
  return (
    <main id="content" className="container section narrow account-page">
      <h1>{m.athlete_title()}</h1>
      <p className="lead">{link.club ? m.athlete_lead({ club: link.club }) : m.athlete_lead_no_club()}</p>
      <dl className="facts">
        <div>
          <dt>{m.athlete_name_label()}</dt>
          <dd>
            {`${link.givenName} ${link.familyName}`}
            {link.birthDate ? ` (${formatCalendarDay(link.birthDate, locale)})` : ""}
          </dd>
        </div>
        {link.club ? (
          <div>
            <dt>{m.athlete_club_label()}</dt>
            <dd>{link.club}</dd>
          </div>
        ) : null}
        <div>
          <dt>{m.athlete_event_label()}</dt>
          <dd>
            <SiteLink to={eventPath(link.eventSlug)}>{link.eventTitle}</SiteLink>
          </dd>
        </div>
        <div>
          <dt>{m.athlete_race_label()}</dt>
          <dd>{link.appointmentTitle}</dd>
        </div>
        <div>
          <dt>{m.athlete_date_label()}</dt>
          <dd>
            <time dateTime={link.startsAt}>{formatDay(link.startsAt, locale, link.timeZone)}</time>
          </dd>
        </div>
      </dl>
      {link.missing.length > 0 ? <p>{m.athlete_missing({ parts: athletePartsText(link.missing, locale) })}</p> : null}
      <p>{m.athlete_until({ date: formatDateTime(link.expiresAt, locale, link.timeZone) })}</p>
      <AthleteForm
        token={token}
        link={link}
        lastResult={actionData?.outcome === "form" ? actionData.result : undefined}
      />
    </main>
  );
}

type LastResult = Parameters<typeof useSiteForm>[0]["lastResult"];

/** The athlete's part: consents (unless given), emergency contact, certificate when the event asks. */
function AthleteForm({
  token,
  link,
  lastResult,
}: {
  token: string;
  link: AthleteLinkAttributes;
  lastResult: LastResult;
}) {
  const { locale } = useRootData();
  const schema = useMemo(() => athleteForm(link), [link]);
  const [form, fields] = useSiteForm({
    id: "athlete",
    schema,
    lastResult,
    defaultValue: {
      emergencyContactName: link.emergencyContactName ?? "",
      emergencyContactPhone: link.emergencyContactPhone ?? "",
    } as never,
  });
  const { certificate } = link;
  const kept = typeof fields.keptCertificateId.value === "string" ? fields.keptCertificateId.value : "";
  const keptName = typeof fields.certificateName.value === "string" ? fields.certificateName.value : "";
  const needed = certificateNeeded(link);
  // In the order of the fields on the page, as the summary above the form lists them.
  const labels: Record<string, string> = {
    emergencyContactName: m.field_emergency_contact_name(),
    emergencyContactPhone: m.field_emergency_contact_phone(),
    ...(certificate.required
      ? { certificateId: m.field_certificate(), certificateExpiresOn: m.field_certificate_expires_on() }
      : {}),
    ...(link.consentsGiven
      ? {}
      : { termsAccepted: m.field_participant_terms(), privacyAccepted: m.field_participant_privacy() }),
  };

  const kind = certificate.kind === "competitive" ? m.certificate_competitive() : m.certificate_non_competitive();
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="account-form">
      <FormErrors form={form} labels={labels} />
      <RequiredLegend />
      <input type="hidden" name="token" value={token} />
      <div className="field-row">
        <TextField
          field={fields.emergencyContactName}
          required
          label={labels.emergencyContactName ?? ""}
          hint={m.field_emergency_contact_hint()}
          autoComplete="off"
        />
        <TextField
          field={fields.emergencyContactPhone}
          required
          label={labels.emergencyContactPhone ?? ""}
          type="tel"
          autoComplete="off"
        />
      </div>
      {certificate.required ? (
        <div className="certificate">
          {kept ? (
            <>
              <input type="hidden" name={fields.keptCertificateId.name} value={kept} />
              {keptName ? <input type="hidden" name={fields.certificateName.name} value={keptName} /> : null}
              <p className="notice notice-ok">
                {keptName ? m.certificate_on_file_named({ name: keptName }) : m.certificate_on_file()}
              </p>
            </>
          ) : certificate.onFile ? (
            <p className="notice notice-ok">
              {m.certificate_on_file()}
              {certificate.expiresOn ? ` (${formatCalendarDay(certificate.expiresOn, locale)})` : ""}
            </p>
          ) : null}
          <FileField
            // A new input once a file has gone up, so the same file is not sent twice.
            key={kept || "none"}
            field={fields.certificateId}
            required={needed && !kept}
            label={kept || certificate.onFile ? m.field_certificate_replace() : (labels.certificateId ?? "")}
            accept={[".pdf", ".jpg", ".jpeg", ".png", ...CERTIFICATE_MEDIA_TYPES].join(",")}
            hint={
              <>
                {m.field_certificate_hint({ kind, size: String(CERTIFICATE_MAX_BYTES / 1024 / 1024) })}
                {certificate.later && !certificate.onFile ? ` ${m.athlete_certificate_later_hint()}` : ""}
              </>
            }
          />
          <TextField
            field={fields.certificateExpiresOn}
            required={needed}
            label={labels.certificateExpiresOn ?? ""}
            type="date"
            hint={m.field_certificate_expires_hint()}
          />
        </div>
      ) : null}
      {link.consentsGiven ? (
        <p>{m.athlete_consents_given()}</p>
      ) : (
        <>
          <CheckboxField
            field={fields.termsAccepted}
            required
            label={
              <>
                {m.athlete_terms_before()} <SiteLink to="/terms">{m.participant_terms_link()}</SiteLink>
              </>
            }
          />
          <CheckboxField
            field={fields.privacyAccepted}
            required
            label={
              <>
                {m.athlete_privacy_before()} <SiteLink to="/privacy">{m.registration_privacy_link()}</SiteLink>
              </>
            }
          />
        </>
      )}
      <SubmitButton>{m.athlete_submit()}</SubmitButton>
    </Form>
  );
}
