import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dumpEmbedded, restoreEmbedded } from "./backup-embedded.ts";
import { BackupError } from "./backup-error.ts";
import { dumpPostgres, restorePostgres } from "./backup-postgres.ts";

export { BackupError };

/**
 * Backups of the whole database, every schema included (the site's tables, the migrations journal,
 * the job queue): on PostgreSQL a `pg_dump` archive in custom format, of the embedded database a
 * gzip tarball of its data folder (backup-postgres.ts, backup-embedded.ts). A restore puts back
 * exactly what was backed up, or changes nothing.
 */

/** The database to back up or restore: a PostgreSQL URL, or the embedded database's data folder. */
export type BackupTarget = { url: string } | { dataDir: string };

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
  return restoreEmbedded(target.dataDir, backup.tar, timestamp(new Date()));
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

/** `20260701T102030Z`: sortable, and valid in a file name everywhere. */
function timestamp(at: Date): string {
  return at.toISOString().replace(/[-:]|\.\d+/g, "");
}
