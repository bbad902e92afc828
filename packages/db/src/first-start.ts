import { count, sql } from "drizzle-orm";
import type { Database } from "./database.ts";
import { type CourseReader, seedDemoData } from "./demo/seed.ts";
import { contentPages, events } from "./schema.ts";

const FIRST_START_LOCK_KEY = 7_410_003;

/**
 * Seeds the demo catalogue when the catalogue is empty, once: several processes starting together
 * on one PostgreSQL serialise on an advisory lock, and all but the first find it filled.
 */
export async function seedDemoDataIfEmpty(db: Database, now: Date, readCourse?: CourseReader): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START_LOCK_KEY})`);
    const [eventRows] = await tx.select({ n: count() }).from(events);
    const [pageRows] = await tx.select({ n: count() }).from(contentPages);
    if ((eventRows?.n ?? 0) > 0 || (pageRows?.n ?? 0) > 0) return false;
    await seedDemoData(tx as unknown as Database, { now, ...(readCourse ? { readCourse } : {}) });
    return true;
  });
}
