import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { changeEverything, contentsOf, fillLikeASite, queueAMail } from "./backup.fixture.ts";
import { backupDatabase, backupFileName, describeBackupTarget, restoreDatabase } from "./backup.ts";
import { type DatabaseHandle, openDatabase } from "./database.ts";
import { createPostgresDatabase, testDatabaseUrl } from "./testing.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const folder = mkdtempSync(join(tmpdir(), "sports-events-backup-pg-"));
const PASSWORD = "not-Shown-4711";

let created: { url: string; drop: () => Promise<void> };
let database: DatabaseHandle;
/** The database's URL with a password in it (the test server trusts local connections and ignores it). */
let url: string;
let before: Awaited<ReturnType<typeof contentsOf>>;

beforeAll(async () => {
  created = await createPostgresDatabase(String(testDatabaseUrl), {
    migrated: true,
    template: inject("postgresTemplate"),
  });
  const withPassword = new URL(created.url);
  withPassword.password = PASSWORD;
  url = withPassword.toString();
  database = await openDatabase({ url: created.url, poolSize: 2 });
  await fillLikeASite(database.db, NOW);
  await queueAMail({ connectionString: created.url });
  before = await contentsOf(database.db);
});

afterAll(async () => {
  await database?.close();
  await created?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe("a backup of a PostgreSQL database", () => {
  it("restores every table of every schema exactly as it was, dropping what came after the backup", async () => {
    expect(before.schemas).toEqual(["drizzle", "pgboss", "public"]);
    expect(before.rows["pgboss.job"]).toHaveLength(1);
    // The demo's past race with its forty runners, and the signup made here.
    expect(before.rows["public.signups"]).toHaveLength(41);

    const file = join(folder, "backups", backupFileName({ url }, NOW));
    expect(file).toMatch(/sports-events-20270501T100000Z\.dump$/);
    await backupDatabase({ url }, file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

    await changeEverything(database.db);
    const changed = await contentsOf(database.db);
    expect(changed.schemas).toEqual(["drizzle", "later", "pgboss", "public"]);
    expect(changed).not.toEqual(before);

    expect(await restoreDatabase({ url }, file)).toEqual({});
    expect(await contentsOf(database.db)).toEqual(before);
  });

  it("changes nothing when the restore fails partway: a statement refused, a damaged archive, pg_restore stopping", async () => {
    // A backup granting a role that is gone by the time of the restore: the grants come last.
    const role = `reader_${randomBytes(4).toString("hex")}`;
    const granting = join(folder, "granting.dump");
    await database.db.execute(sql.raw(`create role ${role}`));
    try {
      await database.db.execute(sql.raw(`grant select on events to ${role}`));
      await backupDatabase({ url }, granting);
      await database.db.execute(sql.raw(`revoke select on events from ${role}`));
    } finally {
      await database.db.execute(sql.raw(`drop role ${role}`));
    }
    const file = join(folder, "whole.dump");
    await backupDatabase({ url }, file);
    await changeEverything(database.db);
    const changed = await contentsOf(database.db);

    await expect(restoreDatabase({ url }, granting)).rejects.toThrow(
      new RegExp(`^The restore failed, and nothing was changed: .*ERROR: {2}role "${role}" does not exist`, "s"),
    );
    expect(await contentsOf(database.db)).toEqual(changed);

    // Its table of contents (first) intact, its last data block damaged: pg_restore stops near the end.
    const damaged = join(folder, "damaged.dump");
    const bytes = readFileSync(file);
    bytes.fill(0xff, bytes.length - 40, bytes.length - 8);
    writeFileSync(damaged, bytes);
    await expect(restoreDatabase({ url }, damaged)).rejects.toThrow(
      /^The restore failed, and nothing was changed: pg_restore: error: .+/s,
    );
    expect(await contentsOf(database.db)).toEqual(changed);

    // pg_restore failing between two statements, after every table was dropped and created again.
    const programs = join(folder, "programs");
    mkdirSync(programs);
    writeFileSync(
      join(programs, "pg_restore"),
      `#!/bin/sh
# The real pg_restore (the next one on the PATH), breaking off before the first table's data.
PATH="\${PATH#*:}"
[ "$1" = "--list" ] && exec pg_restore "$@"
pg_restore "$@" | awk '/^-- Data for Name:/ { exit } { print }'
echo "pg_restore: error: broke off" >&2
exit 1
`,
      { mode: 0o755 },
    );
    vi.stubEnv("PATH", `${programs}:${process.env.PATH}`);
    try {
      await expect(restoreDatabase({ url }, file)).rejects.toThrow(
        "The restore failed, and nothing was changed: pg_restore: error: broke off",
      );
    } finally {
      vi.unstubAllEnvs();
    }
    expect(await contentsOf(database.db)).toEqual(changed);

    await restoreDatabase({ url }, file);
    expect(await contentsOf(database.db)).toEqual(before);
  });

  it("refuses a file of the wrong kind and changes nothing", async () => {
    const embedded = inject("pgliteTemplate");
    await expect(restoreDatabase({ url }, embedded)).rejects.toThrow(
      `${embedded} is a backup of an embedded database; it can only be restored into the embedded database ` +
        `(no DATABASE_URL). Nothing was changed in ${describeBackupTarget({ url })}.`,
    );
    const text = join(folder, "notes.txt");
    writeFileSync(text, "a shopping list");
    await expect(restoreDatabase({ url }, text)).rejects.toThrow(`${text} is not a backup`);
    expect(await contentsOf(database.db)).toEqual(before);
  });

  it("never shows the password, not even when the server refuses", async () => {
    expect(describeBackupTarget({ url })).toMatch(/^the PostgreSQL database postgres@[\w.:]+\/sports_events_test_\w+$/);
    const missing = new URL(url);
    missing.pathname = "/no_such_database";
    const error = await backupDatabase({ url: missing.toString() }, join(folder, "missing.dump")).catch(
      (caught: Error) => caught,
    );
    expect(String(error)).toMatch(/pg_dump failed: .*database "no_such_database" does not exist/s);
    expect(String(error)).not.toContain(PASSWORD);

    const file = join(folder, "for-the-missing.dump");
    await backupDatabase({ url }, file);
    const refused = await restoreDatabase({ url: missing.toString() }, file).catch((caught: Error) => caught);
    expect(String(refused)).toMatch(
      /The restore failed, and nothing was changed: .*"no_such_database" does not exist/s,
    );
    expect(String(refused)).not.toContain(PASSWORD);
    // Three runs of pg_dump and pg_restore: on a busy machine they take longer than a test's default.
  }, 120_000);
});
