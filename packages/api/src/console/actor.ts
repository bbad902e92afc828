import { type ConsoleActor, consoleActor, type OrganiserActor, requireOrganiser } from "@sports/usecases";
import type { Context } from "hono";
import { requireSession } from "../accounts/session.ts";
import type { ApiEnv } from "../context.ts";

/**
 * The console's caller as its actor: 401 without a session, 403 (`not-staff`) for an account that is
 * not on the organiser's team. What each role may do is the use cases' to say (packages/usecases/src/actors.ts).
 */
export function teamActor(c: Context<ApiEnv>): ConsoleActor {
  return consoleActor(requireSession(c).user);
}

/**
 * For an organiser's change: staff are refused (`not-organiser`) before the request's document is
 * read, so they learn nothing from its validation. The use case checks the role again.
 */
export function organiserOnly(c: Context<ApiEnv>): OrganiserActor {
  const actor = teamActor(c);
  requireOrganiser(actor, "changes this");
  return actor;
}
