import { join } from "node:path";
import {
  type DatabaseHandle,
  type JobQueue,
  ORGANISER,
  openDatabase,
  seedDemoDataIfEmpty,
  startJobQueue,
} from "@sports/db";
import {
  backgroundJobs,
  closeGpxWorker,
  connectRedis,
  courseOfGpx,
  createMailDelivery,
  createMailer,
  type LivePayments,
  livePayments,
  type MailDelivery,
  type Mailer,
  PaymentSettingsError,
  syncOrganiserRoles,
} from "@sports/usecases";

import { createServerApp } from "./app.ts";
import { type Config, EnvError, paymentSettings, siteOrigin } from "./env.ts";
import { listen } from "./listen.ts";
import type { Logger } from "./logger.ts";
import { createServerMetrics } from "./metrics.ts";

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  /** Turns readiness false, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS), then closes the database. */
  stop(): Promise<void>;
}

export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : openDatabase({ dataDir: join(config.DATA_DIR, "pglite") });
}

/** Opens and migrates the database, seeds the demo catalogue on first start, and listens. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const payments = livePaymentsOf(config);
  const redis = config.REDIS_URL
    ? await connectRedis(config.REDIS_URL, (error) => logger.error({ err: error }, "Redis connection failed"))
    : undefined;
  if (redis) logger.info("throttling counters live in Redis (REDIS_URL)");
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (config.DEMO_DATA && (await seedDemoDataIfEmpty(database.db, new Date(), courseOfGpx))) {
      logger.info("seeded the demo catalogue into the empty database");
    }
    const { revoked } = await syncOrganiserRoles({ db: database.db });
    if (revoked > 0) logger.warn({ revoked }, "took the team roles from accounts whose address is not confirmed");
  } catch (error) {
    redis?.disconnect();
    await database.close();
    throw error;
  }

  const { mailer, outboxDir } = mailSetup(config, logger);

  logger.info(
    { providers: [...payments.providers.keys()], demonstration: payments.demonstration },
    payments.demonstration
      ? "no payment provider configured: the demonstration provider and a sample bank account are live"
      : "payment providers live",
  );
  if (config.NODE_ENV === "production" && payments.demo) {
    logger.warn(
      "the demonstration payment provider is live in production (PAYMENT_PROVIDERS names it): no money moves",
    );
  }

  if (config.TEST_THROTTLE_FACTOR !== 1) {
    logger.warn(`throttling limits multiplied by ${config.TEST_THROTTLE_FACTOR} (TEST_THROTTLE_FACTOR, tests only)`);
  }

  // Without a mailer (production without SMTP_URL) mails wait in the outbox table, unsent.
  const mails: MailDelivery = mailer
    ? createMailDelivery({ db: database.db, mailer, logger })
    : { deliver: async () => 0, nudge: () => {} };
  let jobs: JobQueue | undefined;
  const metrics = createServerMetrics({ database, jobs: () => jobs });

  let draining = false;
  let listeningUrl: string | undefined;
  const origin = () => siteOrigin(config, listeningUrl);
  const app = await createServerApp({
    config,
    siteUrl: origin,
    database,
    logger,
    onMailQueued: mails.nudge,
    metrics,
    ...(redis ? { throttleStore: { redis } } : {}),
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
    payments,
    ...(outboxDir ? { outboxDir } : {}),
    isDraining: () => draining,
  });
  // The job queue starts before the server listens: a process that answers runs its background work.
  try {
    jobs = await startJobQueue(
      database,
      backgroundJobs({ db: database.db, payments, mails, siteUrl: origin, logger }),
      {
        logger,
      },
    );
  } catch (error) {
    redis?.disconnect();
    await database.close();
    throw error;
  }
  const listener = await listen(app.fetch, {
    host: config.HOST,
    port: config.PORT,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    logger,
  }).catch(async (error: unknown) => {
    await jobs?.stop(config.SHUTDOWN_TIMEOUT_MS);
    redis?.disconnect();
    await database.close();
    throw error;
  });
  listeningUrl = listener.url;
  if (config.NODE_ENV !== "production") {
    // Production requires PUBLIC_URL; here it may be the listening address, another than the one browsed by.
    const siteUrl = origin();
    logger.info(
      { siteUrl },
      `mail links and payment providers' returns lead to ${siteUrl}; set PUBLIC_URL to the address you browse by to change it`,
    );
  }
  logger.info({ url: listener.url, database: database.kind }, "listening");

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      draining = true;
      await listener.close();
      await jobs?.stop(config.SHUTDOWN_TIMEOUT_MS);
      await closeGpxWorker();
      mailer?.close();
      redis?.disconnect();
      await database.close();
      logger.info("stopped");
    })();
    return stopping;
  };
  return { url: listener.url, database, stop };
}

/**
 * How mails leave: through SMTP_URL; without it, outside production, into the outbox folder whose
 * pages this machine may read; in production without it, nowhere: they stay in the outbox table
 * (`outgoing_mails`) until SMTP_URL is set and the server restarted, and the log says so.
 */
function mailSetup(config: Config, logger: Logger): { mailer?: Mailer; outboxDir?: string } {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    logger.info({ mail: "smtp" }, "mails go through SMTP_URL");
    return { mailer: createMailer({ smtpUrl: config.SMTP_URL, from }) };
  }
  if (config.NODE_ENV === "production") {
    logger.warn(
      { mail: "unsent" },
      "no SMTP_URL in production: mails are kept unsent in the outgoing_mails table; set SMTP_URL and restart to send them",
    );
    return {};
  }
  const outboxDir = join(config.DATA_DIR, "outbox");
  logger.info(
    { mail: "outbox", outboxDir },
    "no SMTP_URL: mails go to the outbox folder, listed at /outbox on this machine",
  );
  return { mailer: createMailer({ outboxDir, from }), outboxDir };
}

/** The payment providers the configuration makes live; a wrong combination is a configuration error. */
function livePaymentsOf(config: Config): LivePayments {
  try {
    // The demonstration's sample account is shown as the organiser's, the one every page names.
    return livePayments({ ...paymentSettings(config), sampleBeneficiary: ORGANISER.legalName });
  } catch (error) {
    if (error instanceof PaymentSettingsError) throw new EnvError([error.message]);
    throw error;
  }
}
