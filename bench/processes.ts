/**
 * The production-shaped install of `npm run bench:cluster` and `npm run bench:queue`: several server
 * processes (`node apps/web/server/main.ts`, `NODE_ENV=production`, `TRUST_PROXY=loopback`) started
 * together on one fresh PostgreSQL database, which they migrate, behind Debian's nginx running
 * deploy/nginx/sports-events.conf (bench/nginx.ts). Everything is stopped by the clean-up.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { type Database, migrationsFolder } from "@sports/db";
import { sql } from "drizzle-orm";
import { type ServerProcess, startServerProcess } from "../apps/web/server/testing/process.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { type Cleanup, progress } from "./harness.ts";
import { type Nginx, startNginx } from "./nginx.ts";

export interface Processes {
  servers: ServerProcess[];
  /** Each process's loopback port. */
  ports: string[];
  /** From starting them to all of them listening. */
  startupMs: number;
  /** Migrations in `drizzle.__drizzle_migrations`, against those the repository has. */
  migrations: { applied: number; expected: number };
  nginx: Nginx;
}

/**
 * `count` server processes on the database at `url`, each with a folder of its own under `dir`,
 * then nginx in front of them. `db` is the bench's own handle on the same database.
 */
export async function startProcesses(options: {
  count: number;
  url: string;
  db: Database;
  dir: string;
  cleanup: Cleanup;
}): Promise<Processes> {
  const startedAt = performance.now();
  const servers = Array.from({ length: options.count }, (_, i) => {
    mkdirSync(join(options.dir, `process-${i + 1}`));
    return startServerProcess({
      NODE_ENV: "production",
      DATABASE_URL: options.url,
      DEMO_DATA: "false",
      TRUST_PROXY: "loopback",
      // Production refuses to start without its public address; nginx answers on loopback.
      PUBLIC_URL: "https://127.0.0.1",
      // And without a payment provider: the demonstration one, named, as nothing here is paid.
      PAYMENT_PROVIDERS: "demo",
      DATA_DIR: join(options.dir, `process-${i + 1}`),
    });
  });
  options.cleanup.add(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGTERM");
    await Promise.all(servers.map((server) => server.exited));
  });
  const ports = (await Promise.all(servers.map((server) => server.listening))).map((url) => new URL(url).port);
  const startupMs = performance.now() - startedAt;
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"));
  const applied = (await options.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] };
  const migrations = { applied: applied.rows[0]?.n ?? 0, expected: journal.entries.length as number };

  const nginx = await startNginx(ports.map(Number));
  options.cleanup.add(() => nginx.stop());
  return { servers, ports, startupMs, migrations, nginx };
}

/**
 * The whole install for a bench named `bench`: a folder of its own, a fresh PostgreSQL database
 * `database` (at `databaseUrl`, default the local server), `count` processes on it and nginx; all
 * of it undone by `cleanup`. `db` is the bench's own handle on that database.
 */
export async function openInstall(options: {
  bench: string;
  database: string;
  databaseUrl: string | undefined;
  count: number;
  cleanup: Cleanup;
}): Promise<Processes & { db: Database; description: string }> {
  const { cleanup } = options;
  const dir = mkdtempSync(join(os.tmpdir(), `sports-events-${options.bench}-`));
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));

  progress(`creating a fresh PostgreSQL database, ${options.database}`);
  const bench = await openBenchDatabase(options.databaseUrl, { name: options.database });
  cleanup.add(() => bench.dispose());
  cleanup.add(() => bench.handle.close());
  const { db } = bench.handle;
  if (!bench.url) throw new Error(`bench:${options.bench} needs PostgreSQL`);

  progress(`starting ${options.count} server processes together on the empty database, then nginx`);
  const processes = await startProcesses({ count: options.count, url: bench.url, db, dir, cleanup });
  return { db, description: bench.description, ...processes };
}
