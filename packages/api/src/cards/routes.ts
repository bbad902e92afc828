import { CARD_KINDS, CARD_LIST_MAX_BYTES, type CardKind, refuse } from "@sports/domain";
import { applyCardList, eventCardLists, previewCardList, previewCardListAgain } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { readAttributes, readFileBody } from "../body.ts";
import { organiserOnly } from "../console/actor.ts";
import { idOf } from "../console/signup-params.ts";
import type { ApiEnv } from "../context.ts";
import { invalidParameter } from "../errors.ts";
import { parseQuery } from "../query.ts";
import { document } from "../respond.ts";
import { cardListResource } from "./serializers.ts";

const cardListChange = z.strictObject({ state: z.enum(["applied", "preview"]) });

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
 * An event's federation card lists: what each kind's list holds (`GET /api/events/{id}/card-lists`),
 * a list's CSV file uploaded and previewed (`POST /api/events/{id}/card-lists?kind=…`), then applied
 * or previewed again against the list in force (`PATCH /api/card-lists/{id}`). Organisers only.
 */
export function cardListRoutes() {
  const routes = new Hono<ApiEnv>();

  routes.get("/events/:id/card-lists", async (c) => {
    const actor = organiserOnly(c);
    parseQuery(c.var.url, {});
    const found = await eventCardLists(c.var.deps, actor, { eventId: idOf(c) });
    c.header("Cache-Control", "private, no-store");
    return document(c, {
      data: found.lists.map((list) => ({
        type: "card-lists-in-force",
        id: list.kind,
        attributes: {
          kind: list.kind,
          accepted: found.acceptedCards.includes(list.kind),
          cards: list.cards,
          appliedAt: list.appliedAt?.toISOString() ?? null,
        },
      })),
      meta: { acceptedCards: found.acceptedCards },
    });
  });

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
    const { state } = await readAttributes(c, "card-lists", cardListChange, { ids: [importId] });
    const changed =
      state === "applied"
        ? await applyCardList(c.var.deps, actor, { importId })
        : await previewCardListAgain(c.var.deps, actor, { importId });
    return document(c, { data: cardListResource(changed) });
  });

  return routes;
}
