import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Database } from "@sports/db";
import { sql } from "drizzle-orm";

/** What the tests of `npm run db:backup` and `npm run db:restore` share. */

const entry = fileURLToPath(new URL("./backup.ts", import.meta.url));

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command behind `npm run db:<command>` in a child process, with `env` as its environment. */
export function runDatabaseCommand(
  command: "backup" | "restore",
  args: string[],
  options: { env: Record<string, string>; cwd: string },
): Promise<CommandRun> {
  const child = spawn(process.execPath, [entry, command, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/** The site as a visitor and an account holder see it: the events with their titles, and the accounts. */
export async function siteState(db: Database) {
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  return {
    events: rows(await db.execute(sql`select slug, title from events order by slug`)),
    pages: rows(await db.execute(sql`select slug, title from content_pages order by slug`)),
    users: rows(await db.execute(sql`select email, given_name from users order by email`)),
  };
}

/** A day's changes after the backup: an event gone, the others renamed, a page deleted, an account added. */
export async function changeTheSite(db: Database): Promise<void> {
  await db.execute(sql`delete from events where slug = (select min(slug) from events)`);
  await db.execute(sql`update events set title = jsonb_set(title, '{en-US}', '"Renamed"')`);
  await db.execute(sql`delete from content_pages where slug = 'faq'`);
  await db.execute(sql`insert into users (email, password_hash, given_name, family_name, preferred_locale,
    terms_accepted_at) values ('later@example.org', 'x', 'Later', 'Comer', 'en-US', now())`);
}
