import type { ClubEntryRow } from "@sports/domain";
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { clubEntries } from "../schema.ts";

/**
 * A club's entries (docs/decisions/068): the rows previewed and checked, kept as one JSON document
 * per entry until its valid rows are held as the club's signup.
 */

type Tx = Database | Transaction;

export type ClubEntryRecord = Omit<typeof clubEntries.$inferSelect, "rows"> & { rows: ClubEntryRow[] };

/** An entry as the club's list shows it: its counts rather than its rows. */
export type ClubEntryListing = Omit<ClubEntryRecord, "rows"> & { summary: { rows: number; valid: number } };

const asRecord = (row: typeof clubEntries.$inferSelect): ClubEntryRecord => ({
  ...row,
  rows: row.rows as ClubEntryRow[],
});

export async function insertClubEntry(
  tx: Tx,
  values: {
    clubId: string;
    appointmentId: string;
    createdBy: string;
    source: ClubEntryRecord["source"];
    rows: readonly ClubEntryRow[];
    at: Date;
  },
): Promise<ClubEntryRecord> {
  const [row] = await tx
    .insert(clubEntries)
    .values({
      clubId: values.clubId,
      appointmentId: values.appointmentId,
      createdBy: values.createdBy,
      source: values.source,
      rows: [...values.rows],
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  if (!row) throw new Error("No club entry was written.");
  return asRecord(row);
}

export async function findClubEntry(tx: Tx, id: string): Promise<ClubEntryRecord | undefined> {
  const [row] = await tx.select().from(clubEntries).where(eq(clubEntries.id, id));
  return row && asRecord(row);
}

/** The entry locked for a change in `tx`. */
export async function lockClubEntry(tx: Transaction, id: string): Promise<ClubEntryRecord | undefined> {
  const [row] = await tx.select().from(clubEntries).where(eq(clubEntries.id, id)).for("update");
  return row && asRecord(row);
}

/** The entry's rows as checked again, while it is a preview. */
export async function updateClubEntryRows(
  tx: Tx,
  id: string,
  rows: readonly ClubEntryRow[],
  at: Date,
): Promise<ClubEntryRecord> {
  const [row] = await tx
    .update(clubEntries)
    .set({ rows: [...rows], updatedAt: at })
    .where(and(eq(clubEntries.id, id), eq(clubEntries.state, "preview")))
    .returning();
  if (!row) throw new Error(`Club entry ${id} is no preview to change.`);
  return asRecord(row);
}

/** The entry held as `signupId`, with its rows as they were held. */
export async function markClubEntryHeld(
  tx: Transaction,
  id: string,
  held: { signupId: string; rows: readonly ClubEntryRow[]; at: Date },
): Promise<ClubEntryRecord> {
  const [row] = await tx
    .update(clubEntries)
    .set({ state: "held", signupId: held.signupId, rows: [...held.rows], heldAt: held.at, updatedAt: held.at })
    .where(eq(clubEntries.id, id))
    .returning();
  if (!row) throw new Error(`Club entry ${id} vanished while locked.`);
  return asRecord(row);
}

/** The club's entries, newest first, each with its rows counted rather than read. */
export async function clubEntriesOfClub(tx: Tx, clubId: string): Promise<ClubEntryListing[]> {
  const { rows: _, ...columns } = getTableColumns(clubEntries);
  const found = await tx
    .select({
      ...columns,
      rowCount: sql<number>`jsonb_array_length(${clubEntries.rows})`,
      validCount: sql<number>`(select count(*) from jsonb_array_elements(${clubEntries.rows}) r
        where jsonb_array_length(r -> 'problems') = 0)`,
    })
    .from(clubEntries)
    .where(eq(clubEntries.clubId, clubId))
    .orderBy(desc(clubEntries.createdAt), desc(clubEntries.id));
  return found.map(({ rowCount, validCount, ...entry }) => ({
    ...entry,
    summary: { rows: Number(rowCount), valid: Number(validCount) },
  }));
}
