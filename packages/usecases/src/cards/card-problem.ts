import { cardEntries, cardListKinds, type Database, type Transaction } from "@sports/db";
import { type CardHolder, type CardKind, type CardProblem, checkCard, indexCards, normalizeCard } from "@sports/domain";

/**
 * What is wrong with a participant's federation card for an event, against the event's card lists
 * (federation-cards.ts' `checkCard`), on race day (`YYYY-MM-DD`, in the event's time zone). Null
 * when the event accepts no card, or has no list of the kinds it accepts: the card is taken as
 * typed. A card on none of the lists is `card-not-found` only when every kind accepted has its
 * list (it could be of a kind whose list is missing); one on a list is checked against it, and
 * holds when it holds on any of them.
 */
export async function cardProblem(
  tx: Database | Transaction,
  event: { id: string; acceptedCards: readonly CardKind[]; raceDay: string },
  participant: { federationCard: string | null } & Omit<CardHolder, "card">,
): Promise<CardProblem | null> {
  if (event.acceptedCards.length === 0) return null;
  const listed = await cardListKinds(tx, event.id, event.acceptedCards);
  if (listed.length === 0) return null;
  const card = normalizeCard(participant.federationCard ?? "");
  const found = card === "" ? [] : await cardEntries(tx, event.id, listed, card);
  if (found.length === 0) return listed.length === event.acceptedCards.length ? "card-not-found" : null;
  const holder = { ...participant, card };
  const problems = found.map(({ kind: _, ...entry }) => checkCard(indexCards([entry]), holder, event.raceDay));
  return problems.includes(null) ? null : (problems[0] ?? null);
}
