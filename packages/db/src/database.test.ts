import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase } from "./database.ts";
import { events } from "./schema.ts";
import { insertEvent, openTestDatabase } from "./testing.ts";

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: unknown[];
};

async function schemaShape(db: Awaited<ReturnType<typeof openTestDatabase>>["db"]) {
  const result = await db.execute(sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' order by table_name, column_name`);
  return (result as { rows: unknown[] }).rows;
}

describe("migrations", () => {
  it("applied again change nothing", async () => {
    const database = await openTestDatabase();
    try {
      const before = await schemaShape(database.db);
      await insertEvent(database.db, new Date());
      await database.migrate();
      await database.migrate();
      expect(await schemaShape(database.db)).toEqual(before);
      const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied as { rows: unknown[] }).rows[0]).toEqual({ n: journal.entries.length });
      expect((await database.db.select({ n: count() }).from(events))[0]?.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe("the embedded database in a folder", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "sports-events-db-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps data across reopening and refuses a second opener while open", async () => {
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await insertEvent(first.db, new Date(), { slug: "kept" });
    await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process \d+/);
    await first.close();

    const again = await openDatabase({ dataDir });
    try {
      await again.migrate();
      const rows = await again.db.select({ slug: events.slug }).from(events);
      expect(rows).toEqual([{ slug: "kept" }]);
    } finally {
      await again.close();
    }
  });
});
