import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { clubManagerInvitations, clubManagers, clubs, users } from "../schema.ts";
import type { ClubRecord } from "./managers.ts";

type Tx = Database | Transaction;

/** What a club is described by: the fields its managers fill in (docs/decisions/068-club-entries.md). */
export interface ClubDetails {
  name: string;
  federation: string | null;
  code: string | null;
  contactEmail: string;
  contactPhone: string | null;
}

/** A manager of a club, named as their account is. */
export interface ClubManagerRecord {
  userId: string;
  givenName: string;
  familyName: string;
  email: string;
  addedAt: Date;
}

/** An invitation to manage the club not yet taken, while its link still works. */
export interface PendingClubInvitation {
  email: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Writes a club made by `createdBy` (who the caller then makes its manager, in the same transaction). */
export async function insertClub(tx: Tx, input: ClubDetails & { createdBy: string; at: Date }): Promise<ClubRecord> {
  const { at, ...values } = input;
  const [club] = await tx
    .insert(clubs)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning();
  if (!club) throw new Error("No club was written.");
  return club;
}

/** Changes the club's details as given; undefined for a club that is not there. */
export async function updateClubDetails(
  tx: Tx,
  clubId: string,
  changes: Partial<ClubDetails>,
  at: Date,
): Promise<ClubRecord | undefined> {
  const [club] = await tx
    .update(clubs)
    .set({ ...changes, updatedAt: at })
    .where(eq(clubs.id, clubId))
    .returning();
  return club;
}

/** The clubs `userId` manages, by name. */
export async function listManagedClubs(db: Tx, userId: string): Promise<ClubRecord[]> {
  const rows = await db
    .select({ club: clubs })
    .from(clubs)
    .innerJoin(clubManagers, and(eq(clubManagers.clubId, clubs.id), eq(clubManagers.userId, userId)))
    .orderBy(sql`lower(${clubs.name})`, asc(clubs.id));
  return rows.map((row) => row.club);
}

/** The club's managers, in the order they came. */
export async function listClubManagers(db: Tx, clubId: string): Promise<ClubManagerRecord[]> {
  return db
    .select({
      userId: users.id,
      givenName: users.givenName,
      familyName: users.familyName,
      email: users.email,
      addedAt: clubManagers.addedAt,
    })
    .from(clubManagers)
    .innerJoin(users, eq(users.id, clubManagers.userId))
    .where(eq(clubManagers.clubId, clubId))
    .orderBy(asc(clubManagers.addedAt), asc(users.email));
}

/** The club's invitations waiting to be taken at `now`, oldest first. */
export async function listPendingClubInvitations(db: Tx, clubId: string, now: Date): Promise<PendingClubInvitation[]> {
  return db
    .select({
      email: clubManagerInvitations.email,
      createdAt: clubManagerInvitations.createdAt,
      expiresAt: clubManagerInvitations.expiresAt,
    })
    .from(clubManagerInvitations)
    .where(
      and(
        eq(clubManagerInvitations.clubId, clubId),
        isNull(clubManagerInvitations.acceptedAt),
        gt(clubManagerInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(clubManagerInvitations.createdAt));
}
