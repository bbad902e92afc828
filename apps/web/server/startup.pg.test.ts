import { readFileSync } from "node:fs";
import { join } from "node:path";
import { migrationsFolder } from "@sports/db";
import { createPostgresDatabase, testDatabaseUrl } from "@sports/db/testing";
import pg from "pg";
import { expect, it } from "vitest";
import { startServerProcess } from "./testing/process.ts";

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: unknown[];
};

it("two servers starting at once on one empty PostgreSQL database migrate and seed it once", async () => {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is needed for *.pg.test.ts");
  const database = await createPostgresDatabase(testDatabaseUrl, { migrated: false });
  const servers = [1, 2].map(() => startServerProcess({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: "3" }));
  try {
    const urls = await Promise.all(servers.map((server) => server.listening));
    const totals = await Promise.all(
      urls.map(async (url) => (await (await fetch(`${url}/api/events`)).json()).meta.total),
    );
    expect(totals[0]).toBeGreaterThanOrEqual(8);
    expect(totals[1]).toBe(totals[0]);
    const seeded = servers.filter((s) =>
      s.logs.some((entry) => entry.msg === "seeded the demo catalogue into the empty database"),
    );
    expect(seeded).toHaveLength(1);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const migrations = await client.query("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(migrations.rows[0].n).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
    await database.drop();
  }
});
