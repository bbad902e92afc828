import {
  countOrganisers,
  findTeamAccountByEmail,
  findTeamInvitation,
  lockOrganisers,
  queueMail,
  saveTeamInvitation,
  setAccountRole,
} from "@sports/db";
import { isPlausibleEmail, normalizeEmail, refuse, type TeamRole } from "@sports/domain";
import { consolePath, localizedUrl, teamInvitationPath } from "@sports/jsonapi";
import { hashToken, newToken } from "../accounts/secrets.ts";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { teamInvitationMail } from "../mail/team-mails.ts";
import { audit } from "./audit.ts";

/** How long an invitation's link works. */
export const TEAM_INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

export interface TeamInvitation {
  email: string;
  role: TeamRole;
  /** The language of the inviter's page: the invitation mail is written in it. */
  locale: string;
}

/**
 * Invites an address to the organiser's team as organiser or staff (an organiser's action). Someone
 * on the team already changes role at once and is mailed a link to the console. Anyone else is
 * mailed a single-use link, valid {@link TEAM_INVITATION_DAYS} days, that gives the role only when
 * followed from a session of the account at that address (accept-team-invitation.ts): confirming
 * the address gives no role, so whoever registered it first without reading its mail never holds
 * one (docs/decisions/041-team-roles-by-mailbox.md). Inviting again sends a new link and the old one
 * stops working. An organiser does not change their own role (`own-role`), and making the last
 * organiser staff is refused (`last-organiser`).
 */
export async function inviteTeamMember(
  deps: Pick<Deps, "db" | "now" | "siteUrl" | "mailQueued">,
  actor: Parameters<typeof requireOrganiser>[0],
  input: TeamInvitation,
): Promise<{ email: string; role: TeamRole; granted: boolean }> {
  requireOrganiser(actor, "invites to the team");
  const email = normalizeEmail(input.email);
  if (!isPlausibleEmail(email))
    refuse("invalid-input", "Give an e-mail address.", {
      problems: [{ attribute: "email", code: "invalid-email", detail: "Give an e-mail address." }],
    });
  const result = await deps.db.transaction(async (tx) => {
    // Two organisers demoting each other at once must not both pass the last-organiser check.
    await lockOrganisers(tx);
    const account = await findTeamAccountByEmail(tx, email);
    if (account?.id === actor.userId) refuse("own-role", "An organiser does not change their own role.");
    if (account?.role === "organiser" && input.role !== "organiser" && (await countOrganisers(tx)) <= 1)
      refuse("last-organiser", "The team keeps at least one organiser.");
    const earlier = await findTeamInvitation(tx, email);
    const invitation = { email, role: input.role, invitedBy: actor.userId, invitedAt: deps.now };
    const onTeam = account !== undefined && account.role !== "user";
    let path = consolePath("home");
    if (onTeam) {
      await saveTeamInvitation(tx, invitation);
      await setAccountRole(tx, account.id, input.role);
    } else {
      const token = newToken();
      const expiresAt = new Date(deps.now.getTime() + TEAM_INVITATION_DAYS * DAY_MS);
      await saveTeamInvitation(tx, invitation, { tokenHash: hashToken(token), expiresAt });
      path = teamInvitationPath(token);
    }
    const mail = teamInvitationMail({
      locale: input.locale,
      role: input.role,
      leadsTo: onTeam ? "console" : "accept",
      link: localizedUrl(deps.siteUrl, input.locale, path),
    });
    await queueMail(tx, { to: email, kind: "team-invitation", ...mail });
    await audit(tx, deps, actor, {
      action: "team-member-invited",
      subjectType: "team-invitations",
      subjectId: email,
      before: { role: earlier?.role ?? account?.role ?? null },
      after: { role: input.role, granted: onTeam },
    });
    return { email, role: input.role, granted: onTeam };
  });
  deps.mailQueued();
  return result;
}
