import { type Database, expireLapsedSignups } from "@sports/db";
import { expire } from "@sports/domain";

export interface SweeperLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** How often lapsed holds are looked for: a place is back on sale at most this long after its hold ends. */
export const SWEEP_INTERVAL_MS = 15_000;

/**
 * Expires lapsed holds and unpaid signups even when nobody visits them again. Each sweep is one
 * transaction taking rows with `skip locked`, so any number of server processes may sweep together.
 */
export function startSignupSweeper(options: {
  db: Database;
  logger?: SweeperLogger;
  intervalMs?: number;
  now?: () => Date;
}): { sweep: () => Promise<number>; stop: () => Promise<void> } {
  const now = options.now ?? (() => new Date());
  let running: Promise<number> | undefined;
  const sweep = () => {
    running ??= (async () => {
      let total = 0;
      try {
        for (;;) {
          const at = now();
          const expired = await expireLapsedSignups(options.db, at, { expire: (signup) => expire(signup, at) });
          total += expired.length;
          if (expired.length < 200) break;
        }
        if (total > 0) options.logger?.info({ expired: total }, "released the places of lapsed signups");
      } catch (error) {
        options.logger?.error({ err: error }, "the signup sweep failed; the next one will try again");
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  };
  const timer = setInterval(() => void sweep(), options.intervalMs ?? SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
