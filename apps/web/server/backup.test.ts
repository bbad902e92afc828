import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DatabaseHandle, insertUser, openDatabase, seedDemoData } from "@sports/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeTheSite, runDatabaseCommand, siteState } from "./backup.fixture.ts";

const folder = mkdtempSync(join(tmpdir(), "sports-events-backup-cli-"));
const dataDir = join(folder, "data");
const database = join(dataDir, "pglite");
/** The command's environment: the embedded database in DATA_DIR, as `npm start` would use it. */
const env = { DATA_DIR: dataDir };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: database });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

let before: Awaited<ReturnType<typeof siteState>>;
beforeAll(async () => {
  before = await withDatabase(async ({ db, migrate }) => {
    await migrate();
    await seedDemoData(db, { now: new Date() });
    await insertUser(db, {
      email: "ada@example.org",
      passwordHash: "x",
      givenName: "Ada",
      familyName: "Runner",
      preferredLocale: "en-US",
      termsAcceptedAt: new Date(),
    });
    return siteState(db);
  });
});

describe("npm run db:backup and db:restore on the embedded database", () => {
  let backup: string;

  it("backs up into backups/ under a dated name, and restores it, keeping the replaced files aside", async () => {
    const made = await runDatabaseCommand("backup", [], { env, cwd: folder });
    expect(made).toMatchObject({ code: 0, stderr: "" });
    const [name] = readdirSync(join(folder, "backups"));
    expect(name).toMatch(/^sports-events-\d{8}T\d{6}Z\.tar\.gz$/);
    backup = join(folder, "backups", String(name));
    expect(made.stdout.replace(/\(\d[\d,]* kB\)/, "(N kB)")).toBe(
      `Backed up the embedded database in ${database} to backups/${name} (N kB).`,
    );

    await withDatabase(({ db }) => changeTheSite(db));
    expect(await withDatabase(({ db }) => siteState(db))).not.toEqual(before);

    const restored = await runDatabaseCommand("restore", [backup], { env, cwd: folder });
    expect(restored).toMatchObject({ code: 0, stderr: "" });
    const [aside] = readdirSync(dataDir).filter((entry) => entry.startsWith("pglite.before-restore-"));
    expect(restored.stdout).toBe(
      `Restored ${backup} into the embedded database in ${database}. ` +
        `The files it replaced are in ${database}.${String(aside).slice("pglite.".length)}: delete them once all is well.`,
    );
    expect(await withDatabase(({ db }) => siteState(db))).toEqual(before);
  });

  it("refuses both while the server runs", async () => {
    const entries = readdirSync(dataDir).sort();
    await withDatabase(async () => {
      const file = join(folder, "while-running.tar.gz");
      const refused = await runDatabaseCommand("backup", [file], { env, cwd: folder });
      expect(refused).toMatchObject({ code: 1, stdout: "" });
      expect(refused.stderr).toBe(
        `The embedded database in ${database} is in use by process ${process.pid}, most likely the server: ` +
          "stop the server first, then back up again. Nothing was changed.",
      );
      expect(existsSync(file)).toBe(false);

      const restore = await runDatabaseCommand("restore", [backup], { env, cwd: folder });
      expect(restore).toMatchObject({ code: 1, stdout: "" });
      expect(restore.stderr).toContain("stop the server first, then restore again");
    });
    expect(readdirSync(dataDir).sort()).toEqual(entries);
  });

  it("refuses a file that is not a backup of the embedded database, and a wrong command line", async () => {
    const entries = readdirSync(dataDir).sort();
    const dump = join(folder, "postgres.dump");
    writeFileSync(dump, "PGDMP and the rest of a PostgreSQL archive");
    const wrong = await runDatabaseCommand("restore", [dump], { env, cwd: folder });
    expect(wrong).toMatchObject({ code: 1, stdout: "" });
    expect(wrong.stderr).toBe(
      `${dump} is a PostgreSQL backup (pg_dump); it can only be restored into PostgreSQL (DATABASE_URL). ` +
        `Nothing was changed in the embedded database in ${database}.`,
    );

    const usage = await runDatabaseCommand("restore", [], { env, cwd: folder });
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Usage: npm run db:backup/) });
    const badEnv = await runDatabaseCommand("backup", [], { env: { ...env, DATABASE_URL: "mysql://x" }, cwd: folder });
    expect(badEnv).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("DATABASE_URL: must be a PostgreSQL URL"),
    });
    expect(readdirSync(dataDir).sort()).toEqual(entries);
    expect(await withDatabase(({ db }) => siteState(db))).toEqual(before);
  });
});
