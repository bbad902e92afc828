import {
  countOrganisers,
  findTeamAccountByEmail,
  findTeamInvitation,
  queueMail,
  saveTeamInvitation,
  setAccountRole,
} from "@sports/db";
import { isPlausibleEmail, normalizeEmail, refuse, type TeamRole } from "@sports/domain";
import { consolePath, localizedUrl, ROUTE_PATTERNS } from "@sports/jsonapi";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { teamInvitationMail } from "../mail/team-mails.ts";
import { audit } from "./audit.ts";

export interface TeamInvitation {
  email: string;
  role: TeamRole;
  /** The language of the inviter's page: the invitation mail is written in it. */
  locale: string;
}

/**
 * Invites an address to the organiser's team as organiser or staff (an organiser's action). The role
 * goes to the account at that address at once if its address is confirmed, else when its owner
 * confirms it (accounts/verify-email.ts). The address is mailed a link to the console (the role is
 * theirs already), to log in (an account not confirmed yet) or to register (no account).
 * Inviting again changes the role. An organiser does not change their own role (`own-role`), and
 * making the last organiser staff is refused (`last-organiser`).
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
    const account = await findTeamAccountByEmail(tx, email);
    if (account?.id === actor.userId) refuse("own-role", "An organiser does not change their own role.");
    if (account?.role === "organiser" && input.role !== "organiser" && (await countOrganisers(tx)) <= 1)
      refuse("last-organiser", "The team keeps at least one organiser.");
    const earlier = await findTeamInvitation(tx, email);
    await saveTeamInvitation(tx, { email, role: input.role, invitedBy: actor.userId, invitedAt: deps.now });
    const granted = account?.emailVerifiedAt ? await setAccountRole(tx, account.id, input.role) : false;
    // Straight to the console once the role is theirs (it asks them to log in first), else to log in or register.
    const path = granted
      ? consolePath("home")
      : account
        ? `/${ROUTE_PATTERNS.login}`
        : `/${ROUTE_PATTERNS.registration}`;
    const mail = teamInvitationMail({
      locale: input.locale,
      role: input.role,
      leadsTo: granted ? "console" : account ? "log-in" : "register",
      link: localizedUrl(deps.siteUrl, input.locale, path),
    });
    await queueMail(tx, { to: email, kind: "team-invitation", ...mail });
    await audit(tx, deps, actor, {
      action: "team-member-invited",
      subjectType: "team-invitations",
      subjectId: email,
      before: { role: earlier?.role ?? account?.role ?? null },
      after: { role: input.role, granted },
    });
    return { email, role: input.role, granted };
  });
  deps.mailQueued();
  return result;
}
