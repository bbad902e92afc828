import type { BillingDocumentAttributes } from "@sports/jsonapi";
import { formatCalendarDay, formatPrice } from "../lib/format.ts";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import {
  DOCUMENT_KIND_VALUES,
  documentKindLabel,
  TRANSMISSION_STATE_VALUES,
  transmissionStateLabel,
} from "./billing-labels.ts";
import { ConsoleTable, numeric } from "./console-table.tsx";
import { FilterForm, FilterSelect } from "./filters.tsx";

/**
 * The Documents screen's list (routes/console/billing-documents.tsx): its filters and its page of
 * documents (a table on wide screens, cards on a phone), each with its files; the warning of
 * invoices waiting too long; the export of a period's XML for the SdI. The SdI's notifications are
 * in sdi-notification.tsx, a rejected document's correction in replacement-form.tsx.
 */

/** A `billing-documents` resource as the organisers' list serves it. */
export interface BillingDocumentRow {
  id: string;
  attributes: BillingDocumentAttributes;
  relationships?: { replaces?: { data: { id: string } | null } };
  links?: { pdf?: string; xml?: string };
}

/**
 * The rejected documents still to issue again: those no other document of `issued` replaces (an
 * issue again keeps the rejected one's number and date, so it is among that day's documents).
 */
export function stillRejected(
  rejected: readonly BillingDocumentRow[],
  issued: readonly BillingDocumentRow[],
): BillingDocumentRow[] {
  const replaced = new Set(issued.map((row) => row.relationships?.replaces?.data?.id).filter(Boolean));
  return rejected.filter((row) => !replaced.has(row.id));
}

/** How many documents a page of the list shows. */
export const DOCUMENTS_PAGE_SIZE = 50;

