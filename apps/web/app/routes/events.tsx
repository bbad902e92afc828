import { Form } from "react-router";
import { SAME_FOR_EVERY_VISITOR } from "../access.ts";
import { EVENT_CARD_FIELDS, EventCard, eventCardOf } from "../components/event-card.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { readApi } from "../lib/api.ts";
import { formatMonth } from "../lib/format.ts";
import type { EventList } from "../lib/records.ts";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import { SPORTS, sportName } from "../lib/sports.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/events.ts";

const PAGE_SIZE = 12;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * The list's orders, by their names in the URL (`?sort=price`), and the API's `sort` for each
 * (docs/api.md). By date is the default and stays out of the URL.
 */
const SORTS = {
  date: "startsAt",
  price: "priceFrom,startsAt",
  name: "title",
} as const;
type SortName = keyof typeof SORTS;
const isSort = (value: string): value is SortName => Object.hasOwn(SORTS, value);
const SORT_LABELS: Record<SortName, () => string> = {
  date: () => m.sort_date(),
  price: () => m.sort_price(),
  name: () => m.sort_name(),
};

/** The list's filters as the URL holds them; anything malformed is dropped rather than refused. */
export function filtersOf(url: URL) {
  const sport = url.searchParams.get("sport") ?? "";
  const month = url.searchParams.get("month") ?? "";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Number(url.searchParams.get("page") ?? "1");
  const sort = url.searchParams.get("sort") ?? "";
  return {
    sport: (SPORTS as readonly string[]).includes(sport) ? sport : "",
    month: MONTH.test(month) ? month : "",
    q,
    sort: isSort(sort) ? sort : "date",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

function monthRange(month: string): { from: string; to: string } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** The page is the same for every visitor but for the frame: the server keeps it for all (access.ts). */
export const handle = SAME_FOR_EVERY_VISITOR;

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = filtersOf(new URL(request.url));
  const range = filters.month ? monthRange(filters.month) : undefined;
  const list = await readApi<EventList>(context, "/api/events", {
    "filter[sport]": filters.sport || undefined,
    "filter[q]": filters.q || undefined,
    "filter[from]": range?.from,
    "filter[to]": range?.to,
    "filter[when]": range ? undefined : "upcoming",
    sort: SORTS[filters.sort],
    "page[number]": filters.page,
    "page[size]": PAGE_SIZE,
    "fields[events]": EVENT_CARD_FIELDS.join(","),
  });
  return {
    filters,
    events: list.data.map((event) => eventCardOf(event.attributes)),
    total: list.meta.total,
    pages: Math.max(1, Math.ceil(list.meta.total / PAGE_SIZE)),
    months: nextMonths(new Date(), 12),
  };
}

/** `YYYY-MM` of this month and the following ones. */
function nextMonths(from: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
    return date.toISOString().slice(0, 7);
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta({ title: `${m.events_title()} · ${m.site_name()}` }, args);
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { filters, events, total, pages, months } = loaderData;
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (filters.sport) params.set("sport", filters.sport);
    if (filters.month) params.set("month", filters.month);
    if (filters.q) params.set("q", filters.q);
    if (filters.sort !== "date") params.set("sort", filters.sort);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return `/evento${query ? `?${query}` : ""}`;
  };
  return (
    <main id="content" className="container section">
      <h1>{m.events_title()}</h1>
      <Form method="get" className="filters" aria-label={m.events_filters()}>
        <div className="field">
          <label htmlFor="filter-q">{m.search_label()}</label>
          <input id="filter-q" name="q" type="search" defaultValue={filters.q} placeholder={m.search_placeholder()} />
        </div>
        <div className="field">
          <label htmlFor="filter-sport">{m.filter_sport()}</label>
          <select id="filter-sport" name="sport" defaultValue={filters.sport}>
            <option value="">{m.filter_any_sport()}</option>
            {SPORTS.map((sport) => (
              <option key={sport} value={sport}>
                {sportName(sport)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-month">{m.filter_month()}</label>
          <select id="filter-month" name="month" defaultValue={filters.month}>
            <option value="">{m.filter_any_month()}</option>
            {[...new Set([...(filters.month ? [filters.month] : []), ...months])].sort().map((month) => (
              <option key={month} value={month}>
                {formatMonth(month, locale)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-sort">{m.sort_label()}</label>
          <select id="filter-sort" name="sort" defaultValue={filters.sort}>
            {Object.keys(SORTS).map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort as SortName]()}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-actions">
          <button type="submit" className="button">
            {m.filter_apply()}
          </button>
          {(filters.sport || filters.month || filters.q) && <SiteLink to="/evento">{m.filter_clear()}</SiteLink>}
        </div>
      </Form>
      <p className="result-count" aria-live="polite">
        {m.events_count({ count: total })}
      </p>
      {events.length === 0 ? (
        <div className="empty-state">
          <h2>{m.events_empty_title()}</h2>
          <p>{m.events_empty_text()}</p>
        </div>
      ) : (
        <ul className="card-grid">
          {events.map((event) => (
            <li key={event.slug}>
              <EventCard event={event} locale={locale} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={m.pagination()} className="pagination">
          {filters.page > 1 && <SiteLink to={pageHref(filters.page - 1)}>{m.page_previous()}</SiteLink>}
          <span>{m.page_of({ page: String(filters.page), pages: String(pages) })}</span>
          {filters.page < pages && <SiteLink to={pageHref(filters.page + 1)}>{m.page_next()}</SiteLink>}
        </nav>
      )}
    </main>
  );
}
