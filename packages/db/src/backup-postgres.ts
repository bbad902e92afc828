import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { BackupError } from "./backup-error.ts";

/**
 * Backups of a PostgreSQL database (backup.ts): a `pg_dump` archive in custom format, restored by
 * pg_restore and psql in one transaction. The password never reaches a command line or a message.
 */

/** Writes the whole database of `url` to `file` as a `pg_dump` archive. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
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
export async function restorePostgres(url: string, file: string): Promise<void> {
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
