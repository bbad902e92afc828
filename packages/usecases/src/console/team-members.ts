import { listTeamInvitations, listTeamMembers, type TeamInvitationRecord, type TeamMemberRecord } from "@sports/db";
import { requireOrganiser } from "../actors.ts";
import type { AccountDeps } from "../deps.ts";

export interface TeamMember extends TeamMemberRecord {
  /** The address is in `ORGANISER_EMAILS`: removed, the role comes back at its next password reset. */
  listedOrganiser: boolean;
  invitation: TeamInvitationRecord | null;
}

/**
 * The organiser's team (an organiser's view): the accounts with a role, and the invitations still
 * waiting to be accepted.
 */
export async function teamMembers(
  deps: Pick<AccountDeps, "db" | "organiserEmails">,
  actor: Parameters<typeof requireOrganiser>[0],
): Promise<{ members: TeamMember[]; pending: TeamInvitationRecord[] }> {
  requireOrganiser(actor, "sees the team");
  const [members, invitations] = await Promise.all([listTeamMembers(deps.db), listTeamInvitations(deps.db)]);
  const byEmail = new Map(invitations.map((invitation) => [invitation.email, invitation]));
  const onTeam = new Set(members.map((member) => member.email));
  return {
    members: members.map((member) => ({
      ...member,
      listedOrganiser: deps.organiserEmails.has(member.email),
      invitation: byEmail.get(member.email) ?? null,
    })),
    pending: invitations.filter((invitation) => !onTeam.has(invitation.email)),
  };
}
