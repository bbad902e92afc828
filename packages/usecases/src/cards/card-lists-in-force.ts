import { cardListsInForce, findAnyEvent, isUuid } from "@sports/db";
import { type Actor, type CardKind, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";

/** An event's card lists at a glance: the kinds it accepts, and per kind the cards in force and their last file. */
export interface EventCardLists {
  eventId: string;
  acceptedCards: CardKind[];
  lists: { kind: CardKind; cards: number; appliedAt: Date | null }[];
}

/** What the event's card lists hold now, every kind's (an organiser's; docs/decisions/067-rosters-and-card-lists.md). */
export async function eventCardLists(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { eventId: string },
): Promise<EventCardLists> {
  requireOrganiser(actor, "reads card lists");
  const event = isUuid(input.eventId) ? await findAnyEvent(deps.db, input.eventId.toLowerCase()) : undefined;
  if (!event) refuse("not-found", `No event ${input.eventId}.`);
  return { eventId: event.id, acceptedCards: event.acceptedCards, lists: await cardListsInForce(deps.db, event.id) };
}
