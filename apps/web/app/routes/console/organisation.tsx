import type { OrganisationAttributes } from "@sports/jsonapi";
import { useActionData, useLoaderData } from "react-router";
import { consoleReply } from "../../console/console-reply.server.ts";
import { OrganisationForm } from "../../console/organisation-form.tsx";
import { FormPageHead } from "../../console/organiser-form.tsx";
import { languageContext, siteContext } from "../../context.ts";
import {
  BILLING_MESSAGES,
  ORGANISATION_FIELD_MESSAGES,
  organisationAttributes,
  organisationForm,
} from "../../forms/console-billing.ts";
import { replyWithErrors } from "../../forms/reply.ts";
import { parseForm } from "../../forms/use-site-form.ts";
import { readApi } from "../../lib/api.ts";
import { countryOptions } from "../../lib/countries.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/organisation.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_organisation_title());
}

interface OrganisationDocument {
  data: { type: "organisations"; id: string; attributes: OrganisationAttributes } | null;
}

/** The organiser's fiscal settings (`GET /api/organisation`, organisers only), null before the first save. */
export async function loader({ context }: Route.LoaderArgs) {
  const document = await readApi<OrganisationDocument>(context, "/api/organisation");
  return {
    organisation: document.data?.attributes ?? null,
    countries: countryOptions(context.get(languageContext).locale),
  };
}

/** Saves every setting at once (`PATCH /api/organisation`); each refusal at its field. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = context.get(siteContext);
  const { locale, prefix } = context.get(languageContext);
  const submission = parseForm(await request.formData(), organisationForm);
  if (submission.status !== "success") return { result: replyWithErrors(submission), saved: false };
  try {
    await api.patch(
      "/api/organisation",
      { data: { type: "organisations", id: "1", attributes: organisationAttributes(submission.value) } },
      { query: { locale }, keep: false },
    );
  } catch (error) {
    const result = consoleReply(submission, error, prefix, {
      messages: BILLING_MESSAGES,
      fieldMessages: ORGANISATION_FIELD_MESSAGES,
    });
    return { result, saved: false };
  }
  return { result: submission.reply(), saved: true };
}

/** The Organisation screen: who issues the receipts and invoices, and how. */
export default function ConsoleOrganisation() {
  const { organisation, countries } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main id="content" className="console-main">
      <FormPageHead title={m.console_organisation_title()} saved={answer?.saved}>
        <p>{m.console_organisation_lead()}</p>
      </FormPageHead>
      {organisation ? null : (
        <p className="notice notice-warning" role="note">
          {m.console_organisation_not_set()}
        </p>
      )}
      <OrganisationForm
        // Saved settings are the form's new start.
        key={JSON.stringify(organisation)}
        organisation={organisation}
        countries={countries}
        lastResult={answer?.result}
      />
    </main>
  );
}
