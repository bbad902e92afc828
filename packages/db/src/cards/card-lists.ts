import { CARD_KINDS, type CardEntry, type CardKind } from "@sports/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { cardListImports, federationCards } from "../schema.ts";

type Tx = Database | Transaction;

export type CardListImportRecord = typeof cardListImports.$inferSelect;
export type NewCardListImport = Omit<typeof cardListImports.$inferInsert, "id" | "state" | "appliedAt">;

/** How many cards one statement writes or removes: well under the driver's limit on parameters. */
const BATCH = 1_000;

export async function addCardListImport(tx: Tx, values: NewCardListImport): Promise<CardListImportRecord> {
  const [row] = await tx.insert(cardListImports).values(values).returning();
  return row as CardListImportRecord;
}

export async function findCardListImport(tx: Tx, id: string): Promise<CardListImportRecord | undefined> {
  const [row] = await tx.select().from(cardListImports).where(eq(cardListImports.id, id));
  return row;
}

/** A preview applied (its state, when, and what it did), or made again against the list in force (its dry run and fingerprint). */
export async function updateCardListImport(
  tx: Tx,
  id: string,
  change: Partial<Pick<CardListImportRecord, "summary" | "state" | "appliedAt" | "listDigest">>,
): Promise<CardListImportRecord> {
  const [row] = await tx.update(cardListImports).set(change).where(eq(cardListImports.id, id)).returning();
  return row as CardListImportRecord;
}

const entryColumns = {
  card: federationCards.card,
  familyName: federationCards.familyName,
  givenName: federationCards.givenName,
  birthDate: federationCards.birthDate,
  validUntil: federationCards.validUntil,
  club: federationCards.club,
};

/** The event's list of one kind of card in force, by card. */
export async function cardsInForce(tx: Tx, eventId: string, kind: CardKind): Promise<CardEntry[]> {
  return tx
    .select(entryColumns)
    .from(federationCards)
    .where(and(eq(federationCards.eventId, eventId), eq(federationCards.kind, kind)))
    .orderBy(asc(federationCards.card));
}

/**
 * Changes the event's list of one kind: the cards of `remove` taken off, those of `write` written
 * (replacing any with their card), each written one marked with the import that wrote it.
 */
export async function changeCards(
  tx: Transaction,
  list: { eventId: string; kind: CardKind; importId: string },
  change: { remove: readonly string[]; write: readonly CardEntry[] },
): Promise<void> {
  const ofList = and(eq(federationCards.eventId, list.eventId), eq(federationCards.kind, list.kind));
  const off = [...change.remove, ...change.write.map((entry) => entry.card)];
  for (let start = 0; start < off.length; start += BATCH)
    await tx.delete(federationCards).where(and(ofList, inArray(federationCards.card, off.slice(start, start + BATCH))));
  for (let start = 0; start < change.write.length; start += BATCH)
    await tx
      .insert(federationCards)
      .values(
        change.write
          .slice(start, start + BATCH)
          .map((entry) => ({ ...entry, eventId: list.eventId, kind: list.kind, importId: list.importId })),
      );
}

/** Which of `kinds` the event has a list of. */
export async function cardListKinds(tx: Tx, eventId: string, kinds: readonly CardKind[]): Promise<CardKind[]> {
  const listed: CardKind[] = [];
  for (const kind of kinds) {
    const [row] = await tx
      .select({ kind: federationCards.kind })
      .from(federationCards)
      .where(and(eq(federationCards.eventId, eventId), eq(federationCards.kind, kind)))
      .limit(1);
    if (row) listed.push(kind);
  }
  return listed;
}

/** The entries with this card (normalised) in the event's lists of `kinds`, with their kind. */
export async function cardEntries(
  tx: Tx,
  eventId: string,
  kinds: readonly CardKind[],
  card: string,
): Promise<(CardEntry & { kind: CardKind })[]> {
  if (kinds.length === 0) return [];
  return tx
    .select({ ...entryColumns, kind: federationCards.kind })
    .from(federationCards)
    .where(
      and(
        eq(federationCards.eventId, eventId),
        inArray(federationCards.kind, [...kinds]),
        eq(federationCards.card, card),
      ),
    );
}

/** The entries with any of these cards (normalised) in the event's lists of `kinds`, with their kind. */
export async function cardEntriesFor(
  tx: Tx,
  eventId: string,
  kinds: readonly CardKind[],
  cards: readonly string[],
): Promise<(CardEntry & { kind: CardKind })[]> {
  if (kinds.length === 0 || cards.length === 0) return [];
  const found: (CardEntry & { kind: CardKind })[] = [];
  const unique = [...new Set(cards)];
  for (let start = 0; start < unique.length; start += BATCH)
    found.push(
      ...(await tx
        .select({ ...entryColumns, kind: federationCards.kind })
        .from(federationCards)
        .where(
          and(
            eq(federationCards.eventId, eventId),
            inArray(federationCards.kind, [...kinds]),
            inArray(federationCards.card, unique.slice(start, start + BATCH)),
          ),
        )),
    );
  return found;
}

/** Per kind of card, how many cards the event's list in force holds and when a file last changed it. */
export async function cardListsInForce(
  tx: Tx,
  eventId: string,
): Promise<{ kind: CardKind; cards: number; appliedAt: Date | null }[]> {
  const [counts, applied] = await Promise.all([
    tx
      .select({ kind: federationCards.kind, cards: sql<number>`count(*)::int` })
      .from(federationCards)
      .where(eq(federationCards.eventId, eventId))
      .groupBy(federationCards.kind),
    tx
      .select({ kind: cardListImports.kind, appliedAt: sql<Date | null>`max(${cardListImports.appliedAt})` })
      .from(cardListImports)
      .where(and(eq(cardListImports.eventId, eventId), eq(cardListImports.state, "applied")))
      .groupBy(cardListImports.kind),
  ]);
  return CARD_KINDS.map((kind) => {
    const last = applied.find((row) => row.kind === kind)?.appliedAt;
    return {
      kind,
      cards: Number(counts.find((row) => row.kind === kind)?.cards ?? 0),
      appliedAt: last ? new Date(last) : null,
    };
  });
}
