import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { BackupError } from "./backup-error.ts";
import { holdDataDirLock } from "./data-dir-lock.ts";

/**
 * Backups of the embedded database (backup.ts): a gzip tarball of its data folder, made and loaded
 * by PGlite while the folder's lock keeps the server away. A restore loads the tarball beside the
 * folder and swaps the two only once it opens; `stamp` names the folders it leaves.
 */

/** Writes the data folder `dataDir` to `file` as a gzip tarball. */
export async function dumpEmbedded(dataDir: string, file: string): Promise<void> {
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
export async function restoreEmbedded(
  dataDir: string,
  tar: Uint8Array,
  stamp: string,
): Promise<{ keptAside?: string }> {
  mkdirSync(dirname(dataDir), { recursive: true });
  const present = existsSync(dataDir);
  const release = present ? holdForMaintenance(dataDir, "restore") : () => {};
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
