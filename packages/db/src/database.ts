import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { hearAccountChangesOnPglite } from "./accounts/changes.ts";
import { shareCatalogueChanges } from "./catalogue/changes.ts";
import { holdDataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

/** The query interface every repository takes: the same Drizzle API on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The transaction `Database.transaction` hands its callback; repositories that must run inside one take it. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations that are not applied yet; a no-op when all are. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** How the job queue (pg-boss) reaches this database: its own pool on PostgreSQL, this client on PGlite. */
  readonly queueConnection: QueueConnection;
  /** The connection pool's use (PostgreSQL); PGlite is one connection, always open. */
  poolUse(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type QueueConnection =
  | { kind: "postgres"; url: string; applicationName: string }
  | { kind: "pglite"; client: PGlite };

export type DatabaseOptions =
  | { url: string; poolSize?: number; applicationName?: string }
  | { dataDir: string }
  | { memory: true; loadDataDir?: Blob };

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

/** One fixed key for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_410_002;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return "url" in options ? openPostgres(options) : openEmbeddedDatabase(options);
}

async function openPostgres(options: { url: string; poolSize?: number; applicationName?: string }) {
  const applicationName = options.applicationName ?? "sports-events";
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    application_name: applicationName,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  // Other processes on this database hear of catalogue changes made here, and this one of theirs;
  // the same connection hears every account change (accounts/changes.ts).
  const catalogueChanges = shareCatalogueChanges(db, pool, {
    connectionString: options.url,
    application_name: `${applicationName}-catalogue-changes`,
  });
  const handle: DatabaseHandle = {
    db,
    kind: "postgres",
    queueConnection: { kind: "postgres", url: options.url, applicationName: `${applicationName}-jobs` },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migratePostgres(drizzlePostgres(client), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await catalogueChanges.stop();
      await pool.end();
    },
  };
  return handle;
}

export interface EmbeddedDatabaseHandle extends DatabaseHandle {
  /** The whole data folder as a tarball, loadable with `{ memory: true, loadDataDir }`. */
  dump(): Promise<Blob>;
}

/** PGlite, in a folder or in memory. */
export async function openEmbeddedDatabase(
  options: { dataDir: string } | { memory: true; loadDataDir?: Blob },
): Promise<EmbeddedDatabaseHandle> {
  let releaseLock = () => {};
  let client: PGlite;
  if ("dataDir" in options) {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = holdDataDirLock(options.dataDir);
    try {
      client = await PGlite.create(options.dataDir);
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // The triggers' notifications of account changes reach this process through its own client.
  await hearAccountChangesOnPglite(db, client);
  const handle: EmbeddedDatabaseHandle = {
    db,
    kind: "pglite",
    queueConnection: { kind: "pglite", client },
    poolUse: () => ({ total: 1, idle: 1, waiting: 0 }),
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
    async dump() {
      return client.dumpDataDir("none");
    },
  };
  return handle;
}
