import { type BillingDocumentListMeta, consolePath, type TransmissionStateName } from "@sports/jsonapi";
import { useLoaderData } from "react-router";
import { localHref, SiteLink } from "../../components/site-link.tsx";
import { requireTeamMember } from "../../console/access.server.ts";
import { applyNotification, previewNotification, replaceDocument } from "../../console/billing.server.ts";
import {
  type BillingDocumentRow,
  DocumentFilterForm,
  DocumentList,
  documentFiltersOf,
  documentQuery,
  ExportForm,
  exportPeriod,
  OverdueNotice,
  stillRejected,
} from "../../console/billing-documents.tsx";
import { DoneNotice } from "../../console/notices.tsx";
import { ReplacementForm } from "../../console/replacement-form.tsx";
import { type NotificationAnswer, NotificationUpload } from "../../console/sdi-notification.tsx";
import { languageContext } from "../../context.ts";
import { readApi } from "../../lib/api.ts";
import { countryOptions } from "../../lib/countries.ts";
import { localDay } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/billing-documents.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_billing_title());
}

/** The organiser's days: the documents' dates and the export's period are Italian calendar days. */
const TIME_ZONE = "Europe/Rome";

/** The states of an invoice that was handed out at some point: the last hand-over is among them. */
const AFTER_HAND_OVER: TransmissionStateName[] = ["handed-out", "delivered", "not-delivered", "rejected", "outcome"];

interface DocumentsDocument {
  data: BillingDocumentRow[];
  meta: BillingDocumentListMeta;
}

/**
 * A page of the documents issued (`GET /api/billing-documents`, organisers only) with the list's
 * filters; the rejected invoices to correct; the last hand-over, for the export's period; and
 * whether documents are issued at all (`GET /api/organisation`).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireTeamMember(context, request);
  const url = new URL(request.url);
  const filters = documentFiltersOf(url);
  const [list, rejected, handedOut, organisation] = await Promise.all([
    readApi<DocumentsDocument>(context, "/api/billing-documents", documentQuery(filters)),
    readApi<DocumentsDocument>(context, "/api/billing-documents", {
      "filter[kind]": "invoice,credit-note",
      "filter[state]": "rejected",
      "page[size]": 100,
    }),
    readApi<DocumentsDocument>(context, "/api/billing-documents", {
      "filter[state]": AFTER_HAND_OVER.join(","),
      "page[size]": 100,
    }),
    readApi<{ data: unknown }>(context, "/api/organisation"),
  ]);
  // A rejected document issued again already is replaced by one of its day's documents.
  const days = [...new Set(rejected.data.map((row) => row.attributes.issuedOn))];
  const issuedThose = await Promise.all(
    days.map((day) =>
      readApi<DocumentsDocument>(context, "/api/billing-documents", {
        "filter[from]": day,
        "filter[to]": day,
        "filter[kind]": "invoice,credit-note",
        "page[size]": 100,
      }),
    ),
  );
  const lastHandOver = handedOut.data
    .map((row) => row.attributes.transmission?.handedOutAt)
    .filter((moment): moment is string => Boolean(moment))
    .sort()
    .at(-1);
  return {
    filters,
    search: url.search,
    rows: list.data,
    total: list.meta.total,
    overdue: list.meta.overdue,
    rejected: stillRejected(
      rejected.data,
      issuedThose.flatMap((day) => day.data),
    ),
    period: exportPeriod(
      localDay(new Date().toISOString(), TIME_ZONE),
      lastHandOver ? localDay(lastHandOver, TIME_ZONE) : null,
    ),
    issuing: organisation.data !== null,
    countries: countryOptions(context.get(languageContext).locale),
  };
}

/** The screen's forms, by their hidden `intent` (console/billing.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  requireTeamMember(context, request);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "notification-apply":
      return applyNotification(context, form);
    case "replace":
      return replaceDocument(context, form);
    default:
      return previewNotification(context, form);
  }
}

type Answer = Awaited<ReturnType<typeof action>>;

/** What the notification's section shows of the last answer, when it was the notification's. */
function notificationAnswerOf(answer: Answer | undefined): NotificationAnswer {
  if (answer?.intent === "notification") return answer;
  if (answer?.intent === "notification-apply") return answer;
  return {};
}

/** The Documents screen: what was issued, the export for the SdI, its notifications, the rejected invoices. */
export default function ConsoleBillingDocuments({ actionData }: Route.ComponentProps) {
  const loaded = useLoaderData<typeof loader>();
  const { prefix } = useRootData();
  const answer = actionData as Answer | undefined;
  const replaced = answer?.intent === "replace" ? answer : undefined;
  return (
    <main id="content" className="console-main">
      <h1>{m.console_billing_title()}</h1>
      {loaded.issuing ? null : (
        <p className="notice notice-warning" role="note">
          {m.console_billing_not_issuing()}{" "}
          <SiteLink to={consolePath("organisation")}>{m.console_organisation_title()}</SiteLink>
        </p>
      )}
      <OverdueNotice count={loaded.overdue} />
      {replaced && "issued" in replaced && replaced.issued ? (
        <DoneNotice>{m.console_billing_replaced({ number: replaced.issued.number })}</DoneNotice>
      ) : null}
      <DocumentFilterForm action={localHref(prefix, consolePath("billingDocuments"))} filters={loaded.filters} />
      <DocumentList
        rows={loaded.rows}
        total={loaded.total}
        page={loaded.filters.page}
        search={loaded.search}
        replaceable={loaded.rejected.map((row) => row.id)}
      />
      <ExportForm from={loaded.period.from} to={loaded.period.to} />
      <NotificationUpload answer={notificationAnswerOf(answer)} />
      {loaded.rejected.length > 0 ? (
        <section className="console-section" aria-labelledby="rejected-title">
          <h2 id="rejected-title">{m.console_billing_rejected_title()}</h2>
          <p>{m.console_billing_rejected_lead()}</p>
          {loaded.rejected.map((row) => (
            <ReplacementForm
              key={row.id}
              row={row}
              countries={loaded.countries}
              lastResult={replaced?.documentId === row.id ? replaced.result : undefined}
            />
          ))}
        </section>
      ) : null}
    </main>
  );
}
