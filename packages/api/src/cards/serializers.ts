import type { ResourceObject } from "@sports/jsonapi";
import type { CardListImportRecord } from "@sports/usecases";

/** An uploaded card list and its dry run, or what it did once applied. */
export function cardListResource(found: CardListImportRecord): ResourceObject<"card-lists", Record<string, unknown>> {
  return {
    type: "card-lists",
    id: found.id,
    attributes: {
      kind: found.kind,
      state: found.state,
      summary: found.summary,
      createdAt: found.createdAt.toISOString(),
      appliedAt: found.appliedAt?.toISOString() ?? null,
    },
    relationships: { event: { data: { type: "events", id: found.eventId } } },
  };
}
