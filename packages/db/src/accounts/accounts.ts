import type { AccountTokenPurpose, PersonalData, TeamRole, User } from "@sports/domain";
import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { followTeamInvitation } from "../console/team.ts";
import type { Database } from "../database.ts";
import { isUniqueViolation } from "../driver-results.ts";
import { prepared } from "../prepared.ts";
import { accountTokens, sessions, users } from "../schema.ts";

/**
 * The accounts' storage: users, their sessions and their mailed single-use tokens. Tokens and
 * session ids arrive here already hashed; this module never sees a secret in the clear.
 */

const userColumns = {
  id: users.id,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  role: users.role,
  givenName: users.givenName,
  familyName: users.familyName,
  birthDate: users.birthDate,
  gender: users.gender,
  phone: users.phone,
  street: users.street,
  postalCode: users.postalCode,
  locality: users.locality,
  country: users.country,
  club: users.club,
  federationCard: users.federationCard,
  taxCode: users.taxCode,
  preferredLocale: users.preferredLocale,
  createdAt: users.createdAt,
};

export interface NewUser extends Pick<PersonalData, "givenName" | "familyName" | "preferredLocale"> {
  email: string;
  passwordHash: string;
  termsAcceptedAt: Date;
  /** "user" when absent. */
  role?: User["role"];
}

/** Creates the account, or says the (normalised) address already has one. */
export async function insertUser(db: Database, values: NewUser): Promise<User | "email-taken"> {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning(userColumns);
  return rows[0] ?? "email-taken";
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** The user with this (normalised) address and their password hash, for a login or a reset. */
export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<{ user: User; passwordHash: string } | undefined> {
  const rows = await db
    .select({ user: userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return rows[0];
}

export async function passwordHashOf(db: Database, userId: string): Promise<string | undefined> {
  const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.hash;
}

export async function updatePersonalData(
  db: Database,
  userId: string,
  changes: Partial<PersonalData>,
): Promise<User | undefined> {
  if (Object.keys(changes).length === 0) return findUserById(db, userId);
  const rows = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return rows[0];
}

/**
 * Sets a new password and ends every session of the user but `keepSession` (the one that changed
 * it, if any), in one transaction. Unused reset links die with the old password.
 */
export async function replacePassword(
  db: Database,
  userId: string,
  passwordHash: string,
  keepSession?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(
        keepSession
          ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepSession))
          : eq(sessions.userId, userId),
      );
    await tx
      .delete(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "reset-password")));
  });
}

/** Removes the account; its sessions and tokens go with it (foreign keys cascade). */
export async function deleteUser(db: Database, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

// Sessions

export async function insertSession(
  db: Database,
  session: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The user a live session belongs to, with the session's expiry. */
export async function findSessionUser(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ user: User; expiresAt: Date } | undefined> {
  const query = prepared(db, "find_session_user", (db) =>
    db
      .select({ user: userColumns, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
      .limit(1)
      .prepare("find_session_user"),
  );
  const rows = await query.execute({ tokenHash, now });
  return rows[0];
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of the user but `keep` (a session of theirs that stays), answering how many ended. */
export async function endSessions(db: Database, userId: string, keep?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)) : eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

// Mailed single-use tokens

/** Issues a token; earlier unused ones for the same purpose stop working, so only the newest link does. */
export async function insertAccountToken(
  db: Database,
  token: { tokenHash: string; userId: string; purpose: AccountTokenPurpose; email?: string; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, token.userId),
          eq(accountTokens.purpose, token.purpose),
          isNull(accountTokens.usedAt),
        ),
      );
    await tx.insert(accountTokens).values({ ...token, email: token.email ?? null });
  });
}

/**
 * Spends a token: it must exist for this purpose, be unused and unexpired. One atomic update, so
 * two requests racing with the same link cannot both succeed.
 */
export async function useAccountToken(
  db: Database,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ userId: string; email: string | null } | undefined> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  return rows[0];
}

/**
 * Makes `email` the account's confirmed address (its address now, if it was a change: a team
 * member's invitation follows them to it). Answers "email-taken" when another account took that
 * address meanwhile. `role: "organiser"`: the account becomes an organiser with it (the caller has
 * judged that whoever holds its password reads this mailbox: docs/decisions/041-team-roles-by-mailbox.md).
 */
export async function verifyEmail(
  db: Database,
  userId: string,
  email: string,
  now: Date,
  options: { role?: "organiser" } = {},
): Promise<User | "email-taken" | undefined> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  if (taken.length > 0) return "email-taken";
  const [before] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  try {
    const rows = await db
      .update(users)
      .set({
        email,
        emailVerifiedAt: now,
        updatedAt: sql`now()`,
        ...(options.role === "organiser" ? { role: "organiser" } : {}),
      })
      .where(eq(users.id, userId))
      .returning(userColumns);
    const user = rows[0];
    if (user && before && before.role !== "user" && before.email !== email)
      await followTeamInvitation(db, before.email, email);
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) return "email-taken";
    throw error;
  }
}

/**
 * Gives the account a team role with its address confirmed, in the caller's transaction: its owner
 * has just shown they read that address's mail and hold the account's password (an accepted
 * invitation, a password set through a mailed link). An organiser invited as staff stays one.
 */
export async function grantTeamRole(
  db: Database,
  userId: string,
  role: TeamRole,
  now: Date,
): Promise<User | undefined> {
  const rows = await db
    .update(users)
    .set({
      role:
        role === "organiser"
          ? "organiser"
          : sql`case when ${users.role} = 'organiser' then 'organiser' else 'staff' end`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning(userColumns);
  return rows[0];
}

/**
 * Takes the organiser's and staff's roles back from accounts whose address was never confirmed: registering an
 * organiser's address once gave the role at once, before anyone had read that address's mail.
 * Answers how many changed.
 */
export async function revokeUnverifiedOrganisers(db: Database): Promise<number> {
  const rows = await db
    .update(users)
    .set({ role: "user" })
    .where(and(inArray(users.role, ["organiser", "staff"]), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length;
}
