import { consolePath } from "@sports/jsonapi";
import { useLoaderData } from "react-router";
import { localHref, SiteLink } from "../../components/site-link.tsx";
import { requireTeamMember } from "../../console/access.server.ts";
import { AppointmentTabs } from "../../console/appointment-tabs.tsx";
import { ConsoleTable } from "../../console/console-table.tsx";
import { EventTabs } from "../../console/event-tabs.tsx";
import { FilterForm, FilterSelect } from "../../console/filters.tsx";
import {
  CERTIFICATE_STATUS_VALUES,
  certificateStatusLabel,
  PAYMENT_VALUES,
  paymentLabel,
  SIGNUP_STATE_VALUES,
  signupStateLabel,
} from "../../console/signup-labels.ts";
import { readApi } from "../../lib/api.ts";
import { textIn } from "../../lib/catalogue-values.ts";
import { formatDateTime, formatPrice } from "../../lib/format.ts";
import { useRootData } from "../../lib/root-data.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import * as m from "../../paraglide/messages.js";
import type { Route } from "./+types/signups.ts";

export { privateHeaders as headers } from "../../lib/seo.ts";

export function meta(_: Route.MetaArgs) {
  return privatePageMeta(m.console_signups_title());
}

interface SignupRow {
  id: string;
  attributes: {
    state: string;
    places: number;
    createdAt: string;
    holderGivenName: string | null;
    holderFamilyName: string | null;
    accountEmail: string | null;
    /** Null for staff, who read where the payments stand (`payment`) and no amount. */
    paidAmount: number | null;
    refundedAmount: number | null;
    currency: string | null;
    payment: string;
    discountCode: string | null;
    appointmentId: string;
  };
}

interface EventWithAppointments {
  included?: { type: string; id: string; attributes: { slug: string; title: Partial<Record<string, string>> } }[];
}

const SORTS = {
  recenti: "-created",
  "meno-recenti": "created",
  cognome: "familyName",
} as const;
type SortName = keyof typeof SORTS;

const PAGE_SIZE = 50;

/** The page's own query (a GET form): the words are the site's, the API's filters are built from them. */
function filtersOf(url: URL) {
  const pick = <T extends string>(name: string, allowed: readonly T[]) => {
    const value = url.searchParams.get(name) ?? "";
    return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
  };
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Number(url.searchParams.get("pagina") ?? "1");
  return {
    q,
    state: pick("stato", SIGNUP_STATE_VALUES),
    payment: pick("pagamento", PAYMENT_VALUES),
    certificate: pick("certificato", CERTIFICATE_STATUS_VALUES),
    sort: pick("ordine", Object.keys(SORTS) as SortName[]) ?? "recenti",
    page: Number.isInteger(page) && page >= 1 && page < 100_000 ? page : 1,
  };
}