/** The list's own query (a GET form, its words the site's) and the page asked for. */
export interface DocumentFilters {
  /** `YYYY-MM`. */
  period: string;
  /** `YYYY-MM-DD`. */
  from: string;
  to: string;
  kind: string;
  state: string;
  page: number;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The list's filters read from the page's address, anything malformed left out. */
export function documentFiltersOf(url: URL): DocumentFilters {
  const read = (name: string, valid: (value: string) => boolean) => {
    const value = (url.searchParams.get(name) ?? "").trim();
    return valid(value) ? value : "";
  };
  const among = (values: readonly string[]) => (value: string) => values.includes(value);
  const page = Number(url.searchParams.get("pagina") ?? "1");
  return {
    period: read("periodo", (value) => MONTH.test(value)),
    from: read("dal", (value) => DAY.test(value)),
    to: read("al", (value) => DAY.test(value)),
    kind: read("tipo", among(DOCUMENT_KIND_VALUES)),
    state: read("stato", among(TRANSMISSION_STATE_VALUES)),
    page: Number.isInteger(page) && page >= 1 && page < 100_000 ? page : 1,
  };
}

/** The filters as the API's query (`GET /api/billing-documents`). */
export function documentQuery(filters: DocumentFilters): Record<string, string | number | undefined> {
  return {
    "filter[period]": filters.period || undefined,
    "filter[from]": filters.from || undefined,
    "filter[to]": filters.to || undefined,
    "filter[kind]": filters.kind || undefined,
    "filter[state]": filters.state || undefined,
    "page[number]": filters.page,
    "page[size]": DOCUMENTS_PAGE_SIZE,
  };
}

/** The calendar day (`YYYY-MM-DD`) `days` after `day` (before it, when negative). */
const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The export's period to start with: from the day of the last hand-over to today, or the last seven
 * days when nothing was handed out yet (days in the organiser's time zone, `today` among them).
 */
export function exportPeriod(today: string, lastHandOver: string | null): { from: string; to: string } {
  return { from: lastHandOver && lastHandOver <= today ? lastHandOver : dayPlus(today, -6), to: today };
}

/** The address of the list's page `page`, its filters kept. */
function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("pagina", String(page));
  return `?${params.toString()}`;
}

/** A document's file on the API: its own link, or where the API keeps it. */
function fileHref(api: string, row: BillingDocumentRow, format: "pdf" | "xml"): string {
  return `${api}${row.links?.[format] ?? `/api/billing-documents/${encodeURIComponent(row.id)}.${format}`}`;
}

/** Whether the SdI gets the document (invoices and credit notes), so it has an XML file and a state. */
const transmitted = (row: BillingDocumentRow) =>
  row.attributes.kind === "invoice" || row.attributes.kind === "credit-note";

/** Where a document stands with the SdI, as a badge; a receipt never goes there. */
export function TransmissionBadge({ row }: { row: BillingDocumentRow }) {
  const transmission = row.attributes.transmission;
  if (!transmission) return <span>—</span>;
  return (
    <span className={`console-badge console-badge-sdi-${transmission.state}`}>
      {transmissionStateLabel(transmission.state)}
    </span>
  );
}

/** The document's files: its PDF, and for the SdI's documents its XML, each named with its number. */
function DocumentFiles({ row }: { row: BillingDocumentRow }) {
  const { apiBaseUrl } = useRootData();
  const api = apiBaseUrl.replace(/\/+$/, "");
  const { number } = row.attributes;
  return (
    <span className="console-files">
      <a href={fileHref(api, row, "pdf")} download aria-label={m.console_billing_pdf_of({ number })}>
        PDF
      </a>
      {transmitted(row) ? (
        <a href={fileHref(api, row, "xml")} download aria-label={m.console_billing_xml_of({ number })}>
          XML
        </a>
      ) : null}
    </span>
  );
}

/**
 * Under a document's state: for a rejected one, why the SdI refused it and, until it is issued
 * again (`replaceable`), the way to its correction; for an issue again, what it is.
 */
function StateNote({ row, replaceable }: { row: BillingDocumentRow; replaceable: boolean }) {
  const transmission = row.attributes.transmission;
  if (row.relationships?.replaces?.data) return <p className="console-hint">{m.console_billing_reissued()}</p>;
  if (transmission?.state !== "rejected") return null;
  return (
    <>
      {transmission.reason ? <p className="console-hint">{transmission.reason}</p> : null}
      {replaceable ? (
        <p className="console-hint">
          <a href={`#replace-${row.id}`}>{m.console_billing_replace_link({ number: row.attributes.number })}</a>
        </p>
      ) : null}
    </>
  );
}

/** The list's filters: a month or a span of days, the kind, the state with the SdI. */
export function DocumentFilterForm({ action, filters }: { action: string; filters: DocumentFilters }) {
  return (
    <FilterForm action={action}>
      <div className="console-field">
        <label htmlFor="documents-period">{m.console_billing_filter_period()}</label>
        <input id="documents-period" name="periodo" type="month" defaultValue={filters.period} />
      </div>
      <div className="console-field">
        <label htmlFor="documents-from">{m.console_billing_filter_from()}</label>
        <input id="documents-from" name="dal" type="date" defaultValue={filters.from} />
      </div>
      <div className="console-field">
        <label htmlFor="documents-to">{m.console_billing_filter_to()}</label>
        <input id="documents-to" name="al" type="date" defaultValue={filters.to} />
      </div>
      <FilterSelect
        id="documents-kind"
        name="tipo"
        label={m.console_billing_col_kind()}
        defaultValue={filters.kind}
        options={[
          ["", m.console_signups_any()],
          ...DOCUMENT_KIND_VALUES.map((kind) => [kind, documentKindLabel(kind)] as const),
        ]}
      />
      <FilterSelect
        id="documents-state"
        name="stato"
        label={m.console_billing_col_state()}
        defaultValue={filters.state}
        options={[
          ["", m.console_signups_any()],
          ...TRANSMISSION_STATE_VALUES.map((state) => [state, transmissionStateLabel(state)] as const),
        ]}
      />
    </FilterForm>
  );
}

/**
 * A page of documents, newest first: number, kind, date, buyer, total, state with the SdI and files;
 * a table on wide screens, a card each on a phone; the way to the other pages.
 */
export function DocumentList({
  rows,
  total,
  page,
  search,
  replaceable,
}: {
  rows: readonly BillingDocumentRow[];
  total: number;
  page: number;
  search: string;
  /** The ids of the rejected documents still to issue again, each with its form on the page. */
  replaceable: readonly string[];
}) {
  const { locale } = useRootData();
  const last = Math.max(1, Math.ceil(total / DOCUMENTS_PAGE_SIZE));
  const totalOf = ({ attributes }: BillingDocumentRow) => formatPrice(attributes.total, attributes.currency, locale);
  return (
    <section aria-labelledby="documents-list-title">
      <h2 id="documents-list-title">{m.console_billing_list()}</h2>
      <p className="console-total" aria-live="polite">
        {m.console_billing_count({ count: total })}
      </p>
      {rows.length === 0 ? (
        <p>{m.console_billing_empty()}</p>
      ) : (
        <>
          <ConsoleTable
            labelledBy="documents-list-title"
            wide
            columns={[
              m.console_billing_col_number(),
              m.console_billing_col_kind(),
              m.console_billing_col_date(),
              m.console_billing_col_buyer(),
              numeric(m.console_billing_col_total()),
              m.console_billing_col_state(),
              m.console_billing_col_files(),
            ]}
          >
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.attributes.number}</th>
                <td>{documentKindLabel(row.attributes.kind)}</td>
                <td>{formatCalendarDay(row.attributes.issuedOn, locale)}</td>
                <td>{row.attributes.buyer.name}</td>
                <td className="console-num">{totalOf(row)}</td>
                <td>
                  <TransmissionBadge row={row} />
                  <StateNote row={row} replaceable={replaceable.includes(row.id)} />
                </td>
                <td>
                  <DocumentFiles row={row} />
                </td>
              </tr>
            ))}
          </ConsoleTable>
          <ul className="console-cards console-narrow">
            {rows.map((row) => (
              <li key={row.id} className="console-card">
                <h3 className="console-card-title">
                  {documentKindLabel(row.attributes.kind)} {row.attributes.number}
                </h3>
                <dl>
                  <dt>{m.console_billing_col_date()}</dt>
                  <dd>{formatCalendarDay(row.attributes.issuedOn, locale)}</dd>
                  <dt>{m.console_billing_col_buyer()}</dt>
                  <dd>{row.attributes.buyer.name}</dd>
                  <dt>{m.console_billing_col_total()}</dt>
                  <dd>{totalOf(row)}</dd>
                  <dt>{m.console_billing_col_state()}</dt>
                  <dd>
                    <TransmissionBadge row={row} />
                    <StateNote row={row} replaceable={replaceable.includes(row.id)} />
                  </dd>
                  <dt>{m.console_billing_col_files()}</dt>
                  <dd>
                    <DocumentFiles row={row} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      {last > 1 ? (
        <nav aria-label={m.console_billing_pages()} className="console-pages">
          {page > 1 ? (
            <a href={pageHref(search, page - 1)} rel="prev">
              {m.console_signups_previous()}
            </a>
          ) : null}
          <span>{m.console_signups_page({ number: String(page), last: String(last) })}</span>
          {page < last ? (
            <a href={pageHref(search, page + 1)} rel="next">
              {m.console_signups_next()}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

/** The invoices not handed over ten days after their date, when there are any: the legal term is twelve. */
export function OverdueNotice({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <p className="notice notice-warning" role="note">
      {m.console_billing_overdue({ count })}
    </p>
  );
}

/**
 * The export of a period's invoices and credit notes for the SdI: a zip of their XML files, straight
 * from the API (`GET /api/billing-documents/export.zip`); those waiting become handed out.
 */
export function ExportForm({ from, to }: { from: string; to: string }) {
  const { apiBaseUrl } = useRootData();
  const action = `${apiBaseUrl.replace(/\/+$/, "")}/api/billing-documents/export.zip`;
  return (
    <section className="console-section" aria-labelledby="documents-export-title">
      <h2 id="documents-export-title">{m.console_billing_export_title()}</h2>
      <p>{m.console_billing_export_lead()}</p>
      <form method="get" action={action} className="console-filters console-export">
        <div className="console-field">
          <label htmlFor="export-from">{m.console_billing_filter_from()}</label>
          <input id="export-from" name="filter[from]" type="date" defaultValue={from} required />
        </div>
        <div className="console-field">
          <label htmlFor="export-to">{m.console_billing_filter_to()}</label>
          <input id="export-to" name="filter[to]" type="date" defaultValue={to} required />
        </div>
        <button type="submit" className="button button-primary">
          {m.console_billing_export()}
        </button>
      </form>
    </section>
  );
}
