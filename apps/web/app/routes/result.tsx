import type { RaceResultsMeta, ResourceObject, ResultAttributes } from "@sports/jsonapi";
import { resultsPath } from "@sports/jsonapi";
import { data } from "react-router";
import { SAME_FOR_EVERY_VISITOR } from "../access.ts";
import { PrintButton } from "../components/print-button.tsx";
import { genderListOf, listRankLabel, ResultsStateNotice, statusWord } from "../components/results-state.tsx";
import { SiteLink } from "../components/site-link.tsx";
import { readApi } from "../lib/api.ts";
import { formatDay, formatNumber } from "../lib/format.ts";
import { formatGap, formatPace, formatRaceTime } from "../lib/race-time.ts";
import { resultsRaceOf } from "../lib/results.ts";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/result.ts";

/** The same for every visitor but for the frame, like the list it comes from (routes/results.tsx). */
export const handle = SAME_FOR_EVERY_VISITOR;

interface ResultDocument {
  data: { id: string; attributes: ResultAttributes; relationships?: ResourceObject["relationships"] };
  meta: RaceResultsMeta;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const race = await resultsRaceOf(context, params.slug, params.slug1);
  const document = await readApi<ResultDocument>(context, `/api/results/${encodeURIComponent(params.id)}`);
  // A result of another race is not this race's.
  const of = document.data.relationships?.appointment?.data;
  if (!of || Array.isArray(of) || of.id !== race.appointmentId) throw data(null, { status: 404 });
  return {
    race,
    result: document.data.attributes,
    state: document.meta.resultsState,
    claimsUntil: document.meta.resultsClaimsUntil,
    rankBy: document.meta.rankBy,
  };
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  if (!data) return [];
  const { race, result } = data;
  const name = `${result.givenName} ${result.familyName}`;
  return pageMeta(
    {
      title: `${name} · ${m.results_heading({ race: race.appointment.title })} · ${m.site_name()}`,
      description: m.results_description({ race: race.appointment.title, event: race.eventTitle }),
    },
    args,
  );
}

export default function ResultPage({ loaderData }: Route.ComponentProps) {
  const { locale } = useRootData();
  const { race, result, state, claimsUntil, rankBy } = loaderData;
  const { appointment } = race;
  const distance = appointment.course?.distance ?? null;
  const ranked = result.status === "finished" ? result[rankBy] : null;
  const rank = (value: number | null) => (value === null ? "–" : formatNumber(value, locale));
  return (
    <main id="content" className="container section narrow results-page">
      <p className="results-back no-print">
        <SiteLink to={resultsPath(race.eventSlug, appointment.slug)}>{m.results_finisher_back()}</SiteLink>
      </p>
      <header className="results-header">
        <p className="event-sport">{`${race.eventTitle} · ${appointment.title}`}</p>
        <h1>{`${result.givenName} ${result.familyName}`}</h1>
        <p className="event-meta">
          <time dateTime={appointment.startsAt}>{formatDay(appointment.startsAt, locale, race.timeZone)}</time>
        </p>
        <ResultsStateNotice state={state} claimsUntil={claimsUntil} locale={locale} timeZone={race.timeZone} />
      </header>
      <dl className="facts result-facts">
        <div>
          <dt>{m.results_fact_bib()}</dt>
          <dd>{result.bib}</dd>
        </div>
        {result.club && (
          <div>
            <dt>{m.results_fact_club()}</dt>
            <dd>{result.club}</dd>
          </div>
        )}
        {result.category && (
          <div>
            <dt>{m.results_fact_category()}</dt>
            <dd>{result.category}</dd>
          </div>
        )}
        <div>
          <dt>{m.results_fact_status()}</dt>
          <dd>{statusWord(result.status)}</dd>
        </div>
        {result.gunTime !== null && (
          <div>
            <dt>{m.results_gun_time()}</dt>
            <dd className="result-time">{formatRaceTime(result.gunTime, locale)}</dd>
          </div>
        )}
        {result.netTime !== null && (
          <div>
            <dt>{m.results_net_time()}</dt>
            <dd className="result-time">{formatRaceTime(result.netTime, locale)}</dd>
          </div>
        )}
        {ranked !== null && distance ? (
          <div>
            <dt>{m.results_pace()}</dt>
            <dd>{m.results_pace_value({ pace: formatPace(ranked, distance, locale) })}</dd>
          </div>
        ) : null}
        {result.gap ? (
          <div>
            <dt>{m.results_gap()}</dt>
            <dd>{formatGap(result.gap, locale)}</dd>
          </div>
        ) : null}
      </dl>
      {result.ranks.overall !== null && (
        <section aria-labelledby="ranks-heading">
          <h2 id="ranks-heading">{m.results_ranks()}</h2>
          <dl className="facts result-ranks">
            <div>
              <dt>{m.results_rank_overall()}</dt>
              <dd>{rank(result.ranks.overall)}</dd>
            </div>
            <div>
              <dt>{listRankLabel(genderListOf(result.gender))}</dt>
              <dd>{rank(result.ranks.gender)}</dd>
            </div>
            {result.category && (
              <div>
                <dt>{m.results_rank_category({ category: result.category })}</dt>
                <dd>{rank(result.ranks.category)}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
      {result.splits.length > 0 && (
        <section aria-labelledby="splits-heading">
          <h2 id="splits-heading">{m.results_splits()}</h2>
          <table className="splits-table">
            <caption className="sr-only">
              {m.results_splits_caption({ name: `${result.givenName} ${result.familyName}` })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{m.results_split_point()}</th>
                <th scope="col">{m.results_split_time()}</th>
              </tr>
            </thead>
            <tbody>
              {result.splits.map((split) => (
                // A split's point and time say which it is: a file names each point once.
                <tr key={`${split.name}:${split.time}`}>
                  <th scope="row">{split.name}</th>
                  <td className="result-time">{formatRaceTime(split.time, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <div className="results-print no-print">
        <PrintButton label={m.results_print_result()} />
      </div>
    </main>
  );
}
