import {
  addClubAthlete,
  changeClubAthlete,
  clubAthleteOf,
  clubRoster,
  removeClubAthlete,
  requireClubManager,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { readAttributes } from "../body.ts";
import type { ApiEnv } from "../context.ts";
import { paginationLinks, parseQuery } from "../query.ts";
import { document } from "../respond.ts";
import { PRIVATE, person } from "./actor.ts";
import { clubAthleteInput } from "./input.ts";
import { clubAthleteResource } from "./serializers.ts";

/** The longest name search taken: more than a name's words says nothing more. */
const QUERY_MAX_LENGTH = 100;

const params = (c: Context<ApiEnv>) => ({ clubId: c.req.param("id") ?? "", athleteId: c.req.param("athleteId") ?? "" });

/**
 * A club's roster over HTTP, for its managers (docs/api.md "Clubs"): a page of its athletes by name
 * (`filter[q]`: words of their names), an athlete added, read, changed, taken out.
 */
export function clubAthleteRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/clubs/:id/athletes", async (c) => {
    const actor = person(c);
    const query = parseQuery<{ q: string }>(c.var.url, {
      filters: { q: (value) => value.trim().slice(0, QUERY_MAX_LENGTH) },
      paginated: true,
    });
    const roster = await clubRoster(c.var.deps, actor, {
      clubId: params(c).clubId,
      ...(query.filters.q ? { q: query.filters.q } : {}),
      offset: (query.page.number - 1) * query.page.size,
      limit: query.page.size,
    });
    c.header("Cache-Control", PRIVATE);
    return document(c, {
      data: roster.rows.map(clubAthleteResource),
      meta: { total: roster.total },
      links: paginationLinks(c.var.url, query.page, roster.total),
    });
  });

  routes.post("/clubs/:id/athletes", async (c) => {
    const actor = person(c);
    const club = await requireClubManager(c.var.deps.db, actor, params(c).clubId);
    const athlete = await readAttributes(c, "club-athletes", clubAthleteInput);
    const added = await addClubAthlete(c.var.deps, actor, { clubId: club.id, athlete });
    c.header("Location", `/api/clubs/${club.id}/athletes/${added.id}`);
    return document(c, { data: clubAthleteResource(added) }, 201);
  });

  routes.get("/clubs/:id/athletes/:athleteId", async (c) => {
    const athlete = await clubAthleteOf(c.var.deps, person(c), params(c));
    c.header("Cache-Control", PRIVATE);
    return document(c, { data: clubAthleteResource(athlete) });
  });

  routes.patch("/clubs/:id/athletes/:athleteId", async (c) => {
    const actor = person(c);
    const found = await clubAthleteOf(c.var.deps, actor, params(c));
    const athlete = await readAttributes(c, "club-athletes", clubAthleteInput, { ids: [found.id] });
    const changed = await changeClubAthlete(c.var.deps, actor, { clubId: found.clubId, athleteId: found.id, athlete });
    return document(c, { data: clubAthleteResource(changed) });
  });

  routes.delete("/clubs/:id/athletes/:athleteId", async (c) => {
    await removeClubAthlete(c.var.deps, person(c), params(c));
    return c.body(null, 204);
  });

  return routes;
}
