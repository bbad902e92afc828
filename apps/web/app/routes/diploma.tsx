import { ApiError, type DiplomaAttributes, diplomaPath, resultPath } from "@sports/jsonapi";
import { data, Form, redirect } from "react-router";
import { SAME_FOR_EVERY_VISITOR } from "../access.ts";
import { genderListOf, listRankLabel, stateWord, statusWord } from "../components/results-state.tsx";
import { localHref, SiteLink } from "../components/site-link.tsx";
import { languageContext, siteContext } from "../context.ts";
import { refusalAnswer } from "../lib/api.ts";
import { formatDay, formatNumber } from "../lib/format.ts";
import { formatRaceTime } from "../lib/race-time.ts";
import { textIn } from "../lib/results.ts";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import * as m from "../paraglide/messages.js";
import type { Route } from "./+types/diploma.ts";

/** The check says the same to everyone: the server keeps it for all (access.ts). */
export const handle = SAME_FOR_EVERY_VISITOR;

interface DiplomaDocument {
  data: { id: string; attributes: DiplomaAttributes; relationships?: { result?: { data?: { id: string } } } };
}

/** A code as typed from a diploma: spaces and dashes left out, in capitals. */
const codeOf = (typed: string) => typed.replace(/[\s-]+/g, "").toUpperCase();

/**
 * `/attestato/{code}`: the diploma of that code, if any, said genuine; a code nobody's diploma has,
 * a 404 that says so. `/attestato?code=`: the form's answer, sent on to the code's own address.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { prefix, locale } = context.get(languageContext);
  const typed = new URL(request.url).searchParams.get("code");
  if (typed !== null) throw redirect(localHref(prefix, diplomaPath(codeOf(typed).slice(0, 40) || undefined)));
  if (!params.code) return { kind: "form" as const };
  const code = params.code;
  try {
    const answer = await context.get(siteContext).api.get(`/api/diplomas/${encodeURIComponent(code)}`, {
      query: { locale },
    });
    const { data: diploma } = answer.document as unknown as DiplomaDocument;
    return { kind: "genuine" as const, code: diploma.id, diploma: diploma.attributes, resultId: resultIdOf(diploma) };
  } catch (error) {
    if (ApiError.is(error) && error.status === 404) return data({ kind: "unknown" as const, code }, { status: 404 });
    throw refusalAnswer(error, prefix);
  }
}

const resultIdOf = (diploma: DiplomaDocument["data"]) => diploma.relationships?.result?.data?.id ?? null;

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData;
  const title = data?.kind === "genuine" ? m.results_diploma_genuine() : m.results_diploma_title();
  // A code is nobody's business but its holder's: the check is not for search engines.
  return [...pageMeta({ title: `${title} · ${m.site_name()}` }, args), { name: "robots", content: "noindex" }];
}

export default function DiplomaPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="content" className="container section narrow diploma-page">
      {loaderData.kind === "genuine" ? (
        <Genuine code={loaderData.code} diploma={loaderData.diploma} resultId={loaderData.resultId} />
      ) : loaderData.kind === "unknown" ? (
        <>
          <h1>{m.results_diploma_unknown()}</h1>
          <p className="notice notice-warning">{m.results_diploma_unknown_text({ code: loaderData.code })}</p>
        </>
      ) : (
        <>
          <h1>{m.results_diploma_title()}</h1>
          <p className="lead">{m.results_diploma_intro()}</p>
        </>
      )}
      <CodeForm code={loaderData.kind === "unknown" ? loaderData.code : ""} kind={loaderData.kind} />
    </main>
  );
}

function Genuine({ code, diploma, resultId }: { code: string; diploma: DiplomaAttributes; resultId: string | null }) {
  const { locale } = useRootData();
  const rank = (value: number | null) => (value === null ? "–" : formatNumber(value, locale));
  const race = textIn(diploma.raceTitle, locale);
  return (
    <>
      <h1 className="diploma-genuine">
        <span aria-hidden="true">✓ </span>
        {m.results_diploma_genuine()}
      </h1>
      <p className="notice notice-ok">{m.results_diploma_genuine_text({ code })}</p>
      <dl className="facts result-facts">
        <div>
          <dt>{m.results_diploma_name()}</dt>
          <dd>{`${diploma.givenName} ${diploma.familyName}`}</dd>
        </div>
        <div>
          <dt>{m.results_diploma_event()}</dt>
          <dd>{textIn(diploma.eventTitle, locale)}</dd>
        </div>
        <div>
          <dt>{m.results_diploma_race()}</dt>
          <dd>{race}</dd>
        </div>
        <div>
          <dt>{m.results_diploma_date()}</dt>
          <dd>
            <time dateTime={diploma.raceStartsAt}>{formatDay(diploma.raceStartsAt, locale, diploma.timeZone)}</time>
          </dd>
        </div>
        <div>
          <dt>{m.results_fact_bib()}</dt>
          <dd>{diploma.bib}</dd>
        </div>
        <div>
          <dt>{m.results_fact_status()}</dt>
          <dd>{statusWord(diploma.status)}</dd>
        </div>
        {diploma.gunTime !== null && (
          <div>
            <dt>{m.results_gun_time()}</dt>
            <dd className="result-time">{formatRaceTime(diploma.gunTime, locale)}</dd>
          </div>
        )}
        {diploma.netTime !== null && (
          <div>
            <dt>{m.results_net_time()}</dt>
            <dd className="result-time">{formatRaceTime(diploma.netTime, locale)}</dd>
          </div>
        )}
        <div>
          <dt>{m.results_rank_overall()}</dt>
          <dd>{rank(diploma.ranks.overall)}</dd>
        </div>
        <div>
          <dt>{listRankLabel(genderListOf(diploma.gender))}</dt>
          <dd>{rank(diploma.ranks.gender)}</dd>
        </div>
        {diploma.category && (
          <div>
            <dt>{m.results_rank_category({ category: diploma.category })}</dt>
            <dd>{rank(diploma.ranks.category)}</dd>
          </div>
        )}
        <div>
          <dt>{m.results_diploma_state()}</dt>
          <dd>
            {stateWord(diploma.resultsState)}
            {diploma.resultsState === "provisional" && <> · {m.results_provisional_note()}</>}
          </dd>
        </div>
      </dl>
      {resultId && (
        <p>
          <SiteLink to={resultPath(diploma.eventSlug, diploma.raceSlug, resultId)}>
            {m.results_diploma_see_result()}
          </SiteLink>
        </p>
      )}
    </>
  );
}

/** The code's form: a GET, so it works without JavaScript (the loader sends the code to its address). */
function CodeForm({ code, kind }: { code: string; kind: "form" | "genuine" | "unknown" }) {
  const { prefix } = useRootData();
  // On the form's own page its heading is the page's.
  const heading =
    kind === "genuine" ? m.results_diploma_other() : kind === "unknown" ? m.results_diploma_title() : null;
  return (
    <section aria-labelledby={heading ? "diploma-form-heading" : undefined} className="diploma-form no-print">
      {heading && <h2 id="diploma-form-heading">{heading}</h2>}
      <Form method="get" action={localHref(prefix, diplomaPath())} className="search-form">
        <label htmlFor="diploma-code">{m.results_diploma_code()}</label>
        <div className="search-row">
          <input
            id="diploma-code"
            name="code"
            defaultValue={code}
            required
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className="button button-primary">
            {m.results_diploma_check()}
          </button>
        </div>
      </Form>
    </section>
  );
}
