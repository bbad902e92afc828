import { consolePath } from "@sports/jsonapi";
import { redirect, useActionData, useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import { TranslatedFields, translatedLabels, useConsoleForm } from "../../console/console-form.tsx";
import { consoleReply } from "../../console/console-reply.server.ts";
import { OrganiserForm, ReadOnlyNotice } from "../../console/organiser-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { newPageForm, pageAttributes } from "../../forms/console-catalogue.ts";
import { FormErrors, RequiredLegend, TextField } from "../../forms/fields.tsx";
import { replyWithErrors } from "../../forms/reply.ts";
import { parseForm } from "../../forms/use-site-form.ts";
import { languageNames } from "../../i18n/language-names.ts";
import { readApi } from "../../lib/api.ts";
import { missingLanguages, type Texts, textIn } from "../../lib/catalogue-values.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/pages.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_pages_title());
}

export async function loader({ context }: Route.LoaderArgs) {
  const document = await readApi<{ data: { id: string; attributes: { slug: string; title: Texts; body: Texts } }[] }>(
    context,
    "/api/console/pages",
  );
  return { pages: document.data };
}

/** Adds a page, then opens it for its text. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { prefix } = context.get(languageContext);
  const submission = parseForm(await request.formData(), newPageForm);
  if (submission.status !== "success") return { result: replyWithErrors(submission) };
  const { slug } = submission.value;
  try {
    await api.post("/api/pages", {
      data: { type: "pages", attributes: { slug, ...pageAttributes(submission.value) } },
    });
  } catch (error) {
    return { result: consoleReply(submission, error, prefix) };
  }
  return redirect(`${prefix}${consolePath("page", { slug })}`);
}

/** The information pages (terms, privacy…), each with the languages it still lacks. */
export default function ConsolePages() {
  const { pages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { locale } = useRootData();
  const [form, fields, formProps, summaryFocus] = useConsoleForm({
    id: "page-new",
    schema: newPageForm,
    lastResult: answer?.result,
  });
  const labels = { ...translatedLabels("title", m.console_event_field_title()), slug: m.console_event_field_slug() };
  return (
    <main id="content" className="console-main">
      <h1>{m.console_pages_title()}</h1>
      <ReadOnlyNotice />
      {pages.length === 0 ? (
        <p>{m.console_page_empty()}</p>
      ) : (
        <ul className="console-list">
          {pages.map((page) => {
            const missing = [
              ...new Set([...missingLanguages(page.attributes.title), ...missingLanguages(page.attributes.body)]),
            ];
            return (
              <li key={page.id}>
                <SiteLink to={consolePath("page", { slug: page.attributes.slug })}>
                  {textIn(page.attributes.title, locale, page.attributes.slug)}
                </SiteLink>
                {missing.length > 0 ? (
                  <span className="console-missing">
                    {" "}
                    — {m.console_event_missing_in({ languages: languageNames(missing, locale) })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <OrganiserForm method="post" className="console-form" aria-labelledby="page-add-heading" {...formProps}>
        <h2 id="page-add-heading">{m.console_page_add()}</h2>
        <FormErrors form={form} labels={labels} autoFocus={summaryFocus} />
        <RequiredLegend />
        <TranslatedFields field={fields.title} label={m.console_event_field_title()} />
        <TextField field={fields.slug} label={labels.slug} hint={m.console_slug_hint()} required />
        <p>
          <button type="submit" className="button button-primary">
            {m.console_page_add()}
          </button>
        </p>
      </OrganiserForm>
    </main>
  );
}
