import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { clubManagerInvitations, users } from "../schema.ts";

type Tx = Database | Transaction;

export type ClubManagerInvitationRecord = typeof clubManagerInvitations.$inferSelect;

/**
 * Writes an invitation to manage the club, by the SHA-256 of its mailed link: an earlier one for the
 * same club and address not yet taken is replaced, so only the newest link works.
 */
export async function saveClubManagerInvitation(
  tx: Tx,
  input: { clubId: string; email: string; tokenHash: string; invitedBy: string; at: Date; expiresAt: Date },
): Promise<ClubManagerInvitationRecord> {
  await tx
    .delete(clubManagerInvitations)
    .where(
      and(
        eq(clubManagerInvitations.clubId, input.clubId),
        eq(clubManagerInvitations.email, input.email),
        isNull(clubManagerInvitations.acceptedAt),
      ),
    );
  const [invitation] = await tx
    .insert(clubManagerInvitations)
    .values({
      clubId: input.clubId,
      email: input.email,
      tokenHash: input.tokenHash,
      invitedBy: input.invitedBy,
      createdAt: input.at,
      expiresAt: input.expiresAt,
    })
    .returning();
  if (!invitation) throw new Error("No invitation was written.");
  return invitation;
}

/**
 * The invitation whose link has this token hash, not yet taken and still within its days at `now`,
 * locked until the caller's transaction ends (two sessions following it at once take it once).
 */
export async function findLiveClubManagerInvitation(
  tx: Tx,
  tokenHash: string,
  now: Date,
): Promise<ClubManagerInvitationRecord | undefined> {
  const [invitation] = await tx
    .select()
    .from(clubManagerInvitations)
    .where(
      and(
        eq(clubManagerInvitations.tokenHash, tokenHash),
        isNull(clubManagerInvitations.acceptedAt),
        gt(clubManagerInvitations.expiresAt, now),
      ),
    )
    .limit(1)
    .for("update");
  return invitation;
}

/** Spends the invitation's link: taken at `at`, it cannot be followed again. */
export async function spendClubManagerInvitation(tx: Tx, invitationId: string, at: Date): Promise<void> {
  await tx.update(clubManagerInvitations).set({ acceptedAt: at }).where(eq(clubManagerInvitations.id, invitationId));
}

/**
 * Counts the account's address as confirmed (if it was not) when it is still `email`: an invitation's
 * link, mailed there and followed from a session of the account, shows both its mailbox and its password.
 */
export async function confirmInvitedAddress(tx: Tx, userId: string, email: string, at: Date): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(users.id, userId), eq(users.email, email)));
}
