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
import os from "node:os";
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
 * User and system CPU ticks of process `pid` (all its threads), if `/proc` has it and, given
 * `command`, that is its name.
 */
function ticksOf(pid: number, command?: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (command && !stat.startsWith(`${pid} (${command})`)) return undefined;
    // Fields after the command (in parentheses): utime and stime are the 14th and 15th of the line.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * User and system CPU ticks of PostgreSQL process `pid`, or undefined when it is gone or not on this
 * machine (a process of that number that is not PostgreSQL's is someone else's).
 */
const cpuTicksOf = (pid: number) => ticksOf(pid, "postgres");

/**
 * The CPU milliseconds a process the bench started and still runs (a server process: its name is
 * its main thread's, not "node") has used so far, every thread of it, in steps of 10 ms; undefined
 * when `/proc` cannot tell.
 */
export function childCpuMs(pid: number): number | undefined {
  const ticks = ticksOf(pid);
  return ticks === undefined ? undefined : (ticks / TICKS_PER_SECOND) * 1000;
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

/** The machine's CPU so far, every core: busy and all jiffies of `/proc/stat`'s first line. */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const total = fields.reduce((sum, n) => sum + n, 0);
  // idle and iowait
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

/** The direct children of process `pid` (nginx's workers), from `/proc`. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export interface CpuShares {
  /** Wall-clock milliseconds watched, and the machine's cores. */
  elapsedMs: number;
  cores: number;
  /** CPU milliseconds the whole machine was busy, and those of each group of processes. */
  machineMs: number;
  groups: Record<string, number>;
}

/**
 * Where the machine's CPU goes while a stretch runs: every second, the CPU ticks of each group's
 * processes (`groups` names them anew each time, so processes that come and go are followed; one
 * that ends loses its last second) and of the whole machine, which on a shared machine also counts
 * everyone else's work. The function it answers stops watching and tells the totals.
 */
export function watchCpu(groups: Record<string, () => number[] | Promise<number[]>>): () => Promise<CpuShares> {
  const last = new Map<string, number>();
  const totals: Record<string, number> = Object.fromEntries(Object.keys(groups).map((name) => [name, 0]));
  const machineFrom = machineTicks();
  const started = performance.now();
  const sample = async () => {
    for (const [name, pidsOf] of Object.entries(groups)) {
      for (const pid of await pidsOf()) {
        const ticks = ticksOf(pid);
        if (ticks === undefined) continue;
        const key = `${name}:${pid}`;
        const before = last.get(key);
        if (before !== undefined) totals[name] = (totals[name] ?? 0) + ticks - before;
        last.set(key, ticks);
      }
    }
  };
  let sampling = sample();
  const timer = setInterval(() => {
    sampling = sampling.then(sample, sample);
  }, 1_000);
  return async () => {
    clearInterval(timer);
    await sampling;
    await sample();
    const machine = machineTicks();
    const toMs = (ticks: number) => (ticks / TICKS_PER_SECOND) * 1000;
    return {
      elapsedMs: performance.now() - started,
      cores: os.cpus().length,
      machineMs: toMs(machine.busy - machineFrom.busy),
      groups: Object.fromEntries(Object.entries(totals).map(([name, ticks]) => [name, toMs(ticks)])),
    };
  };
}

/** The PostgreSQL processes serving the database `db` is connected to, for {@link watchCpu}. */
export const postgresBackendsOf = (db: Database) => async () =>
  (await backendsOf(db)).filter((pid) => cpuTicksOf(pid) !== undefined);
