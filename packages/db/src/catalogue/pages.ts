import type { ContentPage } from "@sports/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../database.ts";
import { contentPages } from "../schema.ts";

export async function findContentPage(db: Database, slug: string): Promise<ContentPage | undefined> {
  const rows = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1);
  return rows[0];
}
