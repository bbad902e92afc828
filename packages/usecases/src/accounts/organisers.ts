import { grantOrganiserRole, revokeUnverifiedOrganisers } from "@sports/db";
import { normalizeEmail } from "@sports/domain";
import type { Deps } from "../deps.ts";

/**
 * Brings the organiser role in line with `ORGANISER_EMAILS` at the server's start-up, in one
 * transaction: first taken from accounts whose address was never confirmed (registering an
 * organiser's address once gave the role before anyone had read that address's mail), then given
 * to the accounts at those addresses that are confirmed; an account at one not yet confirmed
 * becomes an organiser when it is (verify-email.ts). Answers how many accounts each changed.
 */
export async function syncOrganiserRoles(
  deps: Pick<Deps, "db">,
  emails: readonly string[],
): Promise<{ revoked: number; granted: number }> {
  return deps.db.transaction(async (tx) => {
    const revoked = await revokeUnverifiedOrganisers(tx);
    const granted = await grantOrganiserRole(tx, emails.map(normalizeEmail));
    return { revoked, granted };
  });
}
