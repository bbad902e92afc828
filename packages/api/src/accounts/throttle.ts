import { type Database, schema } from "@sports/db";
import { Redis } from "ioredis";
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { ApiError } from "../errors.ts";

/**
 * How often the account endpoints may be tried (DESIGN.md's security baseline). Counters live in the
 * database (`rate_limits`), or in Redis when one is given, so every server process counts the same
 * attempts.
 */
export const THROTTLE_RULES = {
  /** Every login attempt from one address. */
  loginPerIp: { points: 30, duration: 15 * 60 },
  /** Failed logins for one e-mail address, from anywhere. */
  loginFailuresPerAccount: { points: 10, duration: 15 * 60 },
  /** New accounts from one address. */
  registrationPerIp: { points: 10, duration: 60 * 60 },
  /** "That e-mail already has an account" answers to one address: what keeps 409 from listing accounts. */
  takenEmailPerIp: { points: 5, duration: 60 * 60 },
  /** Password-reset requests from one address, and for one e-mail address. */
  resetPerIp: { points: 10, duration: 60 * 60 },
  resetPerAccount: { points: 3, duration: 60 * 60 },
} as const;

export type ThrottleName = keyof typeof THROTTLE_RULES;

export interface Throttle {
  /** Counts an attempt; throws a 429 ApiError (with Retry-After) once the limit is passed. */
  consume(name: ThrottleName, key: string): Promise<void>;
  /** Throws the 429 if the limit is already reached, without counting. */
  check(name: ThrottleName, key: string): Promise<void>;
  /** Forgets the attempts (a successful login clears its account's failures). */
  reset(name: ThrottleName, key: string): Promise<void>;
}

/** Where the counters live: the database's `rate_limits` table, or a Redis server. */
export type ThrottleStore = { db: Database } | { redis: Redis };

export function createThrottle(store: ThrottleStore): Throttle {
  const limiters = Object.fromEntries(
    Object.entries(THROTTLE_RULES).map(([name, rule]) => [
      name,
      "redis" in store
        ? new RateLimiterRedis({ storeClient: store.redis, keyPrefix: `throttle:${name}`, ...rule })
        : new RateLimiterDrizzle({
            storeClient: store.db,
            schema: schema.rateLimits,
            keyPrefix: name,
            clearExpiredByTimeout: false,
            ...rule,
          }),
    ]),
  ) as Record<ThrottleName, RateLimiterDrizzle | RateLimiterRedis>;

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext);
        throw error;
      }
    },
    async check(name, key) {
      const state = await limiters[name].get(key);
      if (state && state.consumedPoints >= THROTTLE_RULES[name].points) throw tooManyRequests(state.msBeforeNext);
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
  };
}

export function tooManyRequests(msBeforeNext: number): ApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new ApiError({
    status: 429,
    code: "too-many-requests",
    title: "Too many attempts",
    detail: `Too many attempts; try again in ${seconds} s.`,
    headers: { "Retry-After": String(seconds) },
  });
}

/**
 * Connects to the Redis server at `url` for the throttle's counters; resolves once it answers, and
 * fails at start-up rather than at a visitor's login when it cannot be reached. A connection lost
 * later is reported to `onError` while ioredis reconnects.
 */
export async function connectRedis(url: string, onError: (error: Error) => void = () => {}): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on("error", onError);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return redis;
}
