import { consolePath } from "@sports/jsonapi";
import { Link } from "react-router";
import { localHref } from "../components/site-link.tsx";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { ConsoleTable, numeric } from "./console-table.tsx";
import { FilterForm, FilterSelect } from "./filters.tsx";
import { resultStatusLabel, timeOrDash } from "./result-labels.ts";

/** A result as the console's table reads it (`results`, docs/api.md). */
export interface ResultRow {
  id: string;
  attributes: {
    bib: number;
    givenName: string;
    familyName: string;
    club: string | null;
    category: string | null;
    status: string;
    netTime: number | null;
    gunTime: number | null;
    ranks: { overall: number | null; gender: number | null; category: number | null };
  };
}

/** The table's orders, by the page's own words (`?ordine=`), and the API's sort for each. */
export const RESULT_SORTS = { posizione: "rank", pettorale: "bib", nome: "name", tempo: "time" } as const;
export type ResultSort = keyof typeof RESULT_SORTS;

export const RESULTS_PAGE_SIZE = 50;

export interface ResultFilters {
  q: string;
  sort: ResultSort;
  page: number;
}

/** The table's query from the page's address: a search, an order, a page. */
export function resultFiltersOf(url: URL): ResultFilters {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const sort = url.searchParams.get("ordine") ?? "";
  const page = Number(url.searchParams.get("pagina") ?? "1");
  return {
    q,
    sort: sort in RESULT_SORTS ? (sort as ResultSort) : "posizione",
    page: Number.isInteger(page) && page >= 1 && page < 100_000 ? page : 1,
  };
}

/** The screen's address with `changes` to its query (a page, a line to open), the rest kept. */
export function withQuery(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

const fullName = ({ attributes: a }: ResultRow) => `${a.givenName} ${a.familyName}`.trim() || "—";

/**
 * A line's time: a finisher's time the race ranks by, with the other one under it when it differs;
 * for anyone else, their state (ritiro, squalifica…).
 */
function TimeCell({ result, rankBy }: { result: ResultRow["attributes"]; rankBy: "gunTime" | "netTime" }) {
  if (result.status !== "finished") return <>{resultStatusLabel(result.status)}</>;
  const [main, other] = rankBy === "netTime" ? [result.netTime, result.gunTime] : [result.gunTime, result.netTime];
  const shown = main ?? other;
  const otherShown = main === null || other === null || other === main ? null : timeOrDash(other);
  return (
    <>
      {timeOrDash(shown)}
      {otherShown ? (
        <p className="console-results-note">
          {rankBy === "netTime"
            ? m.console_results_time_gun_hint({ time: otherShown })
            : m.console_results_time_net_hint({ time: otherShown })}
        </p>
      ) : null}
    </>
  );
}

/**
 * A race's results, a page at a time: a search and an order in a GET form, a line per bib (its rank,
 * its name leading to its own screen to correct it and read its history, its state and times), the
 * pages, and the whole list's downloads.
 */
export function ResultsTable({
  appointmentId,
  rows,
  total,
  filters,
  search,
  rankBy,
}: {
  appointmentId: string;
  rankBy: "gunTime" | "netTime";
  rows: ResultRow[];
  total: number;
  filters: ResultFilters;
  search: string;
}) {
  const { prefix, locale, apiBaseUrl } = useRootData();
  const api = apiBaseUrl.replace(/\/+$/, "");
  const last = Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE));
  const self = consolePath("appointmentResults", { id: appointmentId });
  const exportOf = (extension: string) =>
    `${api}/api/appointments/${encodeURIComponent(appointmentId)}/results.${extension}?locale=${locale}`;
  return (
    <section className="console-section" aria-labelledby="results-list-title">
      <h2 id="results-list-title">{m.console_results_list_title()}</h2>
      <FilterForm action={localHref(prefix, self)}>
        <div className="console-field">
          <label htmlFor="results-q">{m.console_results_search()}</label>
          <input id="results-q" name="q" type="search" defaultValue={filters.q} maxLength={100} />
        </div>
        <FilterSelect
          id="results-sort"
          name="ordine"
          label={m.console_results_sort()}
          defaultValue={filters.sort}
          options={[
            ["posizione", m.console_results_sort_rank()],
            ["pettorale", m.console_results_sort_bib()],
            ["nome", m.console_results_sort_name()],
            ["tempo", m.console_results_sort_time()],
          ]}
        />
      </FilterForm>
      <p className="console-total" aria-live="polite">
        {m.console_results_count({ count: total })}
      </p>
      {rows.length === 0 ? (
        <p>{filters.q ? m.console_results_none_found() : m.console_results_empty()}</p>
      ) : (
        // Four columns, so that a phone shows a line whole: the time ranked by leads, the other under it.
        <ConsoleTable
          labelledBy="results-list-title"
          columns={[
            numeric(m.console_results_col_rank()),
            numeric(m.console_results_col_bib_short()),
            m.console_results_col_name(),
            numeric(m.console_results_col_time()),
          ]}
        >
          {rows.map((row) => {
            const a = row.attributes;
            const hint = [a.category, a.club].filter(Boolean).join(" · ");
            return (
              <tr key={row.id}>
                <td className="console-num">{a.ranks.overall ?? "—"}</td>
                <td className="console-num">{a.bib}</td>
                <td>
                  <Link
                    to={withQuery(search, { risultato: row.id })}
                    aria-label={m.console_results_open_line({ bib: a.bib, name: fullName(row) })}
                  >
                    {fullName(row)}
                  </Link>
                  {hint ? <p className="console-results-note">{hint}</p> : null}
                </td>
                <td className="console-num">
                  <TimeCell result={a} rankBy={rankBy} />
                </td>
              </tr>
            );
          })}
        </ConsoleTable>
      )}
      {last > 1 ? (
        <nav aria-label={m.console_results_pages()} className="console-pages">
          {filters.page > 1 ? (
            <a href={withQuery(search, { pagina: String(filters.page - 1), risultato: null })} rel="prev">
              {m.console_signups_previous()}
            </a>
          ) : null}
          <span>{m.console_signups_page({ number: String(filters.page), last: String(last) })}</span>
          {filters.page < last ? (
            <a href={withQuery(search, { pagina: String(filters.page + 1), risultato: null })} rel="next">
              {m.console_signups_next()}
            </a>
          ) : null}
        </nav>
      ) : null}
      {total > 0 ? (
        <p className="start-list-downloads">
          <a className="button" href={exportOf("csv")} download>
            {m.console_results_export_csv()}
          </a>
          <a className="button" href={exportOf("xlsx")} download>
            {m.console_results_export_xlsx()}
          </a>
          <a className="button" href={exportOf("xml")} download>
            {m.console_results_export_iof()}
          </a>
        </p>
      ) : null}
    </section>
  );
}
