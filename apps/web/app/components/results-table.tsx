import { resultPath, resultsPath } from "@sports/jsonapi";
import type { ReactNode } from "react";
import { formatNumber } from "../lib/format.ts";
import { formatGap, formatRaceTime } from "../lib/race-time.ts";
import { type ResultFilters, type ResultLineView, type ResultSort, resultSearchOf } from "../lib/results.ts";
import * as m from "../paraglide/messages.js";
import { statusWord } from "./results-state.tsx";
import { SiteLink } from "./site-link.tsx";

interface Race {
  eventSlug: string;
  appointmentSlug: string;
  title: string;
  rankBy: "gunTime" | "netTime";
}

/**
 * One page of a race's results as a table: rank, bib, name (a link to the finisher's page), club,
 * category, the time the race ranks by and the gap to the winner; those without a rank (DNF, DNS,
 * DSQ) come after with their state in words. Filtered to women, men, the open list or a category,
 * the first column is the rank in that list and the overall rank follows. The headers of rank,
 * bib, name and time are links that sort by them (again: the other way), so sorting works without
 * JavaScript. On a phone the bib, club and category go under the name and the gap under the time
 * (app.css, `.results-table`).
 */
export function ResultsTable({
  race,
  lines,
  filters,
  pages,
  locale,
}: {
  race: Race;
  lines: ResultLineView[];
  filters: ResultFilters;
  pages: number;
  locale: string;
}) {
  const list = filters.category || (filters.gender ? listWord(filters.gender) : "");
  const rankOf = (line: ResultLineView) =>
    filters.category ? line.ranks.category : filters.gender ? line.ranks.gender : line.ranks.overall;
  const header = (field: ResultSort, label: string) => (
    <SortHeader field={field} label={label} race={race} filters={filters} />
  );
  const number = (value: number | null) => (value === null ? "" : formatNumber(value, locale));
  return (
    <table className="results-table">
      <caption className="sr-only">
        {m.results_caption({ race: race.title, page: String(filters.page), pages: String(pages) })}
      </caption>
      <thead>
        <tr>
          {header("rank", list ? m.results_column_rank_in({ list }) : m.results_column_rank())}
          {list && (
            <th scope="col" className="results-col-wide">
              {m.results_column_overall()}
            </th>
          )}
          {header("bib", m.results_column_bib())}
          {header("name", m.results_column_name())}
          <th scope="col" className="results-col-wide">
            {m.results_column_club()}
          </th>
          <th scope="col" className="results-col-wide">
            {m.results_column_category()}
          </th>
          {header("time", race.rankBy === "netTime" ? m.results_column_net_time() : m.results_column_time())}
          <th scope="col" className="results-col-wide">
            {m.results_column_gap()}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const time = line.status === "finished" ? line[race.rankBy] : null;
          const gap = line.gap === null ? "" : formatGap(line.gap, locale);
          // On a phone the gap goes under the time, where the winner's dash would say nothing.
          const phoneGap = line.gap ? gap : "";
          const meta = [m.results_bib_short({ bib: String(line.bib) }), line.club, line.category].filter(Boolean);
          return (
            <tr key={line.id} className={line.status === "finished" ? undefined : "results-unranked"}>
              <td className="results-rank">{number(rankOf(line))}</td>
              {list && <td className="results-col-wide results-rank">{number(line.ranks.overall)}</td>}
              <td className="results-col-wide">{line.bib}</td>
              <th scope="row" className="results-name">
                <SiteLink to={resultPath(race.eventSlug, race.appointmentSlug, line.id)}>
                  {`${line.familyName} ${line.givenName}`}
                </SiteLink>
                <span className="results-phone">{meta.join(" · ")}</span>
              </th>
              <td className="results-col-wide">{line.club}</td>
              <td className="results-col-wide">{line.category}</td>
              <td className="results-time">
                {line.status === "finished"
                  ? time === null
                    ? "–"
                    : formatRaceTime(time, locale)
                  : statusWord(line.status)}
                {phoneGap && <span className="results-phone">{phoneGap}</span>}
              </td>
              <td className="results-col-wide results-time">{gap}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const listWord = (gender: "female" | "male" | "open") =>
  gender === "female" ? m.results_list_female() : gender === "male" ? m.results_list_male() : m.results_list_open();

/**
 * A column's header that sorts the list by it: ascending first (the best rank, the lowest bib, A
 * to Z, the fastest), the other way when it already sorts by it; the page starts again at one.
 */
function SortHeader({
  field,
  label,
  race,
  filters,
}: {
  field: ResultSort;
  label: string;
  race: Race;
  filters: ResultFilters;
}) {
  const current = filters.sort.field === field;
  const next = { ...filters, sort: { field, descending: current && !filters.sort.descending }, page: 1 };
  const wide = field === "bib" ? "results-col-wide" : undefined;
  let arrow: ReactNode = null;
  if (current) arrow = <span aria-hidden="true">{filters.sort.descending ? " ↓" : " ↑"}</span>;
  return (
    <th
      scope="col"
      className={wide}
      aria-sort={current ? (filters.sort.descending ? "descending" : "ascending") : undefined}
    >
      <SiteLink to={resultsPath(race.eventSlug, race.appointmentSlug, resultSearchOf(next))} rel="nofollow">
        {label}
        <span className="sr-only">{m.results_sort_hint()}</span>
        {arrow}
      </SiteLink>
    </th>
  );
}
