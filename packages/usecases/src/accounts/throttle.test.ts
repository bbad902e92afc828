import { randomUUID } from "node:crypto";
import { openTestDatabase } from "@sports/db/testing";
import { Refusal } from "@sports/domain";
import { afterEach, describe, expect, it } from "vitest";
import { connectRedis, createThrottle, THROTTLE_RULES, type Throttle, type ThrottleStore } from "./throttle.ts";

/** Redis for the throttle's counters, when the run has one (`npm run test:pg` sets it). */
const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function refusal(attempt: Promise<void>): Promise<Refusal | undefined> {
  return attempt.then(
    () => undefined,
    (error: unknown) => (error instanceof Refusal ? error : Promise.reject(error)),
  );
}

/** Two throttles on one store stand for two server processes: they count the same attempts. */
async function sharesCounts(store: () => Promise<ThrottleStore>) {
  const processes: Throttle[] = [createThrottle(await store()), createThrottle(await store())];
  const address = `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
  const limit = THROTTLE_RULES.resetPerAccount.points;
  for (let attempt = 0; attempt < limit; attempt++) {
    await processes[attempt % 2]?.consume("resetPerAccount", address);
  }
  const refused = await refusal(processes[limit % 2]?.consume("resetPerAccount", address) ?? Promise.resolve());
  expect(refused?.code).toBe("too-many-requests");
  expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
  await processes[0]?.reset("resetPerAccount", address);
  expect(await refusal(processes[1]?.check("resetPerAccount", address) ?? Promise.resolve())).toBeUndefined();
}

describe("the throttle", () => {
  it("counts in the database for every process", async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    await sharesCounts(async () => ({ db: database.db }));
  });

  it.runIf(testRedisUrl)("counts in Redis for every process when REDIS_URL is set", async () => {
    await sharesCounts(async () => {
      const redis = await connectRedis(testRedisUrl ?? "");
      cleanups.push(() => redis.disconnect());
      return { redis };
    });
  });

  it("multiplies every limit by its factor, and refuses past the scaled one", async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const throttle = createThrottle({ db: database.db }, { factor: 3 });
    const address = `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const limit = THROTTLE_RULES.resetPerAccount.points * 3;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect(await refusal(throttle.check("resetPerAccount", address))).toBeUndefined();
      await throttle.consume("resetPerAccount", address);
    }
    expect((await refusal(throttle.check("resetPerAccount", address)))?.code).toBe("too-many-requests");
    expect((await refusal(throttle.consume("resetPerAccount", address)))?.code).toBe("too-many-requests");
    expect(() => createThrottle({ db: database.db }, { factor: 0 })).toThrow(/whole number/);
  });

  it("fails at start-up, not at a login, when Redis cannot be reached", async () => {
    await expect(connectRedis("redis://127.0.0.1:1")).rejects.toThrow();
  });
});
