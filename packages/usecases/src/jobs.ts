import {
  type Database,
  forgetIdempotencyKeys,
  forgetSentMails,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  type RecurringJob,
} from "@sports/db";
import type { LivePayments } from "@sports/payments";
import { remindAthletes } from "./athletes/links.ts";
import { finishCancellations } from "./console/called-off-signups.ts";
import type { Deps, UseCaseLogger } from "./deps.ts";
import type { MailDelivery } from "./mail/delivery.ts";
import { reconcilePayments } from "./payments/check-with-provider.ts";
import { retryRefunds } from "./payments/refunds.ts";
import { expireSignups } from "./signups/expire.ts";
import { remindCertificates } from "./signups/remind-certificates.ts";
import { lapseTransfers } from "./transfers/transfer-place.ts";
import { sendOpeningAlerts } from "./waiting-list/opening-alerts.ts";

/** How often lapsed holds are looked for: a place is back on sale at most this long after its hold ends. */
export const EXPIRY_INTERVAL_MS = 15_000;
/** How long sent mails stay in the outbox table. */
const SENT_MAIL_DAYS = 7;

/**
 * The site's background work, run by the job queue (`startJobQueue` in @sports/db) on whichever
 * process takes it, each run calling the use cases as the site (`SYSTEM`) with a clock of its own:
 * expiring lapsed holds and unpaid transfers, finishing cancellations a stopped process left half done, telling runners who
 * asked that signups opened, reminding runners of
 * missing certificates and a club's athletes of their missing part, retrying refunds, reconciling payments, delivering the outbox's mails, and
 * forgetting old idempotency keys and sent mails.
 */
export function backgroundJobs(options: {
  db: Database;
  payments: LivePayments;
  mails: MailDelivery;
  /** The site's public address, for the links in mails a job writes. */
  siteUrl: () => string;
  logger?: UseCaseLogger;
  now?: () => Date;
}): RecurringJob[] {
  const { db, payments, mails, logger } = options;
  const now = options.now ?? (() => new Date());
  const deps = (): Deps => ({
    db,
    payments,
    now: now(),
    siteUrl: options.siteUrl(),
    mailQueued: mails.nudge,
    ...(logger ? { logger } : {}),
  });
  return [
    {
      name: "expire-signups",
      everyMs: EXPIRY_INTERVAL_MS,
      run: async () => {
        const expired = await expireSignups(deps());
        if (expired > 0) logger?.info({ expired }, "released the places of lapsed signups");
        // Transfers whose fee was not paid within the event's hold minutes lapse on the same beat.
        const lapsed = await lapseTransfers(deps());
        if (lapsed > 0) logger?.info({ lapsed }, "lapsed the transfers left unpaid");
      },
    },
    {
      name: "finish-cancellations",
      everyMs: 60_000,
      run: async () => {
        const cancelled = await finishCancellations(deps());
        if (cancelled > 0)
          logger?.info({ cancelled }, "cancelled the signups left live on cancelled events and appointments");
      },
    },
    {
      name: "send-opening-alerts",
      everyMs: 60_000,
      run: async () => {
        const sent = await sendOpeningAlerts(deps());
        if (sent > 0) logger?.info({ sent }, "told runners that signups opened");
      },
    },
    {
      name: "remind-certificates",
      everyMs: 60 * 60_000,
      run: async () => {
        const reminded = await remindCertificates(deps());
        if (reminded > 0) logger?.info({ reminded }, "reminded runners of missing certificates");
      },
    },
    {
      // A club's athletes still missing their own part, before their link lapses (docs/decisions/068).
      name: "remind-athletes",
      everyMs: 60 * 60_000,
      run: async () => {
        const reminded = await remindAthletes(deps());
        if (reminded > 0) logger?.info({ reminded }, "reminded club athletes of their missing part");
      },
    },
    { name: "retry-refunds", everyMs: 60_000, run: () => retryRefunds(deps()) },
    {
      name: "reconcile-payments",
      everyMs: 60_000,
      run: async () => {
        await reconcilePayments(deps());
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
