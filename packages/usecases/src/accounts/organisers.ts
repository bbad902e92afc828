import { revokeUnverifiedOrganisers } from "@sports/db";
import type { Deps } from "../deps.ts";

/**
 * Checks the team's roles at the server's start-up: takes them from accounts whose address was
 * never confirmed (registering an organiser's address once gave the role before anyone had read
 * that address's mail). It gives none: an address of `ORGANISER_EMAILS` becomes an organiser's only
 * when its owner shows they read its mail and hold its password (verify-email.ts,
 * reset-password.ts, docs/decisions/041-team-roles-by-mailbox.md). Answers how many it took.
 */
export async function syncOrganiserRoles(deps: Pick<Deps, "db">): Promise<{ revoked: number }> {
  return { revoked: await revokeUnverifiedOrganisers(deps.db) };
}
