import {
  countOrganisers,
  deleteTeamInvitation,
  findTeamAccountByEmail,
  findTeamAccountById,
  findTeamInvitation,
  lockOrganisers,
  setAccountRole,
} from "@sports/db";
import { normalizeEmail, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Takes someone off the team (an organiser's action), named by account id or by address: their
 * invitation is deleted and their account, if any, is a runner's again. An organiser does not remove
 * themselves (`own-role`: another organiser does), so the team always keeps an organiser; removing
 * the last one is refused all the same (`last-organiser`), counted under a lock so that two
 * organisers removing each other at once cannot both pass. An address in `ORGANISER_EMAILS` gets the
 * role back at the next start-up (accounts/organisers.ts).
 */
export async function removeTeamMember(
  deps: Pick<Deps, "db" | "now">,
  actor: Parameters<typeof requireOrganiser>[0],
  input: { member: string },
): Promise<{ email: string; role: string | null }> {
  requireOrganiser(actor, "removes from the team");
  return deps.db.transaction(async (tx) => {
    await lockOrganisers(tx);
    const account = UUID.test(input.member)
      ? await findTeamAccountById(tx, input.member)
      : await findTeamAccountByEmail(tx, normalizeEmail(input.member));
    const email = account?.email ?? normalizeEmail(input.member);
    const invitation = await findTeamInvitation(tx, email);
    const onTeam = account && account.role !== "user";
    if (!onTeam && !invitation) refuse("not-found", "No one on the team has this address.");
    if (account?.id === actor.userId) refuse("own-role", "An organiser does not remove themselves.");
    if (account?.role === "organiser" && (await countOrganisers(tx)) <= 1)
      refuse("last-organiser", "The team keeps at least one organiser.");
    await deleteTeamInvitation(tx, email);
    if (onTeam) await setAccountRole(tx, account.id, "user");
    const role = onTeam ? account.role : (invitation?.role ?? null);
    await audit(tx, deps, actor, {
      action: "team-member-removed",
      subjectType: "team-invitations",
      subjectId: email,
      before: { role, invited: Boolean(invitation) },
      after: { role: account ? "user" : null },
    });
    return { email, role };
  });
}
