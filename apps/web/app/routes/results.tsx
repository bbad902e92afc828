import type { ResultAttributes, ResultListMeta } from "@sports/jsonapi";
import { appointmentPath, resultsPath } from "@sports/jsonapi";
import { redirect } from "react-router";
import { SAME_FOR_EVERY_VISITOR } from "../access.ts";
import { PageLinks } from "../components/page-links.tsx";
import { PrintButton } from "../components/print-button.tsx";
import { ResultsFilters } from "../components/results-filters.tsx";
import { ResultsStateNotice } from "../components/results-state.tsx";
import { ResultsTable } from "../components/results-table.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { languageContext } from "../context.ts";
import { readApi } from "../lib/api.ts";
import { formatDay } from "../lib/format.ts";
import {
  isTidy,
  lineOf,
  RESULTS_PAGE_SIZE,
  resultFiltersOf,
  resultSearchOf,
  resultsQueryOf,
  resultsRaceOf,
} from "../lib/results.ts";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/results.ts";

/**
 * A race's results are the same for every visitor but for the frame: the server keeps them for all
 * (access.ts) and drops them when the results change (their use cases say the catalogue changed).
 * Before they are published the API answers 404 to anyone but the organiser's team, whose own
 * render shows them.
 */
export const handle = SAME_FOR_EVERY_VISITOR;

/** Past this many clubs the select would weigh more than the list: the search finds a club by name as well. */
const MAX_CLUBS_LISTED = 500;

interface ResultList {
  data: { id: string; attributes: ResultAttributes }[];
  meta: ResultListMeta;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const filters = resultFiltersOf(new URL(request.url));
  // The address is made the one the list's links write (and its kept page is kept by).
  if (!isTidy(new URL(request.url), filters)) {
    const { prefix } = context.get(languageContext);
    throw redirect(`${prefix}${resultsPath(params.slug, params.slug1, resultSearchOf(filters))}`);
  }
  const race = await resultsRaceOf(context, params.slug, params.slug1);
  // One page of the list, filtered and sorted by the API: never the whole race.
  const list = await readApi<ResultList>(
    context,
    `/api/appointments/${encodeURIComponent(race.appointmentId)}/results`,
    resultsQueryOf(filters),
  );
  const { meta } = list;
  return {
    race,
    filters,
    lines: list.data.map(lineOf),
    total: meta.total,
    pages: Math.max(1, Math.ceil(meta.total / RESULTS_PAGE_SIZE)),
    categories: meta.categories,
    clubs: meta.clubs.length <= MAX_CLUBS_LISTED ? meta.clubs : [],
    state: meta.resultsState,
    claimsUntil: meta.resultsClaimsUntil,
    rankBy: meta.rankBy,
  };
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  if (!data) return [];
  const { race } = data;
  return pageMeta(
    {
      title: `${m.results_heading({ race: race.appointment.title })} · ${race.eventTitle} · ${m.site_name()}`,
      description: m.results_description({ race: race.appointment.title, event: race.eventTitle }),
    },
    args,
  );
}

export default function ResultsPage({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { race, filters, lines, total, pages, categories, clubs, state, claimsUntil, rankBy } = loaderData;
  const { appointment } = race;
  const listPath = resultsPath(race.eventSlug, appointment.slug);
  const pageHref = (page: number) =>
    resultsPath(race.eventSlug, appointment.slug, resultSearchOf({ ...filters, page }));
  return (
    <main id="content" className="container section results-page">
      <p className="results-back no-print">
        <SiteLink to={appointmentPath(race.eventSlug, appointment.slug)}>
          {m.results_back({ race: appointment.title })}
        </SiteLink>
      </p>
      <header className="results-header">
        <p className="event-sport">{race.eventTitle}</p>
        <h1>{m.results_heading({ race: appointment.title })}</h1>
        <p className="event-meta">
          <time dateTime={appointment.startsAt}>{formatDay(appointment.startsAt, locale, race.timeZone)}</time>
        </p>
        <ResultsStateNotice state={state} claimsUntil={claimsUntil} locale={locale} timeZone={race.timeZone} />
      </header>
      <ResultsFilters filters={filters} categories={categories} clubs={clubs} listPath={listPath} />
      <div className="results-toolbar">
        <p className="result-count" aria-live="polite">
          {m.results_count({ count: total })}
        </p>
        <div className="no-print">
          <PrintButton label={m.results_print()} />
        </div>
      </div>
      {lines.length === 0 ? (
        <div className="empty-state">
          <h2>{m.results_empty_title()}</h2>
          <p>{m.results_empty_text()}</p>
        </div>
      ) : (
        <ResultsTable
          race={{ eventSlug: race.eventSlug, appointmentSlug: appointment.slug, title: appointment.title, rankBy }}
          lines={lines}
          filters={filters}
          pages={pages}
          locale={locale}
        />
      )}
      <PageLinks page={filters.page} pages={pages} hrefOf={pageHref} />
    </main>
  );
}
