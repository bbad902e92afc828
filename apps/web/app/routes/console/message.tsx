import { ApiError, consolePath } from "@sports/jsonapi";
import { Form, useLoaderData } from "react-router";
import { resourceBody } from "../../auth/session.ts";
import { LANGUAGE_NAMES } from "../../components/language-switcher.tsx";
import { SiteLink } from "../../components/site-link.tsx";
import { DoneNotice, ProblemsNotice } from "../../console/notices.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { SubmitButton } from "../../forms/submit-button.tsx";
import type { Locale } from "../../i18n/locale.ts";
import { readApi, refusalAnswer } from "../../lib/api.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/message.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_message_title());
}

/** The languages a message may be written in, in the order the first written one is chosen. */
const WRITING_ORDER: Locale[] = ["en-US", "it-IT", "de-DE", "fr-FR", "es-ES"];

interface Audience {
  id: string;
  attributes: { appointmentTitle: string; eventId: string; eventTitle: string; recipients: number };
}

/** Who the message would reach, before it is written (`GET /api/appointments/{id}/message-audience`). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const document = await readApi<{ data: Audience }>(
    context,
    `/api/appointments/${encodeURIComponent(params.id)}/message-audience`,
  );
  return { audience: document.data };
}

type Texts = Partial<Record<Locale, { subject: string; body: string }>>;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { locale } = context.get(languageContext);
  const formData = await request.formData();
  const texts: Texts = {};
  const problems: string[] = [];
  for (const code of WRITING_ORDER) {
    const subject = String(formData.get(`subject-${code}`) ?? "").trim();
    const body = String(formData.get(`body-${code}`) ?? "").trim();
    if (subject && body) texts[code] = { subject, body };
    else if (subject || body) problems.push(m.console_message_half_written({ language: LANGUAGE_NAMES[code] }));
  }
  const values = Object.fromEntries(
    WRITING_ORDER.flatMap((code) => [
      [`subject-${code}`, String(formData.get(`subject-${code}`) ?? "")],
      [`body-${code}`, String(formData.get(`body-${code}`) ?? "")],
    ]),
  );
  if (Object.keys(texts).length === 0 && problems.length === 0) problems.push(m.console_message_none_written());
  if (problems.length > 0) return { problems, values, sent: null };
  try {
    const answer = await api.post(
      `/api/appointments/${encodeURIComponent(params.id)}/messages`,
      resourceBody("messages", { texts }),
      { query: { locale } },
    );
    const recipients = Number(answer.document?.meta?.recipients ?? 0);
    return { problems: [], values: {}, sent: recipients };
  } catch (error) {
    if (ApiError.is(error) && error.status === 400)
      return { problems: [m.console_message_none_written()], values, sent: null };
    throw refusalAnswer(error, context.get(languageContext).prefix);
  }
}

/** A message to an appointment's confirmed signups, written in one language or several (organisers only). */
export default function Message({ actionData }: Route.ComponentProps) {
  const { audience } = useLoaderData<typeof loader>();
  const { appointmentTitle, eventTitle, eventId, recipients } = audience.attributes;
  const values: Record<string, string> = actionData?.values ?? {};
  return (
    <main id="content" className="console-main">
      <h1>{m.console_message_title()}</h1>
      <p>
        <strong>{appointmentTitle}</strong> · {eventTitle}
      </p>
      <p>{m.console_message_recipients({ count: recipients })}</p>
      {actionData?.sent != null && <DoneNotice>{m.console_message_sent({ count: actionData.sent })}</DoneNotice>}
      {actionData && <ProblemsNotice problems={actionData.problems} />}
      <p>{m.console_message_how()}</p>
      <Form method="post" className="console-message" key={actionData?.sent != null ? "sent" : "writing"}>
        {WRITING_ORDER.map((code) => (
          <fieldset key={code} className="console-message-language">
            <legend>{LANGUAGE_NAMES[code]}</legend>
            <div className="field">
              <label htmlFor={`subject-${code}`}>{m.console_message_subject()}</label>
              <input
                id={`subject-${code}`}
                name={`subject-${code}`}
                lang={code}
                maxLength={200}
                defaultValue={values[`subject-${code}`] ?? ""}
              />
            </div>
            <div className="field">
              <label htmlFor={`body-${code}`}>{m.console_message_body()}</label>
              <textarea
                id={`body-${code}`}
                name={`body-${code}`}
                lang={code}
                rows={6}
                maxLength={20_000}
                defaultValue={values[`body-${code}`] ?? ""}
              />
            </div>
          </fieldset>
        ))}
        <SubmitButton>{m.console_message_submit()}</SubmitButton>
      </Form>
      <p className="console-section">
        <SiteLink to={consolePath("eventDashboard", { id: eventId })}>{m.console_message_back()}</SiteLink>
      </p>
    </main>
  );
}
