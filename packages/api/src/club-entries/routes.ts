import { CLUB_ROSTER_MAX_BYTES, refuse } from "@sports/domain";
import { JSONAPI_MEDIA_TYPE, ROSTER_FILE_MEDIA_TYPES } from "@sports/jsonapi";
import {
  type ClubEntryAthletes,
  clubEntriesOfClub,
  clubEntryFor,
  fixClubEntryRows,
  holdClubEntry,
  missingOf,
  previewClubEntry,
  resendAthleteLink,
  userActor,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { requireSession } from "../accounts/session.ts";
import { readAttributes, readFileBody, readResource } from "../body.ts";
import { idOf } from "../console/signup-params.ts";
import type { ApiEnv } from "../context.ts";
import { httpError, invalidParameter } from "../errors.ts";
import { document } from "../respond.ts";
import { clubEntryChange, clubEntryRequest } from "./input.ts";
import { clubEntryListingResource, clubEntryResource, missingPartsResource } from "./serializers.ts";

/**
 * A club's entries over HTTP (docs/api.md "Club entries", docs/decisions/068): previewed from the
 * club's roster or a roster file, fixed row by row, held at once as the club's signup; for the
 * club's managers only (anyone else finds none).
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

const person = (c: Context<ApiEnv>) => userActor(requireSession(c).user);

/** The query's parameters, refused (400) unless each is one of `allowed` (or `locale`), given once. */
function queryOf(c: Context<ApiEnv>, allowed: readonly string[]): Record<string, string> {
  const params = c.var.url.searchParams;
  const query: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    if (name === "locale") continue;
    if (!allowed.includes(name)) throw invalidParameter(name, `This endpoint does not take ${name}.`);
    const values = params.getAll(name);
    if (values.length !== 1) throw invalidParameter(name, `Give ${name} once.`);
    query[name] = values[0] ?? "";
  }
  return query;
}

/** The body's media type, without its parameters, in lower case; "" when none is declared. */
const mediaTypeOf = (c: Context<ApiEnv>) =>
  (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/** The athletes of a new entry: a JSON:API document picking them in the roster, or a roster file with `?club=`. */
async function entrySource(c: Context<ApiEnv>): Promise<{ clubId: string } & ClubEntryAthletes> {
  const type = mediaTypeOf(c);
  if (type === JSONAPI_MEDIA_TYPE || type === "application/json") {
    queryOf(c, []);
    const { attributes, relationships } = await readResource(c, "club-entries", clubEntryRequest, { club: "clubs" });
    if (!relationships.club)
      throw httpError({
        status: 400,
        code: "invalid-relationship",
        title: "Invalid document",
        detail: 'Give the club as { data: { type: "clubs", id } }.',
        source: { pointer: "/data/relationships/club" },
      });
    return { clubId: relationships.club, athletes: attributes.athletes };
  }
  if (!(ROSTER_FILE_MEDIA_TYPES as readonly string[]).includes(type))
    throw httpError({
      status: 415,
      code: "unsupported-media-type",
      title: "Unsupported media type",
      detail: `Send the athletes picked as ${JSONAPI_MEDIA_TYPE}, or the roster file as text/csv or an XLSX workbook.`,
      source: { header: "Content-Type" },
    });
  const { club } = queryOf(c, ["club"]);
  if (!club) throw invalidParameter("club", "Say whose roster the file is: ?club={id}.");
  const file = await readFileBody(c.req.raw, CLUB_ROSTER_MAX_BYTES, () =>
    refuse("file-too-large", "A roster file may be at most 5 MB."),
  );
  return { clubId: club, file };
}

export function clubEntryRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/appointments/:id/club-entries", async (c) => {
    const actor = person(c);
    const appointmentId = idOf(c);
    const entry = await previewClubEntry(c.var.deps, actor, { appointmentId, ...(await entrySource(c)) });
    c.header("Location", `/api/club-entries/${entry.id}`);
    return document(c, { data: clubEntryResource(entry) }, 201);
  });

  routes.get("/club-entries/:id", async (c) => {
    queryOf(c, []);
    const entry = await clubEntryFor(c.var.deps, person(c), idOf(c));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: clubEntryResource(entry) });
  });

  routes.patch("/club-entries/:id", async (c) => {
    queryOf(c, []);
    const actor = person(c);
    const entryId = (await clubEntryFor(c.var.deps, actor, idOf(c))).id;
    const input = await readAttributes(c, "club-entries", clubEntryChange, { ids: [entryId] });
    if ((input.rows === undefined) === (input.state === undefined))
      throw httpError({
        status: 400,
        code: "invalid-input",
        title: "Invalid attribute",
        detail: 'Give either the rows fixed or the state "held".',
        source: { pointer: "/data/attributes" },
      });
    const entry = input.rows
      ? await fixClubEntryRows(c.var.deps, actor, { entryId, rows: input.rows })
      : await holdClubEntry(c.var.deps, actor, { entryId, locale: c.var.locale });
    return document(c, { data: clubEntryResource(entry) });
  });

  routes.get("/club-entries/:id/missing", async (c) => {
    queryOf(c, []);
    const missing = await missingOf(c.var.deps, person(c), idOf(c));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: missing.map(missingPartsResource) });
  });

  // Mails an athlete of the entry their link again (no body): 201 with them as the missing list shows them.
  routes.post("/club-entries/:id/missing/:participantId/link", async (c) => {
    queryOf(c, []);
    const athlete = await resendAthleteLink(c.var.deps, person(c), {
      entryId: idOf(c),
      participantId: c.req.param("participantId"),
    });
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: missingPartsResource(athlete) }, 201);
  });

  routes.get("/clubs/:id/club-entries", async (c) => {
    queryOf(c, []);
    const entries = await clubEntriesOfClub(c.var.deps, person(c), idOf(c));
    c.header("Cache-Control", PRIVATE["Cache-Control"]);
    return document(c, { data: entries.map(clubEntryListingResource) });
  });

  return routes;
}