/**
 * One appointment's or one event's signups (`GET /api/appointments/{id}/signups`,
 * `GET /api/events/{id}/signups`): filters in a GET form, a table on wide screens and cards on a
 * phone, a page at a time.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeamMember(context, request);
  const url = new URL(request.url);
  const scope = /\/gestione\/appuntamenti\//.test(url.pathname) ? "appointment" : "event";
  const id = params.id ?? "";
  const filters = filtersOf(url);
  const path = scope === "appointment" ? `/api/appointments/${id}/signups` : `/api/events/${id}/signups`;
  // An event's list names each signup's race when the event has more than one (read alongside; the
  // list's own read reports a missing event).
  const event =
    scope === "event"
      ? readApi<EventWithAppointments>(context, `/api/console/events/${id}`).catch(() => undefined)
      : undefined;
  const document = await readApi<{
    data: SignupRow[];
    included?: { id: string; attributes: { signupId: string; certificateStatus: string } }[];
    meta: { total: number };
  }>(context, path, {
    include: "participants",
    "page[number]": filters.page,
    "page[size]": PAGE_SIZE,
    sort: SORTS[filters.sort],
    "filter[q]": filters.q || undefined,
    "filter[state]": filters.state,
    "filter[payment]": filters.payment,
    "filter[certificate]": filters.certificate,
  });
  // Each signup's certificate statuses, as its participants' stand (several when they differ).
  const certificates: Record<string, string[]> = {};
  for (const participant of document.included ?? []) {
    const { signupId, certificateStatus } = participant.attributes;
    const list = certificates[signupId] ?? [];
    if (!list.includes(certificateStatus)) list.push(certificateStatus);
    certificates[signupId] = list;
  }
  const appointments = ((await event)?.included ?? []).filter((resource) => resource.type === "appointments");
  const races =
    appointments.length > 1
      ? Object.fromEntries(
          appointments.map((race) => [race.id, { slug: race.attributes.slug, title: race.attributes.title }]),
        )
      : null;
  return {
    scope,
    id,
    filters,
    rows: document.data,
    certificates,
    races,
    total: document.meta.total,
    search: url.search,
  };
}

function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("pagina", String(page));
  return `?${params.toString()}`;
}

export default function ConsoleSignups() {
  const { scope, id, filters, rows, certificates, races, total, search } = useLoaderData<typeof loader>();
  const certificateOf = (row: SignupRow) => (certificates[row.id] ?? []).map(certificateStatusLabel).join(", ") || "—";
  const { locale, prefix } = useRootData();
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const self =
    scope === "appointment" ? consolePath("appointmentSignups", { id }) : consolePath("eventSignups", { id });
  const name = (row: SignupRow) =>
    [row.attributes.holderGivenName, row.attributes.holderFamilyName].filter(Boolean).join(" ") || "—";
  const race = (row: SignupRow) => {
    const found = races?.[row.attributes.appointmentId];
    return found ? textIn(found.title, locale, found.slug) : "—";
  };
  const paid = ({ attributes: a }: SignupRow) => {
    if (a.paidAmount === null) return paymentLabel(a.payment);
    return a.currency && a.paidAmount > 0 ? formatPrice(a.paidAmount, a.currency, locale) : "—";
  };
  return (
    <main id="content" className="console-main">
      <h1 id="signups-title">
        {scope === "appointment" ? m.console_signups_appointment_title() : m.console_signups_title()}
      </h1>
      {scope === "event" ? <EventTabs eventId={id} /> : <AppointmentTabs appointmentId={id} />}
      <FilterForm action={localHref(prefix, self)}>
        <div className="console-field">
          <label htmlFor="signups-q">{m.console_signups_search()}</label>
          <input id="signups-q" name="q" type="search" defaultValue={filters.q} maxLength={100} />
        </div>
        <FilterSelect
          id="signups-state"
          name="stato"
          label={m.console_signups_state()}
          defaultValue={filters.state ?? ""}
          options={[
            ["", m.console_signups_any()],
            ...SIGNUP_STATE_VALUES.map((state) => [state, signupStateLabel(state)] as const),
          ]}
        />
        <FilterSelect
          id="signups-payment"
          name="pagamento"
          label={m.console_signups_payment()}
          defaultValue={filters.payment ?? ""}
          options={[
            ["", m.console_signups_any()],
            ...PAYMENT_VALUES.map((value) => [value, paymentLabel(value)] as const),
          ]}
        />
        <FilterSelect
          id="signups-certificate"
          name="certificato"
          label={m.console_signups_certificate()}
          defaultValue={filters.certificate ?? ""}
          options={[
            ["", m.console_signups_any()],
            ...CERTIFICATE_STATUS_VALUES.map((value) => [value, certificateStatusLabel(value)] as const),
          ]}
        />
        <FilterSelect
          id="signups-sort"
          name="ordine"
          label={m.console_signups_sort()}
          defaultValue={filters.sort}
          options={[
            ["recenti", m.console_signups_sort_newest()],
            ["meno-recenti", m.console_signups_sort_oldest()],
            ["cognome", m.console_signups_sort_family_name()],
          ]}
        />
      </FilterForm>
      <p className="console-total" aria-live="polite">
        {m.console_signups_count({ count: total })}
      </p>
      {rows.length === 0 ? (
        <p>{m.console_signups_empty()}</p>
      ) : (
        <>
          <ConsoleTable
            labelledBy="signups-title"
            wide
            columns={[
              m.console_signups_col_name(),
              m.console_signups_col_race(),
              m.console_signups_col_account(),
              m.console_signups_state(),
              m.console_signups_col_places(),
              m.console_signups_col_paid(),
              m.console_signups_certificate(),
              m.console_signups_col_created(),
            ]}
          >
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <SiteLink to={consolePath("signup", { id: row.id })}>{name(row)}</SiteLink>
                </td>
                {races ? <td>{race(row)}</td> : null}
                <td>{row.attributes.accountEmail ?? "—"}</td>
                <td>{signupStateLabel(row.attributes.state)}</td>
                <td>{row.attributes.places}</td>
                <td>
                  {paid(row)}
                  {row.attributes.discountCode && (
                    <p className="console-hint">{m.signup_price_discount({ code: row.attributes.discountCode })}</p>
                  )}
                </td>
                <td>{certificateOf(row)}</td>
                <td>{formatDateTime(row.attributes.createdAt, locale, "Europe/Rome")}</td>
              </tr>
            ))}
          </ConsoleTable>
          <ul className="console-cards console-narrow">
            {rows.map((row) => (
              <li key={row.id} className="console-card">
                <h2 className="console-card-title">
                  <SiteLink to={consolePath("signup", { id: row.id })}>{name(row)}</SiteLink>
                </h2>
                <dl>
                  {races ? (
                    <>
                      <dt>{m.console_signups_col_race()}</dt>
                      <dd>{race(row)}</dd>
                    </>
                  ) : null}
                  <dt>{m.console_signups_state()}</dt>
                  <dd>{signupStateLabel(row.attributes.state)}</dd>
                  <dt>{m.console_signups_col_places()}</dt>
                  <dd>{row.attributes.places}</dd>
                  <dt>{m.console_signups_col_paid()}</dt>
                  <dd>{paid(row)}</dd>
                  {row.attributes.discountCode && (
                    <>
                      <dt>{m.console_discount_code()}</dt>
                      <dd>{row.attributes.discountCode}</dd>
                    </>
                  )}
                  <dt>{m.console_signups_certificate()}</dt>
                  <dd>{certificateOf(row)}</dd>
                  <dt>{m.console_signups_col_account()}</dt>
                  <dd>{row.attributes.accountEmail ?? "—"}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      {last > 1 ? (
        <nav aria-label={m.console_signups_pages()} className="console-pages">
          {filters.page > 1 ? (
            <a href={pageHref(search, filters.page - 1)} rel="prev">
              {m.console_signups_previous()}
            </a>
          ) : null}
          <span>{m.console_signups_page({ number: String(filters.page), last: String(last) })}</span>
          {filters.page < last ? (
            <a href={pageHref(search, filters.page + 1)} rel="next">
              {m.console_signups_next()}
            </a>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
