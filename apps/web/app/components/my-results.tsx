import { eventPath, formatRaceTime } from "@sports/jsonapi";
import { useRootData } from "../lib/root-data.ts";
import * as m from "../paraglide/messages.js";
import { SiteLink } from "./site-link.tsx";

/** One of the account's published results, as My signups lists it under its signup. */
export interface MyResult {
  id: string;
  signupId: string;
  givenName: string;
  familyName: string;
  status: "finished" | "dnf" | "dns" | "dsq";
  gunTime: number | null;
  netTime: number | null;
  ranks: { overall: number | null; gender: number | null; category: number | null };
  category: string | null;
  /** The diploma's path on the API, with its code. */
  diploma: string;
}

const STATUS: Record<MyResult["status"], () => string> = {
  finished: m.my_results_finished,
  dnf: m.my_results_dnf,
  dns: m.my_results_dns,
  dsq: m.my_results_dsq,
};

/** A signup's results: each participant's time and ranks, their page, and the diploma of a finisher. */
export function MyResults({
  results,
  event,
  appointment,
}: {
  results: readonly MyResult[];
  event: { slug: string };
  appointment: { slug: string };
}) {
  const { apiBaseUrl } = useRootData();
  if (results.length === 0) return null;
  return (
    <div className="signup-results">
      <h4>{m.my_results_heading()}</h4>
      <ul>
        {results.map((result) => {
          const time = result.gunTime ?? result.netTime;
          const finished = result.status === "finished" && time !== null;
          return (
            <li key={result.id}>
              <SiteLink
                to={`${eventPath(event.slug)}/appuntamento/${encodeURIComponent(appointment.slug)}/classifica/${result.id}`}
              >
                {result.givenName} {result.familyName}
              </SiteLink>
              {": "}
              {finished ? formatRaceTime(time) : STATUS[result.status]()}
              {result.ranks.overall !== null && ` · ${m.my_results_overall({ rank: result.ranks.overall })}`}
              {result.ranks.category !== null &&
                result.category &&
                ` · ${m.my_results_category({ rank: result.ranks.category, category: result.category })}`}
              {finished && (
                <>
                  {" · "}
                  <a href={`${apiBaseUrl.replace(/\/+$/, "")}${result.diploma}`} download>
                    {m.my_results_diploma()}
                  </a>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
