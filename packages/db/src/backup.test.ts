import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { fromPglite } from "pg-boss";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { changeEverything, contentsOf, fillLikeASite, queueAMail } from "./backup.fixture.ts";
import { backupDatabase, backupFileName, describeBackupTarget, restoreDatabase } from "./backup.ts";
import { openDatabase } from "./database.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const folder = mkdtempSync(join(tmpdir(), "sports-events-backup-"));
const dataDir = join(folder, "data", "pglite");
const target = { dataDir };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Opens the folder's database for `work`, closed afterwards. */
async function inDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** The entries of the folder that holds the data folder: a refused restore must add or rename none. */
const besideTheData = () => readdirSync(join(folder, "data")).sort();

let before: Awaited<ReturnType<typeof contentsOf>>;
beforeAll(async () => {
  // A migrated database in the folder (from the suite's template: a fresh one takes seconds longer).
  const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: template });
  await queueAMail({ db: fromPglite(client), backend: "pglite" });
  await client.close();
  before = await inDatabase(async (db) => {
    await fillLikeASite(db, NOW);
    return contentsOf(db);
  });
});

describe("a backup of the embedded database", () => {
  it("restores every table of every schema exactly as it was, keeping the replaced folder aside", async () => {
    expect(Object.keys(before.rows)).toEqual(
      expect.arrayContaining(["public.events", "pgboss.job", "drizzle.__drizzle_migrations"]),
    );
    expect(before.rows["pgboss.job"]).toHaveLength(1);
    // The demo's past race with its forty runners, and the signup made here.
    expect(before.rows["public.signups"]).toHaveLength(41);

    const file = join(folder, "backups", backupFileName(target, NOW));
    const backup = await backupDatabase(target, file);
    expect(backup).toEqual({ file, bytes: expect.any(Number) });
    expect(file).toMatch(/sports-events-20270501T100000Z\.tar\.gz$/);
    expect(existsSync(join(dataDir, "server.lock"))).toBe(false);

    const changed = await inDatabase(async (db) => {
      await changeEverything(db);
      return contentsOf(db);
    });
    expect(changed).not.toEqual(before);

    const restored = await restoreDatabase(target, file);
    expect(restored.keptAside).toMatch(/pglite\.before-restore-\d{8}T\d{6}Z$/);
    expect(besideTheData()).toEqual(["pglite", expect.stringMatching(/^pglite\.before-restore-/)]);
    expect(existsSync(join(dataDir, "server.lock"))).toBe(false);
    expect(await inDatabase(contentsOf)).toEqual(before);

    // The replaced folder is the database as it was just before the restore.
    const keptAside = String(restored.keptAside);
    expect(existsSync(join(keptAside, "server.lock"))).toBe(false);
    const aside = await openDatabase({ dataDir: keptAside });
    try {
      expect(await contentsOf(aside.db)).toEqual(changed);
    } finally {
      await aside.close();
    }
    rmSync(keptAside, { recursive: true });
  });

  it("refuses to overwrite a file or to back up a folder with no database", async () => {
    const file = join(folder, "taken.tar.gz");
    writeFileSync(file, "mine");
    await expect(backupDatabase(target, file)).rejects.toThrow(`${file} already exists`);
    expect(readFileSync(file, "utf8")).toBe("mine");
    await expect(backupDatabase({ dataDir: join(folder, "nothing") }, join(folder, "new", "x.tar.gz"))).rejects.toThrow(
      "There is no embedded database in",
    );
    expect(existsSync(join(folder, "new"))).toBe(false);
  });

  it("refuses both while the server holds the data folder", async () => {
    const file = join(folder, "while-running.tar.gz");
    const server = await openDatabase({ dataDir });
    try {
      await expect(backupDatabase(target, file)).rejects.toThrow(
        `The embedded database in ${dataDir} is in use by process ${process.pid}, most likely the server: stop the server first`,
      );
      expect(readdirSync(folder)).not.toContain("while-running.tar.gz.partial");
      expect(existsSync(file)).toBe(false);
    } finally {
      await server.close();
    }
    await backupDatabase(target, file);

    const again = await openDatabase({ dataDir });
    try {
      await expect(restoreDatabase(target, file)).rejects.toThrow("stop the server first, then restore again");
      expect(besideTheData()).toEqual(["pglite"]);
      expect(existsSync(join(dataDir, "server.lock"))).toBe(true);
    } finally {
      await again.close();
    }
  });

  it("refuses a file of the wrong kind and changes nothing", async () => {
    const postgresDump = join(folder, "postgres.dump");
    writeFileSync(postgresDump, Buffer.concat([Buffer.from("PGDMP"), Buffer.alloc(100)]));
    await expect(restoreDatabase(target, postgresDump)).rejects.toThrow(
      `${postgresDump} is a PostgreSQL backup (pg_dump); it can only be restored into PostgreSQL (DATABASE_URL). ` +
        `Nothing was changed in ${describeBackupTarget(target)}.`,
    );

    const notABackup = `${postgresDump} is not a backup`;
    const text = join(folder, "notes.txt");
    writeFileSync(text, "a shopping list");
    const gzippedText = join(folder, "notes.txt.gz");
    writeFileSync(gzippedText, gzipSync("a shopping list"));
    for (const file of [text, gzippedText]) {
      await expect(restoreDatabase(target, file)).rejects.toThrow(notABackup.replace(postgresDump, file));
    }
    await expect(restoreDatabase(target, join(folder, "missing.tar.gz"))).rejects.toThrow("does not exist");
    expect(besideTheData()).toEqual(["pglite"]);
    expect(await inDatabase(contentsOf)).toEqual(before);
  });

  it("changes nothing when a tarball that looks right does not load", async () => {
    // A data folder with nothing in it but its version: a well-formed tarball PGlite cannot start from.
    const header = Buffer.alloc(512);
    header.write("PG_VERSION", 0);
    header.write("0000644\0", 100);
    header.write("00000000003\0", 124);
    header.write("        ", 148);
    header.write("0", 156);
    header.write("ustar\x0000", 257);
    header.write(
      `${header
        .reduce((sum, byte) => sum + byte, 0)
        .toString(8)
        .padStart(6, "0")}\0 `,
      148,
    );
    const tarball = join(folder, "hollow.tar.gz");
    writeFileSync(
      tarball,
      gzipSync(Buffer.concat([header, Buffer.from("17\n".padEnd(512, "\0")), Buffer.alloc(1024)])),
    );

    await expect(restoreDatabase(target, tarball)).rejects.toThrow(
      /^The backup could not be loaded \(.+\); nothing was changed\.$/,
    );
    expect(besideTheData()).toEqual(["pglite"]);
    expect(await inDatabase(contentsOf)).toEqual(before);
  });
});
