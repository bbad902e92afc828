/**
 * What a stretch of a benchmark cost the machine, beside how fast it went: the busy time of this
 * thread's event loop (the server under test runs on it; the crowd runs in a worker) and the CPU
 * time of the PostgreSQL server processes serving the bench's database, read from `/proc` (on this
 * machine's PostgreSQL only: elsewhere that figure is missing), and the statements this process sent
 * to PostgreSQL, which no other work on the machine changes. A rate says how long a crowd took; these
 * say what each of its requests cost, so two kinds of request can be compared by their work rather
 * than by a rate both share the machine for. See bench/README.md, "Registration opening".
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { Database } from "@sports/db";
import { sql } from "drizzle-orm";
import pg from "pg";

export interface Costs {
  /** Milliseconds this thread's event loop was busy. */
  serverMs: number;
  /** CPU milliseconds of the database's server processes; undefined when `/proc` cannot tell. */
  postgresMs: number | undefined;
  /** Statements this process sent to PostgreSQL (through `pg`: the server's pool, the job queue's). */
  statements: number;
}

let statementsSent = 0;
let counting = false;

/** Counts every statement a `pg` client of this process sends, from the first call on. */
function countStatements(): void {
  if (counting) return;
  counting = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statementsSent++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** The clock ticks of `/proc/<pid>/stat`: 100 a second on Linux, whatever the kernel's own tick. */
const TICKS_PER_SECOND = 100;

/**
 * User and system CPU ticks of PostgreSQL process `pid`, or undefined when it is gone or not on this
 * machine (a process of that number that is not PostgreSQL's is someone else's).
 */
function cpuTicksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (!stat.startsWith(`${pid} (postgres)`)) return undefined;
    // Fields after the command (in parentheses): utime and stime are the 14th and 15th of the line.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The PostgreSQL processes serving the database `db` is connected to. */
async function backendsOf(db: Database): Promise<number[]> {
  const result = await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { pid: number }[] }).rows) as { pid: number }[];
  return rows.map((row) => Number(row.pid));
}

/** Starts measuring; the function it answers stops and tells what the stretch between cost. */
export async function startCosts(db: Database): Promise<() => Promise<Costs>> {
  countStatements();
  const before = new Map<number, number | undefined>();
  for (const pid of await backendsOf(db)) before.set(pid, cpuTicksOf(pid));
  const loop = performance.eventLoopUtilization();
  const sentBefore = statementsSent;
  return async () => {
    const serverMs = performance.eventLoopUtilization(loop).active;
    const statements = statementsSent - sentBefore;
    let ticks = 0;
    let known = before.size > 0;
    for (const pid of new Set([...before.keys(), ...(await backendsOf(db))])) {
      const now = cpuTicksOf(pid);
      const then = before.has(pid) ? before.get(pid) : 0;
      // A process that ended in between took its last ticks with it: the figure would be short.
      if (now === undefined || then === undefined) known = false;
      else ticks += now - then;
    }
    return { serverMs, postgresMs: known ? (ticks / TICKS_PER_SECOND) * 1000 : undefined, statements };
  };
}
