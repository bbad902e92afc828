import { and, eq } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { clubManagers, clubs } from "../schema.ts";

type Tx = Database | Transaction;

export type ClubRecord = typeof clubs.$inferSelect;

/** The club, when `userId` manages it; undefined for a club unknown or managed by others. */
export async function findManagedClub(tx: Tx, clubId: string, userId: string): Promise<ClubRecord | undefined> {
  const [row] = await tx
    .select({ club: clubs })
    .from(clubs)
    .innerJoin(clubManagers, and(eq(clubManagers.clubId, clubs.id), eq(clubManagers.userId, userId)))
    .where(eq(clubs.id, clubId));
  return row?.club;
}

/** Makes `userId` a manager of the club (a second time changes nothing). */
export async function addClubManager(
  tx: Tx,
  input: { clubId: string; userId: string; addedBy: string | null; at: Date },
): Promise<void> {
  await tx
    .insert(clubManagers)
    .values({ clubId: input.clubId, userId: input.userId, addedBy: input.addedBy, addedAt: input.at })
    .onConflictDoNothing();
}
