import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { resultImports } from "../schema.ts";

type Tx = Database | Transaction;

export type ResultImportRecord = typeof resultImports.$inferSelect;
export type NewResultImport = Omit<typeof resultImports.$inferInsert, "id" | "state" | "appliedAt">;

export async function addResultImport(tx: Tx, values: NewResultImport): Promise<ResultImportRecord> {
  const [row] = await tx.insert(resultImports).values(values).returning();
  return row as ResultImportRecord;
}

export async function findResultImport(tx: Tx, id: string): Promise<ResultImportRecord | undefined> {
  const [row] = await tx.select().from(resultImports).where(eq(resultImports.id, id));
  return row;
}

/** A preview made again (another mapping, or the results moved). */
export async function updateResultImport(
  tx: Tx,
  id: string,
  change: Partial<Pick<ResultImportRecord, "mapping" | "summary" | "version" | "state" | "appliedAt">>,
): Promise<ResultImportRecord | undefined> {
  const [row] = await tx.update(resultImports).set(change).where(eq(resultImports.id, id)).returning();
  return row;
}
