import { cardEntriesFor, cardListKinds, type Database, type Transaction } from "@sports/db";
import { type CardHolder, type CardKind, type CardProblem, checkCard, indexCards, normalizeCard } from "@sports/domain";

/** The event as its cards are checked: the kinds it accepts, and race day (`YYYY-MM-DD`, its time zone). */
export interface CardRules {
  id: string;
  acceptedCards: readonly CardKind[];
  raceDay: string;
}

/** A participant as their card is checked. */
export type CardCarrier = { federationCard: string | null } & Omit<CardHolder, "card">;

/**
 * What is wrong with a participant's federation card for an event, against the event's card lists
 * (federation-cards.ts' `checkCard`), on race day. Null when the event accepts no card, or has no
 * list of the kinds it accepts: the card is taken as typed. A card on none of the lists is
 * `card-not-found` only when every kind accepted has its list (it could be of a kind whose list is
 * missing); one on a list is checked against it, and holds when it holds on any of them.
 */
export async function cardProblem(
  tx: Database | Transaction,
  event: CardRules,
  participant: CardCarrier,
): Promise<CardProblem | null> {
  const [problem] = await cardProblems(tx, event, [participant]);
  return problem ?? null;
}

/** {@link cardProblem} of each participant, in order, in two queries at most whatever their number. */
export async function cardProblems(
  tx: Database | Transaction,
  event: CardRules,
  people: readonly CardCarrier[],
): Promise<(CardProblem | null)[]> {
  if (event.acceptedCards.length === 0 || people.length === 0) return people.map(() => null);
  const listed = await cardListKinds(tx, event.id, event.acceptedCards);
  if (listed.length === 0) return people.map(() => null);
  const cards = people.map((person) => normalizeCard(person.federationCard ?? ""));
  const entries = await cardEntriesFor(
    tx,
    event.id,
    listed,
    cards.filter((card) => card !== ""),
  );
  const byCard = new Map<string, typeof entries>();
  for (const entry of entries) byCard.set(entry.card, [...(byCard.get(entry.card) ?? []), entry]);
  const everyList = listed.length === event.acceptedCards.length;
  return people.map((person, index) => {
    const card = cards[index] ?? "";
    const found = byCard.get(card) ?? [];
    if (found.length === 0) return everyList ? "card-not-found" : null;
    const holder = { ...person, card };
    const problems = found.map(({ kind: _, ...entry }) => checkCard(indexCards([entry]), holder, event.raceDay));
    return problems.includes(null) ? null : (problems[0] ?? null);
  });
}
