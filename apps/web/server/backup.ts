import { join } from "node:path";
import {
  BackupError,
  type BackupTarget,
  backupDatabase,
  backupFileName,
  describeBackupTarget,
  restoreDatabase,
} from "@sports/db";
import { type Config, EnvError, loadConfig } from "./env.ts";

/**
 * `npm run db:backup -- [file]` and `npm run db:restore -- <file>`: a backup of the configured
 * database (the server's environment: DATABASE_URL, else the embedded one in DATA_DIR), or a
 * restore of one. Prints what was done; exits with 1 when refused or failed.
 */

const USAGE = "Usage: npm run db:backup -- [file]   or   npm run db:restore -- <file>";

/** The same database the server opens (see openConfiguredDatabase in server.ts). */
function targetOf(config: Config): BackupTarget {
  return config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: join(config.DATA_DIR, "pglite") };
}

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-US")} kB`;
}

async function run(command: string | undefined, args: string[]): Promise<string> {
  if (args.length > 1 || (command !== "backup" && command !== "restore")) throw new BackupError(USAGE);
  const target = targetOf(loadConfig());
  const database = describeBackupTarget(target);
  if (command === "backup") {
    const file = args[0] ?? join("backups", backupFileName(target, new Date()));
    const { bytes } = await backupDatabase(target, file);
    return `Backed up ${database} to ${file} (${kilobytes(bytes)}).`;
  }
  const file = args[0];
  if (!file) throw new BackupError(USAGE);
  const { keptAside } = await restoreDatabase(target, file);
  return keptAside
    ? `Restored ${file} into ${database}. The files it replaced are in ${keptAside}: delete them once all is well.`
    : `Restored ${file} into ${database}: it is now exactly as backed up.`;
}

try {
  console.log(await run(process.argv[2], process.argv.slice(3)));
} catch (error) {
  console.error(error instanceof BackupError || error instanceof EnvError ? error.message : error);
  process.exit(1);
}
