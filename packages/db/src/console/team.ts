import type { TeamRole } from "@sports/domain";
import { and, asc, count, eq, gt, inArray, isNotNull, notExists, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { isUniqueViolation } from "../driver-results.ts";
import { teamInvitations, users } from "../schema.ts";

/** An account on the organiser's team. */
export interface TeamMemberRecord {
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  role: TeamRole;
  emailVerifiedAt: Date | null;
}

/** An invitation by address, with the account at that address if there is one. */
export interface TeamInvitationRecord {
  email: string;
  role: TeamRole;
  invitedBy: string | null;
  invitedAt: Date;
  /** When its link stops working; none once accepted or for a role changed at once. */
  expiresAt?: Date | null;
}

const invitationColumns = {
  email: teamInvitations.email,
  role: teamInvitations.role,
  invitedBy: teamInvitations.invitedBy,
  invitedAt: teamInvitations.invitedAt,
  expiresAt: teamInvitations.expiresAt,
};

const memberColumns = {
  id: users.id,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
};

/** The accounts with a team role, organisers first, then by address. */
export async function listTeamMembers(db: Database): Promise<TeamMemberRecord[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(inArray(users.role, ["organiser", "staff"]))
    .orderBy(asc(users.role), asc(users.email));
  return rows as TeamMemberRecord[];
}

/** Every invitation, oldest first. */
export async function listTeamInvitations(db: Database): Promise<TeamInvitationRecord[]> {
  return db.select(invitationColumns).from(teamInvitations).orderBy(asc(teamInvitations.invitedAt));
}

export async function findTeamInvitation(db: Database, email: string): Promise<TeamInvitationRecord | undefined> {
  const rows = await db
    .select(invitationColumns)
    .from(teamInvitations)
    .where(eq(teamInvitations.email, email))
    .limit(1);
  return rows[0];
}

/**
 * Writes the invitation for the (normalised) address, replacing an earlier one for it and its link:
 * `link` is the new link's token hash and end, or none when no link is to be followed.
 */
export async function saveTeamInvitation(
  db: Database,
  invitation: TeamInvitationRecord,
  link?: { tokenHash: string; expiresAt: Date },
): Promise<void> {
  const values = {
    role: invitation.role,
    invitedBy: invitation.invitedBy,
    invitedAt: invitation.invitedAt,
    tokenHash: link?.tokenHash ?? null,
    expiresAt: link?.expiresAt ?? null,
  };
  await db
    .insert(teamInvitations)
    .values({ email: invitation.email, ...values })
    .onConflictDoUpdate({ target: teamInvitations.email, set: values });
}

/** The invitation whose link has this token hash and still works, locked until the caller's transaction ends. */
export async function findLiveTeamInvitation(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<TeamInvitationRecord | undefined> {
  const rows = await db
    .select(invitationColumns)
    .from(teamInvitations)
    .where(and(eq(teamInvitations.tokenHash, tokenHash), gt(teamInvitations.expiresAt, now)))
    .limit(1)
    .for("update");
  return rows[0];
}

/** Spends the invitation's link: it cannot be followed again. */
export async function spendTeamInvitation(db: Database, email: string): Promise<void> {
  await db.update(teamInvitations).set({ tokenHash: null, expiresAt: null }).where(eq(teamInvitations.email, email));
}

export async function deleteTeamInvitation(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .delete(teamInvitations)
    .where(eq(teamInvitations.email, email))
    .returning({ email: teamInvitations.email });
  return rows.length > 0;
}

/** The account at this (normalised) address, with its role and whether the address is confirmed. */
export async function findTeamAccountByEmail(db: Database, email: string) {
  const rows = await db.select(memberColumns).from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findTeamAccountById(db: Database, id: string) {
  const rows = await db.select(memberColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Sets an account's role; a team role only once its address is confirmed (answers whether it changed). */
export async function setAccountRole(db: Database, userId: string, role: "user" | TeamRole): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role })
    .where(role === "user" ? eq(users.id, userId) : and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Moves the invitation at a team member's old address to their new one (an invitation already there
 * stays, the old one goes): once they have left it, the old address names no one on the team.
 */
export async function followTeamInvitation(db: Database, from: string, to: string): Promise<void> {
  const there = db.select({ email: teamInvitations.email }).from(teamInvitations).where(eq(teamInvitations.email, to));
  try {
    await db
      .update(teamInvitations)
      .set({ email: to })
      .where(and(eq(teamInvitations.email, from), notExists(there)));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // one made for the new address meanwhile stays
  }
  await db.delete(teamInvitations).where(eq(teamInvitations.email, from));
}

/**
 * Serialises the changes that may take an organiser's role away until the transaction ends, so that
 * the count read next ({@link countOrganisers}) sees the other's change: two organisers removing or
 * demoting each other at the same moment cannot leave the team without one.
 */
export async function lockOrganisers(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('team-organisers', 0))`);
}

/** How many accounts are organisers now. */
export async function countOrganisers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "organiser"));
  return row?.n ?? 0;
}
