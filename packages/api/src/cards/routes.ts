import { CARD_KINDS, CARD_LIST_MAX_BYTES, type CardKind, refuse } from "@sports/domain";
import { applyCardList, previewCardList } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { readAttributes, readFileBody } from "../body.ts";
import { organiserOnly } from "../console/actor.ts";
import { idOf } from "../console/signup-params.ts";
import type { ApiEnv } from "../context.ts";
import { invalidParameter } from "../errors.ts";
import { document } from "../respond.ts";
import { cardListResource } from "./serializers.ts";

const cardListChange = z.strictObject({ state: z.literal("applied") });

/** `?kind=`: one of CARD_KINDS, given once; the query takes nothing else but `locale`. */
function kindOf(c: Context<ApiEnv>): CardKind {
  const params = [...c.var.url.searchParams.keys()];
  const other = params.find((name) => name !== "kind" && name !== "locale");
  if (other !== undefined) throw invalidParameter(other, `This endpoint does not take ${other}.`);
  const kinds = c.var.url.searchParams.getAll("kind");
  const [kind] = kinds;
  if (kinds.length !== 1 || !CARD_KINDS.includes(kind as CardKind))
    throw invalidParameter("kind", `Give the kind of card once: ${CARD_KINDS.join(", ")}.`);
  return kind as CardKind;
}

/**
 * An event's federation card lists: a list's CSV file uploaded and previewed
 * (`POST /api/events/{id}/card-lists?kind=…`), then applied (`PATCH /api/card-lists/{id}`).
 * Organisers only.
 */
export function cardListRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.post("/events/:id/card-lists", async (c) => {
    const actor = organiserOnly(c);
    const eventId = idOf(c);
    const kind = kindOf(c);
    const content = await readFileBody(c.req.raw, CARD_LIST_MAX_BYTES, () =>
      refuse("file-too-large", "A card list may be at most 5 MB."),
    );
    const found = await previewCardList(c.var.deps, actor, { eventId, kind, content });
    return document(c, { data: cardListResource(found) }, 201);
  });

  routes.patch("/card-lists/:id", async (c) => {
    const actor = organiserOnly(c);
    const importId = idOf(c);
    await readAttributes(c, "card-lists", cardListChange, { ids: [importId] });
    const applied = await applyCardList(c.var.deps, actor, { importId });
    return document(c, { data: cardListResource(applied) });
  });

  return routes;
}
