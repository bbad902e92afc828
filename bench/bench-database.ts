/**
 * The database `npm run bench:api` measures against: PGlite in a fresh temp folder, or a fresh
 * `sports_events_bench` database on a PostgreSQL server, gone again after `dispose()`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, openDatabase } from "@sports/db";
import { adminUrl, withAdminClient } from "@sports/db/postgres-admin";

export const BENCH_DATABASE = "sports_events_bench";
const POOL_SIZE = 10;

export interface BenchDatabase {
  handle: DatabaseHandle;
  description: string;
  /** Drops the PostgreSQL database or deletes the PGlite folder. */
  dispose(): Promise<void>;
}

export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * With `postgresUrl` (which only names the server and credentials), (re)creates `sports_events_bench`
 * there and opens it with a pool; without, opens PGlite in a new temp folder.
 */
export async function openBenchDatabase(postgresUrl: string | undefined): Promise<BenchDatabase> {
  if (postgresUrl) {
    await withAdminClient(postgresUrl, async (client) => {
      await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
      await client.query(`create database ${BENCH_DATABASE}`);
    });
    const url = adminUrl(postgresUrl, BENCH_DATABASE);
    const handle = await openDatabase({ url, poolSize: POOL_SIZE, applicationName: "bench-api" });
    return {
      handle,
      description: `PostgreSQL, database ${BENCH_DATABASE} at ${withoutPassword(url)}, pool of ${POOL_SIZE}`,
      async dispose() {
        await withAdminClient(postgresUrl, (client) =>
          client.query(`drop database if exists ${BENCH_DATABASE} with (force)`),
        );
      },
    };
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), "sports-events-bench-"));
  const handle = await openDatabase({ dataDir });
  return {
    handle,
    description: `PGlite in ${dataDir}`,
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
