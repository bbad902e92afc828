import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "./database.ts";
import { createPostgresDatabase } from "./testing/postgres.ts";

export { createPostgresDatabase } from "./testing/postgres.ts";

/** The PostgreSQL server the suite runs against, when it does (`npm run test:pg`). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * A migrated, empty database of the test file's own: on PostgreSQL when TEST_DATABASE_URL is set,
 * else an in-memory PGlite. Closing it also drops it.
 */
export async function openTestDatabase(options: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  if (testDatabaseUrl) {
    const created = await createPostgresDatabase(testDatabaseUrl, {
      migrated: true,
      template: inject("postgresTemplate"),
    });
    const handle = await openDatabase({ url: created.url, poolSize: options.poolSize ?? 5 });
    return {
      ...handle,
      async close() {
        await handle.close();
        await created.drop();
      },
    };
  }
  const dump = readFileSync(inject("pgliteTemplate"));
  return openDatabase({ memory: true, loadDataDir: new Blob([dump]) });
}
export * from "./testing/billing.ts";
export * from "./testing/catalogue.ts";
export * from "./testing/clubs.ts";
export * from "./testing/people.ts";
export * from "./testing/results.ts";
export * from "./testing/statements.ts";
