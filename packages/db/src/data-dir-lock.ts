import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite keeps its files in one folder and must only ever be opened by one process: a second one
 * would corrupt it. This lock file (holding the owner's pid) makes a second start fail with a clear
 * message instead. A lock left by a process that died is taken over.
 */
export function holdDataDirLock(dataDir: string): () => void {
  const path = join(dataDir, "server.lock");
  try {
    writeFileSync(path, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(path, "utf8"));
    if (isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. ` +
          "Stop that process, or use another DATA_DIR, or PostgreSQL (DATABASE_URL) to run several processes.",
      );
    }
    writeFileSync(path, String(process.pid));
  }
  return () => rmSync(path, { force: true });
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
