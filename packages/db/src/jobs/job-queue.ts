import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../database.ts";

/** What a background job does; a throw is a failed attempt, retried with backoff. */
export type JobHandler = () => Promise<void>;

export interface RecurringJob {
  /** The queue's name, also the job's name in logs and metrics. */
  name: string;
  /** How often it runs across all processes together: at most one run per interval. */
  everyMs: number;
  run: JobHandler;
}

export interface JobQueueLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueue {
  /** Asks for one run of a recurring job now (still one at a time across the processes). */
  runSoon(name: string): Promise<void>;
  /** Jobs waiting or running, by queue. */
  depth(): Promise<Record<string, number>>;
  /** Stops taking jobs, waits for running ones (up to `timeoutMs`), and closes the queue's connections. */
  stop(timeoutMs?: number): Promise<void>;
}

/** The schema pg-boss keeps its tables in, beside the site's own. */
export const JOB_SCHEMA = "pgboss";

/**
 * Background work in a queue kept in the database (pg-boss): on PostgreSQL shared by every server
 * process, so any of them may run a job and a process that dies leaves its job to the others; on
 * PGlite, in this process. Each recurring job is sent by every process on its own timer with a
 * singleton slot of `everyMs`, so the cluster creates one job per interval whatever the number of
 * processes; a failed run is retried three times with backoff before the next interval's job.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  jobs: readonly RecurringJob[],
  options: { logger?: JobQueueLogger; pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const connection = database.queueConnection;
  const boss =
    connection.kind === "postgres"
      ? new PgBoss({
          connectionString: connection.url,
          application_name: connection.applicationName,
          max: 3,
          schema: JOB_SCHEMA,
        })
      : new PgBoss({ db: fromPglite(connection.client), backend: "pglite", schema: JOB_SCHEMA });
  boss.on("error", (error: unknown) => options.logger?.error({ err: error }, "the job queue failed"));
  boss.on("warning", (warning: unknown) => options.logger?.warn({ warning }, "the job queue warns"));
  await boss.start();

  const timers: NodeJS.Timeout[] = [];
  const slotOf = new Map<string, number>();
  const send = async (job: RecurringJob) => {
    try {
      await boss.send(job.name, null, { singletonKey: job.name, singletonSeconds: slotOf.get(job.name) ?? 1 });
    } catch (error) {
      options.logger?.error({ err: error, job: job.name }, "could not queue a job");
    }
  };

  for (const job of jobs) {
    const seconds = Math.max(1, Math.round(job.everyMs / 1000));
    slotOf.set(job.name, seconds);
    await boss.createQueue(job.name, {
      retryLimit: 3,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: Math.max(60, seconds * 4),
      deleteAfterSeconds: 60 * 60,
    });
    await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
      await job.run();
    });
    await send(job);
    const timer = setInterval(() => void send(job), job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    async runSoon(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (job) await boss.send(job.name, null, { singletonKey: `${job.name}-soon`, singletonSeconds: 1 });
    },
    async depth() {
      const entries = await Promise.all(
        jobs.map(async (job) => {
          const queue = await boss.getQueue(job.name);
          return [job.name, (queue?.queuedCount ?? 0) + (queue?.activeCount ?? 0)] as const;
        }),
      );
      return Object.fromEntries(entries);
    },
    async stop(timeoutMs = 10_000) {
      for (const timer of timers) clearInterval(timer);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
