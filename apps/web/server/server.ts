import { join } from "node:path";
import { createMailer, type LivePayments, livePayments, PaymentSettingsError, startSignupSweeper } from "@sports/api";
import { type DatabaseHandle, grantOrganiserRole, openDatabase, seedDemoDataIfEmpty } from "@sports/db";

import { createServerApp } from "./app.ts";
import { type Config, EnvError, paymentSettings } from "./env.ts";
import { listen } from "./listen.ts";
import type { Logger } from "./logger.ts";

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
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    if (config.DEMO_DATA && (await seedDemoDataIfEmpty(database.db, new Date()))) {
      logger.info("seeded the demo catalogue into the empty database");
    }
    const organisers = await grantOrganiserRole(database.db, config.ORGANISER_EMAILS);
    if (organisers > 0) logger.info({ organisers }, "granted the organiser role from ORGANISER_EMAILS");
  } catch (error) {
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
    mailer.kind === "smtp" ? "account mails go through SMTP_URL" : "no SMTP_URL: account mails go to the outbox",
  );

  logger.info(
    { providers: [...payments.providers.keys()], demonstration: payments.demonstration },
    payments.demonstration
      ? "no payment provider configured: the demonstration provider and a sample bank account are live"
      : "payment providers live",
  );

  let draining = false;
  const app = await createServerApp({
    config,
    database,
    logger,
    mailer,
    payments,
    ...(mailer.kind === "outbox" ? { outboxDir } : {}),
    isDraining: () => draining,
  });
  const listener = await listen(app.fetch, {
    host: config.HOST,
    port: config.PORT,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    logger,
  });
  logger.info({ url: listener.url, database: database.kind }, "listening");

  const sweeper = startSignupSweeper({ db: database.db, logger, payments });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      draining = true;
      await listener.close();
      await sweeper.stop();
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
