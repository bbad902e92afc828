import { consolePath } from "@sports/jsonapi";
import { useActionData, useLoaderData } from "react-router";
import { localHref, SiteLink } from "../../components/site-link.tsx";
import { requireTeamMember } from "../../console/access.server.ts";
import { EventTabs } from "../../console/event-tabs.tsx";
import { FilterForm, FilterSelect } from "../../console/filters.tsx";
import { type ActionOutcome, reviewFromForm } from "../../console/review.server.ts";
import { CertificateReview } from "../../console/review-form.tsx";
import { siteContext } from "../../context.ts";
import { readApi } from "../../lib/api.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/certificates.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_certificates_title());
}

interface Participant {
  id: string;
  attributes: {
    signupId: string;
    givenName: string;
    familyName: string;
    hasCertificate: boolean;
    certificateExpiresOn: string | null;
    certificateStatus: string;
    certificateReviewReason: string | null;
  };
}

const PAGE_SIZE = 50;

/**
 * An event's participants and their certificates (`GET /api/events/{id}/participants`): by default
 * those still to deal with (missing, to review, expiring before race day), with the review forms.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const visitor = requireTeamMember(context, request);
  const url = new URL(request.url);
  const all = url.searchParams.get("mostra") === "tutti";
  const pageNumber = Number(url.searchParams.get("pagina") ?? "1");
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber < 100_000 ? pageNumber : 1;
  const document = await readApi<{ data: Participant[]; meta: { total: number } }>(
    context,
    `/api/events/${params.id}/participants`,
    {
      "page[number]": page,
      "page[size]": PAGE_SIZE,
      "filter[certificate]": all ? undefined : "missing,pending,expired",
    },
  );
  return {
    id: params.id,
    all,
    page,
    participants: document.data,
    total: document.meta.total,
    organiser: visitor.role === "organiser",
  };
}

export async function action({ context, request }: Route.ActionArgs): Promise<ActionOutcome> {
  requireTeamMember(context, request);
  return reviewFromForm(context.get(siteContext).api, await request.formData());
}

export default function ConsoleCertificates() {
  const { id, all, page, participants, total, organiser } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const { locale, prefix } = useRootData();
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const href = (number: number) =>
    `?${new URLSearchParams({ ...(all ? { mostra: "tutti" } : {}), pagina: String(number) })}`;
  return (
    <main id="content" className="console-main">
      <h1>{m.console_certificates_title()}</h1>
      <EventTabs eventId={id} />
      <FilterForm action={localHref(prefix, consolePath("certificates", { id }))}>
        <FilterSelect
          id="certificates-show"
          name="mostra"
          label={m.console_certificates_filter()}
          defaultValue={all ? "tutti" : "da-fare"}
          options={[
            ["da-fare", m.console_certificates_filter_todo()],
            ["tutti", m.console_certificates_filter_all()],
          ]}
        />
      </FilterForm>
      <p className="console-total">{m.console_certificates_count({ count: total })}</p>
      {participants.length === 0 ? (
        <p>{m.console_certificates_empty()}</p>
      ) : (
        <ul className="console-cards">
          {participants.map((participant) => {
            const p = participant.attributes;
            const name = `${p.givenName} ${p.familyName}`;
            return (
              <li key={participant.id} className="console-card">
                <h2 className="console-card-title">
                  <SiteLink to={consolePath("signup", { id: p.signupId })}>{name}</SiteLink>
                </h2>
                <CertificateReview
                  participantId={participant.id}
                  name={name}
                  facts={p}
                  locale={locale}
                  organiser={organiser}
                  outcome={outcome}
                />
              </li>
            );
          })}
        </ul>
      )}
      {last > 1 ? (
        <nav aria-label={m.console_signups_pages()} className="console-pages">
          {page > 1 ? <a href={href(page - 1)}>{m.console_signups_previous()}</a> : null}
          <span>{m.console_signups_page({ number: String(page), last: String(last) })}</span>
          {page < last ? <a href={href(page + 1)}>{m.console_signups_next()}</a> : null}
        </nav>
      ) : null}
    </main>
  );
}
