import { type Database, schema } from "@sports/db";
import { Refusal } from "@sports/domain";
import { Redis } from "ioredis";
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/**
 * How often the account endpoints may be tried (docs/decisions/009-accounts-and-sessions.md,
 * docs/decisions/014-production-defaults.md; summed up in docs/operations.md#security). Counters
 * live in the database (`rate_limits`), or in Redis when one is given, so every server process
 * counts the same attempts.
 */
export const THROTTLE_RULES = {
  /** Failed logins from one address, whatever the accounts: what a password sprayer spends. */
  loginFailuresPerIp: { points: 30, duration: 15 * 60 },
  /**
   * Failed logins for one account from one address, counted for an hour: past
   * {@link FREE_LOGIN_FAILURES} each one makes that address wait (see {@link loginDelaySeconds}).
   * Nothing counts failures for an account from anywhere: that would let a stranger lock its owner out.
   */
  loginFailuresPerAccountAndIp: { points: 1_000_000, duration: 60 * 60 },
  /** The wait an account and address pair is in, set by `delay`. */
  loginWaitPerAccountAndIp: { points: 1, duration: 1 },
  /** New accounts from one address. */
  registrationPerIp: { points: 10, duration: 60 * 60 },
  /** "That e-mail already has an account" answers to one address: what keeps 409 from listing accounts. */
  takenEmailPerIp: { points: 5, duration: 60 * 60 },
  /** Password-reset requests from one address, and for one e-mail address. */
  resetPerIp: { points: 10, duration: 60 * 60 },
  resetPerAccount: { points: 3, duration: 60 * 60 },
} as const;

export type ThrottleName = keyof typeof THROTTLE_RULES;

/** Failed logins for one account from one address that cost nothing: typing mistakes. */
export const FREE_LOGIN_FAILURES = 5;
const LONGEST_LOGIN_WAIT_SECONDS = 15 * 60;

/**
 * How long an address waits before its next try at an account after `failures` failed ones:
 * nothing for the first {@link FREE_LOGIN_FAILURES}, then 1 s, doubling with each failure, up to
 * 15 minutes (OWASP's authentication cheat sheet: growing delays rather than a lock-out). Guessing
 * from one address thus slows to a few tries an hour, while the owner, from their own, is never held.
 */
export function loginDelaySeconds(failures: number): number {
  if (failures <= FREE_LOGIN_FAILURES) return 0;
  return Math.min(LONGEST_LOGIN_WAIT_SECONDS, 2 ** (failures - FREE_LOGIN_FAILURES - 1));
}

export interface Throttle {
  /** Counts an attempt; refuses `too-many-requests` (with when to try again) once the limit is passed. */
  consume(name: ThrottleName, key: string): Promise<void>;
  /** Counts an attempt without refusing it; answers the attempts counted so far. */
  count(name: ThrottleName, key: string): Promise<number>;
  /** Refuses `too-many-requests` if the limit is already reached, without counting. */
  check(name: ThrottleName, key: string): Promise<void>;
  /** Refuses the key (`check` refuses it) for the next `seconds`. */
  hold(name: ThrottleName, key: string, seconds: number): Promise<void>;
  /** Forgets the attempts (a successful login clears its failures). */
  reset(name: ThrottleName, key: string): Promise<void>;
}

/** Where the counters live: the database's `rate_limits` table, or a Redis server. */
export type ThrottleStore = { db: Database } | { redis: Redis };

export interface ThrottleOptions {
  /**
   * Multiplies every limit of {@link THROTTLE_RULES} (a whole number, 1 unless told): for the browser
   * suite, whose journeys all come from one address (`TEST_THROTTLE_FACTOR`, refused in production).
   * The login delays do not change: they follow the failures counted, not a limit.
   */
  factor?: number;
}

/** The rules with every limit multiplied by `factor`. */
function scaledRules(factor = 1): Record<ThrottleName, { points: number; duration: number }> {
  if (!Number.isInteger(factor) || factor < 1)
    throw new RangeError(`The throttle's factor must be a whole number ≥ 1 (got ${factor}).`);
  return Object.fromEntries(
    Object.entries(THROTTLE_RULES).map(([name, rule]) => [name, { ...rule, points: rule.points * factor }]),
  ) as Record<ThrottleName, { points: number; duration: number }>;
}

export function createThrottle(store: ThrottleStore, options: ThrottleOptions = {}): Throttle {
  const rules = scaledRules(options.factor);
  const limiters = Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
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
    async count(name, key) {
      return (await limiters[name].penalty(key, 1)).consumedPoints;
    },
    async check(name, key) {
      const state = await limiters[name].get(key);
      if (state && state.consumedPoints >= rules[name].points) throw tooManyRequests(state.msBeforeNext);
    },
    async hold(name, key, seconds) {
      await limiters[name].block(key, seconds);
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
  };
}

export function tooManyRequests(msBeforeNext: number): Refusal {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new Refusal("too-many-requests", `Too many attempts; try again in ${seconds} s.`, {
    retryAfterSeconds: seconds,
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
