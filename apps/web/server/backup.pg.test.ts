import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, openDatabase, seedDemoData } from "@sports/db";
import { createPostgresDatabase, testDatabaseUrl } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { changeTheSite, runDatabaseCommand, siteState } from "./backup.fixture.ts";

const folder = mkdtempSync(join(tmpdir(), "sports-events-backup-cli-pg-"));
const PASSWORD = "never-Printed-0815";

let created: { url: string; drop: () => Promise<void> };
let database: DatabaseHandle;
/** The command's environment, as `npm start` would have it: a DATABASE_URL with a password in it. */
let env: Record<string, string>;
let before: Awaited<ReturnType<typeof siteState>>;

beforeAll(async () => {
  if (!testDatabaseUrl) throw new Error("TEST_DATABASE_URL is needed for *.pg.test.ts");
  created = await createPostgresDatabase(testDatabaseUrl, { migrated: true, template: inject("postgresTemplate") });
  const url = new URL(created.url);
  url.password = PASSWORD;
  env = { DATABASE_URL: url.toString() };
  database = await openDatabase({ url: created.url, poolSize: 2 });
  await seedDemoData(database.db, { now: new Date() });
  before = await siteState(database.db);
});

afterAll(async () => {
  await database?.close();
  await created?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe("npm run db:backup and db:restore on PostgreSQL", () => {
  it("backs up with pg_dump and restores exactly, never printing the password", async () => {
    const { host, pathname } = new URL(created.url);
    const described = `the PostgreSQL database postgres@${host}${pathname}`;
    const made = await runDatabaseCommand("backup", [], { env, cwd: folder });
    expect(made).toMatchObject({ code: 0, stderr: "" });
    const [name] = readdirSync(join(folder, "backups"));
    expect(name).toMatch(/^sports-events-\d{8}T\d{6}Z\.dump$/);
    const backup = join("backups", String(name));
    expect(made.stdout.replace(/\(\d[\d,]* kB\)/, "(N kB)")).toBe(`Backed up ${described} to ${backup} (N kB).`);

    await changeTheSite(database.db);
    expect(await siteState(database.db)).not.toEqual(before);

    const restored = await runDatabaseCommand("restore", [backup], { env, cwd: folder });
    expect(restored).toEqual({
      code: 0,
      stdout: `Restored ${backup} into ${described}: it is now exactly as backed up.`,
      stderr: "",
    });
    expect(await siteState(database.db)).toEqual(before);
    expect(made.stdout + restored.stdout).not.toContain(PASSWORD);
  });

  it("refuses a backup of the embedded database, and says why a failing server failed", async () => {
    const embedded = inject("pgliteTemplate");
    const wrong = await runDatabaseCommand("restore", [embedded], { env, cwd: folder });
    expect(wrong).toMatchObject({ code: 1, stdout: "" });
    const { host, pathname } = new URL(created.url);
    expect(wrong.stderr).toBe(
      `${embedded} is a backup of an embedded database; it can only be restored into the embedded database ` +
        `(no DATABASE_URL). Nothing was changed in the PostgreSQL database postgres@${host}${pathname}.`,
    );
    expect(await siteState(database.db)).toEqual(before);

    const missing = new URL(env.DATABASE_URL ?? "");
    missing.pathname = "/no_such_database";
    const failed = await runDatabaseCommand("backup", [join(folder, "x.dump")], {
      env: { DATABASE_URL: missing.toString() },
      cwd: folder,
    });
    expect(failed).toMatchObject({ code: 1, stdout: "" });
    expect(failed.stderr).toMatch(/^pg_dump failed: .*database "no_such_database" does not exist/s);
    expect(failed.stderr).not.toContain(PASSWORD);
  });
});
