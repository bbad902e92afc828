import {
  addCardListImport,
  type CardListImportRecord,
  cardsInForce,
  findAnyEvent,
  findCardListImport,
  updateCardListImport,
} from "@sports/db";
import { type Actor, CARD_KINDS, CARD_LIST_MAX_BYTES, type CardKind, readCardList, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { listDigest, planCardList, shownInvalidRows } from "./card-list-plan.ts";

const MISSING_COLUMNS = {
  card: "the card (Tessera, Card number)",
  name: "the names (Cognome and Nome, Last name and First name)",
} as const;

/**
 * Reads a card list's CSV file for an event and a kind of card, and keeps it with its dry run: the
 * file's valid cards, the rows left out, and what applying it would add, remove and change in the
 * event's list of that kind. Nothing else changes. Refused when larger than 5 MB
 * (`file-too-large`) or without a valid row (`file-unreadable`).
 */
export async function previewCardList(
  deps: Pick<Deps, "db" | "now">,
  actor: Actor,
  input: { eventId: string; kind: CardKind; content: Uint8Array },
): Promise<CardListImportRecord> {
  requireOrganiser(actor, "uploads card lists");
  if (!CARD_KINDS.includes(input.kind))
    refuse("invalid-input", `No kind of card ${input.kind}.`, {
      problems: [{ attribute: "kind", code: "invalid-value", detail: `Use one of ${CARD_KINDS.join(", ")}.` }],
    });
  if (input.content.length > CARD_LIST_MAX_BYTES) refuse("file-too-large", "A card list may be at most 5 MB.");
  const event = await findAnyEvent(deps.db, input.eventId);
  if (!event) refuse("not-found", `No event ${input.eventId}.`);
  const file = readCardList(input.content);
  if (file.missingColumns.length > 0)
    refuse(
      "file-unreadable",
      `The file's header names no column for ${file.missingColumns.map((column) => MISSING_COLUMNS[column]).join(" nor ")}.`,
    );
  if (file.entries.length === 0)
    refuse("file-unreadable", "No row of the file is a valid card: each needs a card and a name.", {
      meta: { invalidRows: shownInvalidRows(file.invalidRows) },
    });
  const inForce = await cardsInForce(deps.db, event.id, input.kind);
  const { summary } = planCardList(file, inForce);
  return addCardListImport(deps.db, {
    eventId: event.id,
    kind: input.kind,
    content: Buffer.from(input.content),
    summary: { ...summary },
    listDigest: listDigest(inForce),
    createdBy: actor.userId,
    createdAt: deps.now,
  });
}

/**
 * A preview made again against the list in force now, for one the list moved away from
 * (`card-list-changed`): the same file, its dry run and fingerprint renewed, still to be applied.
 */
export async function previewCardListAgain(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { importId: string },
): Promise<CardListImportRecord> {
  requireOrganiser(actor, "uploads card lists");
  const found = await findCardListImport(deps.db, input.importId);
  if (!found) refuse("not-found", `No card list ${input.importId}.`);
  if (found.state !== "preview") refuse("wrong-state", "This card list has been applied: upload the file again.");
  const inForce = await cardsInForce(deps.db, found.eventId, found.kind);
  const { summary } = planCardList(readCardList(found.content), inForce);
  return updateCardListImport(deps.db, found.id, { summary: { ...summary }, listDigest: listDigest(inForce) });
}
