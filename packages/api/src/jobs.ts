import {
  type Database,
  expireLapsedSignups,
  forgetIdempotencyKeys,
  forgetSentMails,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  paymentsAwaitingProvider,
  paymentsWithRefundDue,
  type RecurringJob,
} from "@sports/db";
import { expire } from "@sports/domain";
import type { LivePayments } from "@sports/payments";
import type { MailDelivery } from "./mail/delivery.ts";
import { settlementMail } from "./payments/mail.ts";
import { giveBack, refundOwed, settle } from "./payments/settle.ts";

export interface JobLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** How often lapsed holds are looked for: a place is back on sale at most this long after its hold ends. */
export const EXPIRY_INTERVAL_MS = 15_000;
/** How long an online payment may wait for its provider's webhook before the provider is asked. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** How long sent mails stay in the outbox table. */
const SENT_MAIL_DAYS = 7;

/**
 * Expires lapsed holds and unpaid signups, giving their places back. Each batch is one transaction
 * taking rows with `skip locked`, so processes running it together never expire one signup twice.
 */
export async function expireLapsed(db: Database, now: () => Date): Promise<number> {
  let total = 0;
  for (;;) {
    const at = now();
    const expired = await expireLapsedSignups(db, at, { expire: (signup) => expire(signup, at) });
    total += expired.length;
    if (expired.length < 200) return total;
  }
}

/**
 * Makes the refunds still owed (a provider that failed, a crash after the commit). Each is made
 * under an idempotency key, so a refund two processes retry at once is made once.
 */
export async function retryRefunds(db: Database, payments: LivePayments, now: () => Date, logger?: JobLogger) {
  let failed = 0;
  for (const payment of await paymentsWithRefundDue(db)) {
    const provider = payments.providers.get(payment.provider);
    if (!provider) continue;
    await giveBack(db, provider, payment, now()).catch((error: unknown) => {
      failed++;
      logger?.error({ err: error, payment: payment.id }, "a refund failed again; the next run retries");
    });
  }
  if (failed > 0) throw new Error(`${failed} refunds failed`);
}

/**
 * Asks the providers about online payments that have waited long for a webhook (one lost or never
 * sent) and applies what they say, as the result page does: the visitor's mail and any refund owed.
 */
export async function reconcilePayments(
  db: Database,
  payments: LivePayments,
  options: { now: () => Date; origin: () => string; logger?: JobLogger; onMailQueued?: () => void },
): Promise<number> {
  let settled = 0;
  const waiting = await paymentsAwaitingProvider(db, new Date(options.now().getTime() - RECONCILE_AFTER_MS));
  for (const payment of waiting) {
    const provider = payments.providers.get(payment.provider);
    if (!provider || !payment.providerReference) continue;
    try {
      const report = await provider.report(payment.providerReference);
      if (report.outcome === payment.state) continue;
      const settlement = await settle(db, {
        key: { id: payment.id },
        report,
        source: "report",
        now: options.now(),
        onSettled: settlementMail(options.origin()),
      });
      if (!settlement?.changed) continue;
      settled++;
      options.onMailQueued?.();
      if (settlement.mustRefund) await refundOwed(db, payments, settlement.payment, options.now(), options.logger);
    } catch (error) {
      options.logger?.error({ err: error, payment: payment.id }, "could not ask the payment provider");
    }
  }
  if (settled > 0) options.logger?.info({ settled }, "payments reconciled with their providers");
  return settled;
}

/**
 * The site's background work, run by the job queue (`startJobQueue` in @sports/db) on whichever
 * process takes it: expiring lapsed holds, retrying refunds, reconciling payments, delivering the
 * outbox's mails, and forgetting old idempotency keys and sent mails.
 */
export function backgroundJobs(options: {
  db: Database;
  payments: LivePayments;
  mails: MailDelivery;
  /** The site's public address, for the links in mails a job writes. */
  origin: () => string;
  logger?: JobLogger;
  now?: () => Date;
}): RecurringJob[] {
  const { db, payments, mails, logger } = options;
  const now = options.now ?? (() => new Date());
  return [
    {
      name: "expire-signups",
      everyMs: EXPIRY_INTERVAL_MS,
      run: async () => {
        const expired = await expireLapsed(db, now);
        if (expired > 0) logger?.info({ expired }, "released the places of lapsed signups");
      },
    },
    { name: "retry-refunds", everyMs: 60_000, run: () => retryRefunds(db, payments, now, logger) },
    {
      name: "reconcile-payments",
      everyMs: 60_000,
      run: async () => {
        await reconcilePayments(db, payments, {
          now,
          origin: options.origin,
          onMailQueued: mails.nudge,
          ...(logger ? { logger } : {}),
        });
      },
    },
    {
      name: "deliver-mails",
      everyMs: 30_000,
      run: async () => {
        await mails.deliver();
      },
    },
    {
      name: "housekeeping",
      everyMs: 60 * 60_000,
      run: async () => {
        const at = now().getTime();
        await forgetIdempotencyKeys(db, new Date(at - IDEMPOTENCY_KEY_LIFETIME_MS));
        await forgetSentMails(db, new Date(at - SENT_MAIL_DAYS * 24 * 60 * 60_000));
      },
    },
  ];
}
