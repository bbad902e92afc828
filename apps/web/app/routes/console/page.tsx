import { consolePath } from "@sports/jsonapi";
import { useActionData, useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import {
  type FieldErrors,
  fieldErrorsOf,
  LanguageFields,
  SaveOutcome,
  type Texts,
  textIn,
  textsFrom,
} from "../../console/catalogue-form.tsx";
import { OrganiserForm } from "../../console/organiser-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import { readApi, refusalAnswer } from "../../lib/api.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import { useRootData } from "../../root.tsx";
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
  const form = await request.formData();
  try {
    await api.patch(`/api/pages/${encodeURIComponent(params.slug)}`, {
      data: {
        type: "pages",
        id: params.slug,
        attributes: { title: textsFrom(form, "title"), body: textsFrom(form, "body") },
      },
    });
    return { errors: undefined as FieldErrors | undefined, saved: true };
  } catch (error) {
    const errors = fieldErrorsOf(error);
    if (!errors) throw refusalAnswer(error, context.get(languageContext).prefix);
    return { errors, saved: false };
  }
}

export default function ConsolePage() {
  const { page } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { locale } = useRootData();
  const errors = answer?.errors;
  return (
    <main id="content" className="console-main">
      <h1>{textIn(page.attributes.title, locale, page.attributes.slug)}</h1>
      <p>
        <SiteLink to={consolePath("pages")}>{m.console_pages_title()}</SiteLink>
      </p>
      <SaveOutcome saved={answer?.saved} errors={errors} />
      <OrganiserForm method="post" className="console-form">
        <LanguageFields
          name="title"
          label={m.console_event_field_title()}
          values={page.attributes.title}
          errors={errors}
        />
        <LanguageFields
          name="body"
          label={m.console_page_field_body()}
          values={page.attributes.body}
          errors={errors}
          multiline
        />
        <p>
          <button type="submit">{m.console_event_save()}</button>
        </p>
      </OrganiserForm>
    </main>
  );
}
