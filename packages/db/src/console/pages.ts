import type { ContentPage } from "@sports/domain";
import { asc, eq } from "drizzle-orm";
import type { Database, Transaction } from "../database.ts";
import { contentPages } from "../schema.ts";

/** The content pages as the organiser's console writes them. */

export type ContentPageRow = typeof contentPages.$inferInsert;

export async function listContentPages(db: Database): Promise<ContentPage[]> {
  return db.select().from(contentPages).orderBy(asc(contentPages.slug));
}

export async function lockContentPage(tx: Transaction, slug: string): Promise<ContentPage | undefined> {
  const rows = await tx.select().from(contentPages).where(eq(contentPages.slug, slug)).for("update").limit(1);
  return rows[0];
}

export async function insertContentPage(tx: Transaction, values: ContentPageRow): Promise<ContentPage | undefined> {
  const [row] = await tx.insert(contentPages).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateContentPage(
  tx: Transaction,
  slug: string,
  values: Partial<ContentPageRow>,
): Promise<ContentPage> {
  const [row] = await tx.update(contentPages).set(values).where(eq(contentPages.slug, slug)).returning();
  return row as ContentPage;
}
