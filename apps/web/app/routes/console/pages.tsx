import { consolePath } from "@sports/jsonapi";
import { redirect, useActionData, useLoaderData } from "react-router";
import { SiteLink } from "../../components/site-link.tsx";
import {
  Field,
  type FieldErrors,
  fieldErrorsOf,
  LanguageFields,
  missingLanguages,
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
  const form = await request.formData();
  const slug = String(form.get("slug") ?? "").trim();
  try {
    await api.post("/api/pages", { data: { type: "pages", attributes: { slug, title: textsFrom(form, "title") } } });
  } catch (error) {
    const errors = fieldErrorsOf(error);
    if (!errors) throw refusalAnswer(error, prefix);
    return { errors };
  }
  return redirect(`${prefix}${consolePath("page", { slug })}`);
}

/** The information pages (terms, privacy…), each with the languages it still lacks. */
export default function ConsolePages() {
  const { pages } = useLoaderData<typeof loader>();
  const errors: FieldErrors | undefined = useActionData<typeof action>()?.errors;
  const { locale } = useRootData();
  return (
    <main id="content" className="console-main">
      <h1>{m.console_pages_title()}</h1>
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
                    — {m.console_event_missing_in({ languages: missing.join(", ") })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <OrganiserForm method="post" className="console-form" aria-labelledby="page-add-heading">
        <h2 id="page-add-heading">{m.console_page_add()}</h2>
        {errors ? (
          <p className="console-error" role="alert">
            {m.console_event_errors()}
          </p>
        ) : null}
        <LanguageFields name="title" label={m.console_event_field_title()} values={{}} errors={errors} />
        <Field name="slug" label={m.console_event_field_slug()} errors={errors} required />
        <p>
          <button type="submit">{m.console_page_add()}</button>
        </p>
      </OrganiserForm>
    </main>
  );
}
