import { type ChildProcess, spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { holdDataDirLock } from "./data-dir-lock.ts";

/**
 * Backups of the whole database, every schema included (the site's tables, the migrations journal,
 * the job queue): on PostgreSQL a `pg_dump` archive in custom format, of the embedded database a
 * gzip tarball of its data folder. A restore puts back exactly what was backed up, or changes nothing.
 */

/** The database to back up or restore: a PostgreSQL URL, or the embedded database's data folder. */
export type BackupTarget = { url: string } | { dataDir: string };

/** A backup or restore that was refused or failed. The message says why; it never holds a password. */
export class BackupError extends Error {
  override name = "BackupError";
}

export interface BackupResult {
  file: string;
  bytes: number;
}

export interface RestoreResult {
  /** Embedded database only: where the data folder that was replaced now is. */
  keptAside?: string;
}

/** `sports-events-20260701T102030Z.dump` (PostgreSQL) or `….tar.gz` (embedded): a backup's default name. */
export function backupFileName(target: BackupTarget, now: Date): string {
  return `sports-events-${timestamp(now)}${"url" in target ? ".dump" : ".tar.gz"}`;
}

/** The database in words, for messages: `the PostgreSQL database user@host:5432/name`, without the password. */
export function describeBackupTarget(target: BackupTarget): string {
  if ("dataDir" in target) return `the embedded database in ${target.dataDir}`;
  const url = new URL(target.url);
  const user = url.username ? `${decodeURIComponent(url.username)}@` : "";
  return `the PostgreSQL database ${user}${url.host}${url.pathname}`;
}

/** Writes a backup of the whole database to `file`, a new file (an existing one is never overwritten). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<BackupResult> {
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another file name.`);
  const partial = `${file}.partial`;
  try {
    if ("url" in target) await dumpPostgres(target.url, partial);
    else await dumpEmbedded(target.dataDir, partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file, bytes: statSync(file).size };
}

/**
 * Replaces the whole database with the backup in `file`: all of it, or (on any failure, or a file of
 * the wrong kind) nothing. The embedded database's replaced folder is kept aside, renamed.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<RestoreResult> {
  const backup = readBackup(file);
  if ("url" in target) {
    if (backup.kind !== "postgres") throw wrongKind(file, backup.kind, target);
    await restorePostgres(target.url, file);
    return {};
  }
  if (backup.kind !== "embedded") throw wrongKind(file, backup.kind, target);
  return restoreEmbedded(target.dataDir, backup.tar);
}

// Recognising a backup file: a PostgreSQL archive by its first bytes, an embedded database's by a
// data folder (PG_VERSION at its root) in a well-formed tarball.

type Backup = { kind: "postgres" } | { kind: "embedded"; tar: Uint8Array } | { kind: "unknown" };

const POSTGRES_MAGIC = "PGDMP";

function readBackup(file: string): Backup {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupError(`${file} does not exist (or is not a file).`);
  if (firstBytes(file, POSTGRES_MAGIC.length).toString("latin1") === POSTGRES_MAGIC) return { kind: "postgres" };
  const content = readFileSync(file);
  let tar: Uint8Array = content;
  if (content[0] === 0x1f && content[1] === 0x8b) {
    try {
      tar = gunzipSync(content);
    } catch {
      return { kind: "unknown" };
    }
  }
  return tarHoldsDataFolder(tar) ? { kind: "embedded", tar } : { kind: "unknown" };
}

function firstBytes(file: string, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, "r");
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/** Whether `tar` is a whole, well-formed tar archive with PostgreSQL's `PG_VERSION` at its root. */
function tarHoldsDataFolder(tar: Uint8Array): boolean {
  const text = (from: number, length: number) =>
    Buffer.from(tar.subarray(from, from + length))
      .toString("latin1")
      .replace(/\0.*$/s, "");
  let hasVersion = false;
  let offset = 0;
  while (offset + 512 <= tar.length) {
    if (tar.subarray(offset, offset + 512).every((byte) => byte === 0)) return hasVersion;
    if (!text(offset + 257, 6).startsWith("ustar") || !checksumHolds(tar.subarray(offset, offset + 512))) return false;
    const size = Number.parseInt(text(offset + 124, 12).trim() || "0", 8);
    if (!Number.isSafeInteger(size) || size < 0) return false;
    if (/^(\.?\/)?PG_VERSION$/.test(text(offset, 100))) hasVersion = true;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return hasVersion && offset === tar.length;
}

/** A tar header's checksum: the sum of its bytes, the checksum field counted as spaces. */
function checksumHolds(header: Uint8Array): boolean {
  const stored = Number.parseInt(Buffer.from(header.subarray(148, 156)).toString("latin1"), 8);
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return stored === sum;
}

function wrongKind(file: string, kind: "postgres" | "embedded" | "unknown", target: BackupTarget): BackupError {
  const into = describeBackupTarget(target);
  const why =
    kind === "postgres"
      ? "is a PostgreSQL backup (pg_dump); it can only be restored into PostgreSQL (DATABASE_URL)"
      : kind === "embedded"
        ? "is a backup of an embedded database; it can only be restored into the embedded database (no DATABASE_URL)"
        : "is not a backup: neither a PostgreSQL dump (pg_dump, custom format) nor a tarball of an embedded database";
  return new BackupError(`${file} ${why}. Nothing was changed in ${into}.`);
}

async function dumpPostgres(url: string, file: string): Promise<void> {
  const connection = libpqConnection(url);
  mkdirSync(dirname(file), { recursive: true });
  const dump = spawn("pg_dump", ["--format=custom", "--no-password", `--file=${file}`, connection.dbname], {
    env: connection.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const { code, stderr } = await exitOf(dump, "pg_dump");
  if (code !== 0) throw new BackupError(`pg_dump failed: ${connection.redact(stderr)}`);
}

/**
 * pg_restore turns the archive into SQL, which psql runs in one transaction after emptying the
 * database, so that nothing created after the backup (a table, a schema) survives. The transaction
 * is committed only once pg_restore has finished well; on any failure it is rolled back.
 */
async function restorePostgres(url: string, file: string): Promise<void> {
  const connection = libpqConnection(url);
  const listing = spawn("pg_restore", ["--list", file], { stdio: ["ignore", "ignore", "pipe"] });
  const listed = await exitOf(listing, "pg_restore");
  if (listed.code !== 0) throw new BackupError(`${file} is not a readable PostgreSQL backup: ${listed.stderr}`);

  const psql = spawn(
    "psql",
    ["--no-psqlrc", "--quiet", "--no-password", "--set=ON_ERROR_STOP=1", `--dbname=${connection.dbname}`],
    { env: connection.env, stdio: ["pipe", "ignore", "pipe"] },
  );
  const applied = exitOf(psql, "psql");
  psql.stdin.on("error", () => {}); // psql stopping at an error closes its input: its exit code tells.
  psql.stdin.write(EMPTY_THE_DATABASE);

  const restore = spawn("pg_restore", ["--clean", "--if-exists", "--no-owner", "--exit-on-error", "--file=-", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const converting = exitOf(restore, "pg_restore");
  restore.stdout.pipe(psql.stdin, { end: false });
  // psql stopping first leaves pg_restore writing into a full pipe: stop it too, and drain what it
  // wrote, or its output never ends and neither does the wait for it.
  let psqlStoppedFirst = false;
  const stopConverting = () => {
    restore.stdout.unpipe(psql.stdin);
    restore.stdout.resume();
    restore.kill();
  };
  applied.then(() => {
    psqlStoppedFirst = true;
    stopConverting();
  }, stopConverting);

  let converted: { code: number | null; stderr: string };
  try {
    converted = await converting;
  } catch (error) {
    psql.kill();
    throw error;
  }
  // Without the commit, psql's transaction is rolled back when it ends.
  const failedInPsql = psqlStoppedFirst;
  if (converted.code === 0) psql.stdin.end("commit;\n");
  else if (!failedInPsql) psql.kill();
  const ran = await applied;
  if (converted.code === 0 && ran.code === 0) return;
  const reason = converted.code === 0 || failedInPsql ? connection.redact(ran.stderr) : converted.stderr;
  throw new BackupError(`The restore failed, and nothing was changed: ${reason}`);
}

/**
 * Opens the transaction and drops everything the database holds outside PostgreSQL's own schemas:
 * every other schema, every extension but plpgsql, and the tables, views, sequences, types and
 * routines of `public` (kept itself, with its owner and grants). The backup then recreates its own.
 */
const EMPTY_THE_DATABASE = `
begin;
set local client_min_messages = warning;
do $$
declare
  statement text;
begin
  foreach statement in array array(
    select format('drop extension if exists %I cascade', extname) from pg_catalog.pg_extension
    where extname <> 'plpgsql'
  ) || array(
    select format('drop schema if exists %I cascade', nspname) from pg_catalog.pg_namespace
    where nspname not in ('public', 'information_schema') and left(nspname, 3) <> 'pg_'
  ) || array(
    select format('drop %s if exists %I.%I cascade',
      case relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
        when 'f' then 'foreign table' else 'table' end,
      'public', relname)
    from pg_catalog.pg_class
    where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'S', 'f')
  ) || array(
    select format('drop %s if exists %I.%I cascade', case typtype when 'd' then 'domain' else 'type' end, 'public', typname)
    from pg_catalog.pg_type
    where typnamespace = 'public'::regnamespace and typtype in ('e', 'r', 'd', 'c')
      and (typtype <> 'c' or (select relkind from pg_catalog.pg_class where oid = typrelid) = 'c')
  ) || array(
    select format('drop routine if exists %s cascade', oid::regprocedure)
    from pg_catalog.pg_proc where pronamespace = 'public'::regnamespace
  )
  loop
    execute statement;
  end loop;
end
$$;
`;

/**
 * How libpq's programs reach the database of `url`: the URL without its password on the command
 * line (where other users could see it), the password in the environment.
 */
function libpqConnection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
    redact: (text: string) => (password ? text.replaceAll(password, "***") : text),
  };
}

/** The exit code and error output of a child process; its absence from the PATH is a clear error. */
function exitOf(child: ChildProcess, program: string): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${program} was not found: install the PostgreSQL client programs (postgresql-client).`)
          : error,
      ),
    );
    child.once("close", (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

async function dumpEmbedded(dataDir: string, file: string): Promise<void> {
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database in ${dataDir}: nothing to back up.`);
  }
  const release = holdForMaintenance(dataDir, "back up");
  try {
    const client = await PGlite.create(dataDir);
    try {
      const tarball = await client.dumpDataDir("gzip");
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Loads the tarball into a new folder beside the data folder and checks that it opens; only then
 * swaps the two folders. The lock on the current folder is held throughout, so no server starts
 * meanwhile.
 */
async function restoreEmbedded(dataDir: string, tar: Uint8Array): Promise<RestoreResult> {
  mkdirSync(dirname(dataDir), { recursive: true });
  const present = existsSync(dataDir);
  const release = present ? holdForMaintenance(dataDir, "restore") : () => {};
  const stamp = timestamp(new Date());
  const staging = unusedPath(`${dataDir}.restoring-${stamp}`);
  let swapped = false;
  try {
    await loadDataFolder(staging, tar);
    // The tarball holds the lock file of the process that made it: the restored folder is ours now.
    writeFileSync(join(staging, "server.lock"), String(process.pid));
    const keptAside = present ? unusedPath(`${dataDir}.before-restore-${stamp}`) : undefined;
    if (keptAside) renameSync(dataDir, keptAside);
    try {
      renameSync(staging, dataDir);
      swapped = true;
    } catch (error) {
      if (keptAside) renameSync(keptAside, dataDir);
      throw error;
    }
    if (keptAside) rmSync(join(keptAside, "server.lock"), { force: true });
    rmSync(join(dataDir, "server.lock"), { force: true });
    return keptAside ? { keptAside } : {};
  } finally {
    if (!swapped) rmSync(staging, { recursive: true, force: true });
    release();
  }
}

async function loadDataFolder(folder: string, tar: Uint8Array): Promise<void> {
  mkdirSync(folder);
  try {
    const client = await PGlite.create({
      dataDir: folder,
      loadDataDir: new Blob([new Uint8Array(tar)], { type: "application/x-tar" }),
    });
    try {
      await client.query("select count(*) from pg_catalog.pg_namespace");
    } finally {
      await client.close();
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`The backup could not be loaded (${reason}); nothing was changed.`);
  }
}

/**
 * Takes the data folder's lock (see data-dir-lock.ts) for a backup or a restore. A server holding it
 * means the files are in use: refuse rather than copy or replace them under it.
 */
function holdForMaintenance(dataDir: string, action: "back up" | "restore"): () => void {
  try {
    return holdDataDirLock(dataDir);
  } catch (error) {
    const owner = lockOwner(dataDir);
    if (!owner) throw error;
    throw new BackupError(
      `The embedded database in ${dataDir} is in use by process ${owner}, most likely the server: ` +
        `stop the server first, then ${action} again. Nothing was changed.`,
    );
  }
}

function lockOwner(dataDir: string): string | undefined {
  try {
    return readFileSync(join(dataDir, "server.lock"), "utf8").trim();
  } catch {
    return undefined;
  }
}

function unusedPath(base: string): string {
  let path = base;
  for (let n = 2; existsSync(path); n++) path = `${base}-${n}`;
  return path;
}

/** `20260701T102030Z`: sortable, and valid in a file name everywhere. */
function timestamp(at: Date): string {
  return at.toISOString().replace(/[-:]|\.\d+/g, "");
}
