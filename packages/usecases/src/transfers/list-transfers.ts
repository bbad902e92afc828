import { isUuid, listTransfers, type TransferRecord } from "@sports/db";
import type { Actor } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";

/**
 * Transfers as history, newest first: a runner sees those of their own signups (narrowed to one of
 * them with `signupId`); an organiser those of an event or a signup, or all. Ids that are not ids
 * find nothing.
 */
export async function transfersFor(
  deps: Pick<Deps, "db">,
  actor: Actor,
  filter: { eventId?: string; signupId?: string },
): Promise<TransferRecord[]> {
  const { eventId, signupId } = filter;
  if ((eventId !== undefined && !isUuid(eventId)) || (signupId !== undefined && !isUuid(signupId))) return [];
  const narrowed = {
    ...(eventId ? { eventId: eventId.toLowerCase() } : {}),
    ...(signupId ? { signupId: signupId.toLowerCase() } : {}),
  };
  if (actor.kind === "user") return listTransfers(deps.db, { ...narrowed, ownerId: actor.userId });
  requireOrganiser(actor, "reads others' transfers");
  return listTransfers(deps.db, narrowed);
}
