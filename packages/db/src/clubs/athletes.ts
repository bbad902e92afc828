import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { clubAthletes } from "../schema.ts";

type Tx = Database | Transaction;

export type ClubAthleteRecord = typeof clubAthletes.$inferSelect;

/** What a manager writes of an athlete of the club's roster. */
export type ClubAthleteDetails = Pick<
  ClubAthleteRecord,
  | "givenName"
  | "familyName"
  | "birthDate"
  | "gender"
  | "email"
  | "phone"
  | "nationality"
  | "federationCard"
  | "tshirtSize"
  | "emergencyContactName"
  | "emergencyContactPhone"
>;

export async function insertClubAthlete(
  tx: Tx,
  input: ClubAthleteDetails & { clubId: string; at: Date },
): Promise<ClubAthleteRecord> {
  const { at, ...values } = input;
  const [athlete] = await tx
    .insert(clubAthletes)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning();
  if (!athlete) throw new Error("No athlete was written.");
  return athlete;
}

/** The athlete, when they are in this club's roster. */
export async function findClubAthlete(
  db: Tx,
  clubId: string,
  athleteId: string,
): Promise<ClubAthleteRecord | undefined> {
  const [athlete] = await db
    .select()
    .from(clubAthletes)
    .where(and(eq(clubAthletes.clubId, clubId), eq(clubAthletes.id, athleteId)));
  return athlete;
}

/** Changes the athlete of this club's roster as given; undefined when the club has no such athlete. */
export async function updateClubAthlete(
  tx: Tx,
  clubId: string,
  athleteId: string,
  changes: Partial<ClubAthleteDetails>,
  at: Date,
): Promise<ClubAthleteRecord | undefined> {
  const [athlete] = await tx
    .update(clubAthletes)
    .set({ ...changes, updatedAt: at })
    .where(and(eq(clubAthletes.clubId, clubId), eq(clubAthletes.id, athleteId)))
    .returning();
  return athlete;
}

/** Takes the athlete out of this club's roster (their past entries keep their data); whether they were in it. */
export async function deleteClubAthlete(tx: Tx, clubId: string, athleteId: string): Promise<boolean> {
  const rows = await tx
    .delete(clubAthletes)
    .where(and(eq(clubAthletes.clubId, clubId), eq(clubAthletes.id, athleteId)))
    .returning({ id: clubAthletes.id });
  return rows.length > 0;
}

/**
 * One page of the club's roster by family and given name (the order of `club_athletes_name_idx`),
 * and how many athletes `q` lets through: each of its words found in the athlete's names, case aside.
 */
export async function listClubAthletes(
  db: Tx,
  clubId: string,
  query: { q?: string; offset: number; limit: number },
): Promise<{ rows: ClubAthleteRecord[]; total: number }> {
  const where = and(eq(clubAthletes.clubId, clubId), ...nameMatches(query.q ?? ""));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(clubAthletes)
      .where(where)
      .orderBy(sql`lower(${clubAthletes.familyName})`, sql`lower(${clubAthletes.givenName})`, asc(clubAthletes.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ n: count() }).from(clubAthletes).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** One condition per word of `q`: the word in the given or family name, case aside. */
function nameMatches(q: string): SQL[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .slice(0, 5)
    .map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return sql`lower(${clubAthletes.givenName} || ' ' || ${clubAthletes.familyName}) like ${pattern}`;
    });
}
