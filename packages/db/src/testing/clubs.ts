import { addClubManager, type ClubRecord } from "../clubs/managers.ts";
import type { Database } from "../database.ts";
import { clubs } from "../schema.ts";

/** A club for tests, managed by `managerId`: "Atletica Valle", FIDAL code TN123. */
export async function testClub(
  db: Database,
  managerId: string,
  overrides: Partial<Omit<typeof clubs.$inferInsert, "id">> = {},
): Promise<ClubRecord> {
  const [club] = await db
    .insert(clubs)
    .values({
      name: "Atletica Valle",
      federation: "FIDAL",
      code: "TN123",
      contactEmail: "segreteria@atleticavalle.example",
      createdBy: managerId,
      ...overrides,
    })
    .returning();
  if (!club) throw new Error("No club was written.");
  await addClubManager(db, { clubId: club.id, userId: managerId, addedBy: null, at: club.createdAt });
  return club;
}
