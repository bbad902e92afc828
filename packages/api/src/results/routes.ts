import type { Actor } from "@sports/domain";
import type { ResultHistoryEntry } from "@sports/jsonapi";
import { diplomaFileUrl, myResults, oneResult, raceResults, userActor, verifyDiploma } from "@sports/usecases";
import type { Context } from "hono";
import { Hono } from "hono";
import { requireSession } from "../accounts/session.ts";
import { idOf, oneOf } from "../console/signup-params.ts";
import type { ApiEnv } from "../context.ts";
import { invalidParameter } from "../errors.ts";
import { paginationLinks, parseQuery } from "../query.ts";
import { document } from "../respond.ts";
import { resultFileRoutes } from "./file-routes.ts";
import { resultImportRoutes } from "./import-routes.ts";
import { readerOf } from "./reader.ts";
import { raceResultsAttributes, resultResource } from "./serializers.ts";

function text(max: number) {
  return (value: string, parameter: string): string => {
    const trimmed = value.trim();
    if (trimmed.length < 1 || trimmed.length > max) throw invalidParameter(parameter, `Give 1 to ${max} characters.`);
    return trimmed;
  };
}

interface ResultFilters {
  gender: "female" | "male" | "open";
  category: string;
  club: string;
  search: string;
}

const RESULTS_SPEC = {
  filters: {
    gender: oneOf(["female", "male", "open"] as const),
    category: text(20),
    club: text(200),
    search: text(100),
  },
  sortFields: ["rank", "bib", "name", "time"],
  paginated: true,
};

/** Published results change only when the organiser changes them: caches may keep them a little. */
const cacheFor = (c: Context<ApiEnv>, actor: Actor) =>
  c.header("Cache-Control", actor.kind === "visitor" ? "public, max-age=30" : "private, no-store");

/**
 * A race's results (`GET /api/appointments/{id}/results`: filtered, searched, sorted, paged), one
 * finisher's (`GET /api/results/{id}`), and a diploma's verification (`GET /api/diplomas/{code}`).
 */
export function resultRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/appointments/:id/results", async (c) => {
    const actor = readerOf(c);
    const query = parseQuery<ResultFilters>(c.var.url, RESULTS_SPEC);
    const sort = query.sort[0] ?? { field: "rank", descending: false };
    const answer = await raceResults(c.var.deps, actor, {
      appointmentId: idOf(c),
      query: { ...query.filters, sort: sort as never, page: query.page },
    });
    cacheFor(c, actor);
    return document(c, {
      data: answer.lines.map((line) => resultResource(line, answer.leader)),
      meta: { total: answer.total, ...answer.facets, ...raceResultsAttributes(answer.race) },
      links: paginationLinks(c.var.url, query.page, answer.total),
    });
  });

  routes.get("/results/:id", async (c) => {
    const actor = readerOf(c);
    const { race, line, leader, history } = await oneResult(c.var.deps, actor, { resultId: idOf(c) });
    cacheFor(c, actor);
    return document(c, {
      data: resultResource(line, leader),
      meta: { ...raceResultsAttributes(race), ...(history ? { history: history.map(historyOf) } : {}) },
    });
  });

  routes.get("/users/me/results", async (c) => {
    const mine = await myResults(c.var.deps, userActor(requireSession(c).user));
    c.header("Cache-Control", "private, no-store");
    return document(c, {
      data: mine.map(({ line, signupId }) => ({
        ...resultResource(line),
        meta: { signup: signupId, diploma: diplomaFileUrl("", line) },
      })),
    });
  });

  routes.get("/diplomas/:code", async (c) => {
    const { race, line } = await verifyDiploma(c.var.deps, { code: c.req.param("code") });
    c.header("Cache-Control", "public, max-age=60");
    return document(c, {
      data: {
        type: "diplomas",
        id: line.diplomaCode,
        attributes: {
          givenName: line.givenName,
          familyName: line.familyName,
          bib: line.bib,
          gender: line.gender,
          status: line.status,
          netTime: line.netTime,
          gunTime: line.gunTime,
          ranks: line.ranks,
          category: line.category,
          eventTitle: race.eventTitle,
          raceTitle: race.appointmentTitle,
          raceStartsAt: race.startsAt.toISOString(),
          timeZone: race.timeZone,
          eventSlug: race.eventSlug,
          raceSlug: race.appointmentSlug,
          rankBy: race.rankBy,
          resultsState: race.state,
        },
        relationships: { result: { data: { type: "results", id: line.id } } },
      },
    });
  });

  routes.route("/", resultImportRoutes());
  routes.route("/", resultFileRoutes());
  return routes;
}

/** A raw time of a result's history, as the team reads it. */
type RawTimeRow = NonNullable<Awaited<ReturnType<typeof oneResult>>["history"]>[number];

const historyOf = ({ appointmentId: _, importId: __, ...time }: RawTimeRow): ResultHistoryEntry => ({
  ...time,
  receivedAt: time.receivedAt.toISOString(),
});
