import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../database.ts";
import { openTestDatabase, testDatabaseUrl } from "../testing.ts";
import { type JobQueue, startJobQueue } from "./job-queue.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function queueOn(database: DatabaseHandle, jobs: Parameters<typeof startJobQueue>[1]): Promise<JobQueue> {
  const queue = await startJobQueue(database, jobs, { pollingIntervalSeconds: 0.5 });
  cleanups.push(() => queue.stop(2_000));
  return queue;
}

describe("the job queue", () => {
  it("runs a recurring job, and a failed run again with backoff", async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    let ticks = 0;
    let attempts = 0;
    await queueOn(database, [
      { name: "tick", everyMs: 1_000, run: async () => void ticks++ },
      {
        name: "flaky",
        everyMs: 60_000,
        run: async () => {
          attempts++;
          if (attempts === 1) throw new Error("the first run fails");
        },
      },
    ]);
    await expect.poll(() => ticks, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => attempts, { timeout: 15_000 }).toBe(2);
  });

  it.runIf(testDatabaseUrl)(
    "runs a job once per interval across processes sharing one PostgreSQL database",
    async () => {
      const first = await openTestDatabase();
      cleanups.push(() => first.close());
      if (first.queueConnection.kind !== "postgres") throw new Error("PostgreSQL expected");
      // A second process's handle on the same database.
      const second = await openDatabase({ url: first.queueConnection.url, poolSize: 2 });
      cleanups.push(() => second.close());
      const runs: number[] = [];
      const job = (process: number) => ({
        name: "every-3s",
        everyMs: 3_000,
        run: async () => void runs.push(process),
      });
      const queues = [await queueOn(first, [job(1)]), await queueOn(second, [job(2)])];
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      // Both processes send every 3 s; the singleton slots let at most one job per slot through.
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs.length).toBeLessThanOrEqual(4);
      expect(await queues[0]?.depth()).toEqual({ "every-3s": expect.any(Number) });
    },
    30_000,
  );
});
