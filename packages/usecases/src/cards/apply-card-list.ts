import {
  type CardListImportRecord,
  cardsInForce,
  changeCards,
  findCardListImport,
  lockEvent,
  updateCardListImport,
} from "@sports/db";
import { type Actor, readCardList, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { listDigest, planCardList } from "./card-list-plan.ts";

/**
 * Applies a previewed card list in one transaction: the event's list of its kind becomes the
 * file's (cards added, changed and removed), the import marked applied, one line in the change
 * log. Refused with `card-list-changed` when that list changed since the preview; applying the
 * same file again changes no card.
 */
export async function applyCardList(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { importId: string },
): Promise<CardListImportRecord> {
  requireOrganiser(actor, "applies card lists");
  return deps.db.transaction(async (tx) => {
    const named = await findCardListImport(tx, input.importId);
    if (!named) refuse("not-found", `No card list ${input.importId}.`);
    // Applies of one event's lists wait for each other, so each compares the list it replaces as it is.
    await lockEvent(tx, named.eventId);
    const found = (await findCardListImport(tx, named.id)) ?? named;
    if (found.state !== "preview") refuse("wrong-state", "This card list has been applied: upload the file again.");
    const inForce = await cardsInForce(tx, found.eventId, found.kind);
    if (listDigest(inForce) !== found.listDigest)
      refuse("card-list-changed", "The list changed since this preview: upload the file again, then apply it.");
    const plan = planCardList(readCardList(found.content), inForce);
    await changeCards(tx, { eventId: found.eventId, kind: found.kind, importId: found.id }, plan);
    const { invalidRows: _, ...counts } = plan.summary;
    await audit(tx, deps, actor, {
      action: "card-list-applied",
      subjectType: "events",
      subjectId: found.eventId,
      eventId: found.eventId,
      before: null,
      after: { import: found.id, kind: found.kind, ...counts },
    });
    return updateCardListImport(tx, found.id, {
      state: "applied",
      appliedAt: deps.now,
      summary: { ...plan.summary },
    });
  });
}
