import { consolePath } from "@sports/jsonapi";
import { useActionData, useLoaderData } from "react-router";
import { TranslatedFields, translatedLabels, useConsoleForm } from "../../console/console-form.tsx";
import { consoleReply } from "../../console/console-reply.server.ts";
import { FormPageHead, OrganiserForm } from "../../console/organiser-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { pageAttributes, pageForm } from "../../forms/console-catalogue.ts";
import { FormErrors } from "../../forms/fields.tsx";
import { replyWithErrors } from "../../forms/reply.ts";
import { parseForm } from "../../forms/use-site-form.ts";
import { readApi } from "../../lib/api.ts";
import { type Texts, textIn } from "../../lib/catalogue-values.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/page.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_page_edit());
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const document = await readApi<{ data: { id: string; attributes: { slug: string; title: Texts; body: Texts } } }>(
    context,
    `/api/console/pages/${encodeURIComponent(params.slug)}`,
  );
  return { page: document.data };
}

/** Saves the page's title and text in the five languages. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const submission = parseForm(await request.formData(), pageForm);
  if (submission.status !== "success") return { result: replyWithErrors(submission), saved: false };
  try {
    await api.patch(`/api/pages/${encodeURIComponent(params.slug)}`, {
      data: { type: "pages", id: params.slug, attributes: pageAttributes(submission.value) },
    });
  } catch (error) {
    return { result: consoleReply(submission, error, context.get(languageContext).prefix), saved: false };
  }
  return { result: submission.reply(), saved: true };
}

export default function ConsolePage() {
  const { page } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { locale } = useRootData();
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "page",
    schema: pageForm,
    lastResult: answer?.result,
    defaultValue: { title: page.attributes.title, body: page.attributes.body },
  });
  const labels = {
    ...translatedLabels("title", m.console_event_field_title()),
    ...translatedLabels("body", m.console_page_field_body()),
  };
  return (
    <main id="content" className="console-main">
      <FormPageHead
        title={textIn(page.attributes.title, locale, page.attributes.slug)}
        back={{ to: consolePath("pages"), label: m.console_pages_title() }}
        saved={answer?.saved}
      />
      <OrganiserForm method="post" className="console-form" {...formProps}>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <TranslatedFields field={fields.title} label={m.console_event_field_title()} />
        <TranslatedFields field={fields.body} label={m.console_page_field_body()} multiline />
        <p>
          <button type="submit" className="button button-primary">
            {m.console_event_save()}
          </button>
        </p>
      </OrganiserForm>
    </main>
  );
}
