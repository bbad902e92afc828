import { join } from "node:path";
import {
  backgroundJobs,
  connectRedis,
  createMailDelivery,
  createMailer,
  type LivePayments,
  livePayments,
  PaymentSettingsError,
} from "@sports/api";
import {
  type DatabaseHandle,
  grantOrganiserRole,
  type JobQueue,
  openDatabase,
  seedDemoDataIfEmpty,
  startJobQueue,
} from "@sports/db";

import { createServerApp } from "./app.ts";
import { type Config, EnvError, paymentSettings } from "./env.ts";
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
    if (config.DEMO_DATA && (await seedDemoDataIfEmpty(database.db, new Date()))) {
      logger.info("seeded the demo catalogue into the empty database");
    }
    const organisers = await grantOrganiserRole(database.db, config.ORGANISER_EMAILS);
    if (organisers > 0) logger.info({ organisers }, "granted the organiser role from ORGANISER_EMAILS");
  } catch (error) {
    redis?.disconnect();
    await database.close();
    throw error;
  }

  const outboxDir = join(config.DATA_DIR, "outbox");
  const mailer = createMailer({
    outboxDir,
    from: config.MAIL_FROM,
    ...(config.SMTP_URL ? { smtpUrl: config.SMTP_URL } : {}),
  });
  logger.info(
    mailer.kind === "smtp" ? { mail: "smtp" } : { mail: "outbox", outboxDir },
    mailer.kind === "smtp" ? "mails go through SMTP_URL" : "no SMTP_URL: mails go to the outbox folder",
  );

  logger.info(
    { providers: [...payments.providers.keys()], demonstration: payments.demonstration },
    payments.demonstration
      ? "no payment provider configured: the demonstration provider and a sample bank account are live"
      : "payment providers live",
  );

  const mails = createMailDelivery({ db: database.db, mailer, logger });
  let jobs: JobQueue | undefined;
  const metrics = createServerMetrics({ database, jobs: () => jobs });

  let draining = false;
  const app = await createServerApp({
    config,
    database,
    logger,
    onMailQueued: mails.nudge,
    metrics,
    ...(redis ? { throttleStore: { redis } } : {}),
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
    payments,
    ...(mailer.kind === "outbox" ? { outboxDir } : {}),
    isDraining: () => draining,
  });
  // The job queue starts before the server listens: a process that answers runs its background work.
  let listeningUrl: string | undefined;
  const origin = () => config.PUBLIC_URL ?? listeningUrl ?? `http://localhost:${config.PORT}`;
  try {
    jobs = await startJobQueue(database, backgroundJobs({ db: database.db, payments, mails, origin, logger }), {
      logger,
    });
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
  logger.info({ url: listener.url, database: database.kind }, "listening");

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      draining = true;
      await listener.close();
      await jobs?.stop(config.SHUTDOWN_TIMEOUT_MS);
      mailer.close();
      redis?.disconnect();
      await database.close();
      logger.info("stopped");
    })();
    return stopping;
  };
  return { url: listener.url, database, stop };
}

/** The payment providers the configuration makes live; a wrong combination is a configuration error. */
function livePaymentsOf(config: Config): LivePayments {
  try {
    return livePayments(paymentSettings(config));
  } catch (error) {
    if (error instanceof PaymentSettingsError) throw new EnvError([error.message]);
    throw error;
  }
}
