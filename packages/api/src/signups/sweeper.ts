import { type Database, expireLapsedSignups, paymentsWithRefundDue } from "@sports/db";
import { expire } from "@sports/domain";
import type { LivePayments } from "@sports/payments";
import { giveBack } from "../payments/settle.ts";

export interface SweeperLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** How often lapsed holds are looked for: a place is back on sale at most this long after its hold ends. */
export const SWEEP_INTERVAL_MS = 15_000;

/**
 * Expires lapsed holds and unpaid signups even when nobody visits them again. Each sweep is one
 * transaction taking rows with `skip locked`, so any number of server processes may sweep together.
 * It also retries the refunds still owed (a provider that failed, a crash after the commit): each
 * is made under an idempotency key, so a refund two processes retry at once is made once.
 */
export function startSignupSweeper(options: {
  db: Database;
  payments?: LivePayments;
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
        for (const payment of options.payments ? await paymentsWithRefundDue(options.db) : []) {
          const provider = options.payments?.providers.get(payment.provider);
          if (!provider) continue;
          await giveBack(options.db, provider, payment, now()).catch((error: unknown) =>
            options.logger?.error({ err: error, payment: payment.id }, "a refund failed again; the next sweep retries"),
          );
        }
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
