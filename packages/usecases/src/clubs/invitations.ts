import {
  addClubManager,
  confirmInvitedAddress,
  endSessions,
  findLiveClubManagerInvitation,
  findManagedClub,
  findUserByEmail,
  findUserById,
  queueMail,
  saveClubManagerInvitation,
  spendClubManagerInvitation,
} from "@sports/db";
import { type Actor, isPlausibleEmail, normalizeEmail, refuse, refuseProblems } from "@sports/domain";
import { clubInvitationPath, localizedUrl } from "@sports/jsonapi";
import { hashToken, isTokenShaped, newToken } from "../accounts/secrets.ts";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { clubManagerInvitationMail } from "../mail/club-mails.ts";
import { type ClubView, clubOf } from "./clubs.ts";
import { requireClubManager } from "./managers.ts";

/** How long an invitation's link works. */
export const CLUB_INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * A manager invites an address to manage the club too (docs/decisions/068-club-entries.md): a
 * single-use link, valid {@link CLUB_INVITATION_DAYS} days, is mailed there, in the language of the
 * account at that address if there is one, else in the inviter's page's (`locale`). Inviting the
 * same address again sends a new link and the old one stops working. Refused at `email` when it is
 * not an address (`invalid-email`) or names a manager already (`already-manager`).
 */
export async function inviteClubManager(
  deps: Pick<Deps, "db" | "now" | "siteUrl" | "mailQueued">,
  actor: Actor,
  input: { clubId: string; email: string; locale: string },
): Promise<{ id: string; email: string; expiresAt: Date }> {
  const club = await requireClubManager(deps.db, actor, input.clubId);
  const email = normalizeEmail(input.email);
  if (email === "" || !isPlausibleEmail(email))
    refuseProblems([
      {
        attribute: "email",
        code: email === "" ? "required" : "invalid-email",
        detail: "Enter an e-mail address such as name@example.org.",
      },
    ]);
  const inviterId = actor.kind === "user" ? actor.userId : "";
  const expiresAt = new Date(deps.now.getTime() + CLUB_INVITATION_DAYS * DAY_MS);
  const id = await deps.db.transaction(async (tx) => {
    const [inviter, invitee] = await Promise.all([findUserById(tx, inviterId), findUserByEmail(tx, email)]);
    if (invitee && (await findManagedClub(tx, club.id, invitee.user.id)))
      refuseProblems([
        { attribute: "email", code: "already-manager", detail: "This address manages the club already." },
      ]);
    const token = newToken();
    const invitation = await saveClubManagerInvitation(tx, {
      clubId: club.id,
      email,
      tokenHash: hashToken(token),
      invitedBy: inviterId,
      at: deps.now,
      expiresAt,
    });
    const locale = invitee?.user.preferredLocale ?? input.locale;
    const mail = clubManagerInvitationMail({
      locale,
      inviter: inviter ? `${inviter.givenName} ${inviter.familyName}` : club.name,
      club: club.name,
      link: localizedUrl(deps.siteUrl, locale, clubInvitationPath(token)),
    });
    await queueMail(tx, { to: email, kind: "club-manager-invitation", ...mail });
    return invitation.id;
  });
  deps.mailQueued();
  return { id, email, expiresAt };
}

/**
 * Takes an invitation to manage a club through its mailed link, from a session of the account at the
 * invited address, as the team's invitations are taken (console/accept-team-invitation.ts,
 * docs/decisions/041-team-roles-by-mailbox.md): the link shows the mailbox, the session the
 * password. The account becomes a manager with its address confirmed, the link is spent, and every
 * other session of the account ends, so whoever else knew its password holds no session of a
 * club's manager. Refused `invalid-token` for a link unknown, spent, replaced or past its days, and
 * `not-invitee` (the link stays good) when the session is another account's: holding the link is
 * not enough.
 */
export async function acceptClubManagerInvitation(
  deps: Pick<Deps, "db" | "now">,
  actor: UserActor,
  input: { token: string; session: string },
): Promise<ClubView> {
  if (!isTokenShaped(input.token)) refuseLink();
  const clubId = await deps.db.transaction(async (tx) => {
    const invitation = await findLiveClubManagerInvitation(tx, hashToken(input.token), deps.now);
    if (!invitation) refuseLink();
    const account = await findUserById(tx, actor.userId);
    if (account?.email !== invitation.email)
      refuse("not-invitee", "This invitation is for another e-mail address: log in with the account at that address.");
    await spendClubManagerInvitation(tx, invitation.id, deps.now);
    await confirmInvitedAddress(tx, account.id, invitation.email, deps.now);
    await addClubManager(tx, {
      clubId: invitation.clubId,
      userId: account.id,
      addedBy: invitation.invitedBy,
      at: deps.now,
    });
    await endSessions(tx, account.id, input.session);
    return invitation.clubId;
  });
  return clubOf(deps, actor, clubId);
}

function refuseLink(): never {
  refuse("invalid-token", "This invitation link is not valid any more: ask a manager of the club to invite you again.");
}
