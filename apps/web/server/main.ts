import { EnvError, loadConfig } from "./env.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

/** The process entry point: `npm start`. */
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger(config.LOG_LEVEL);
process.on("unhandledRejection", (reason) => {
  logger.fatal({ err: reason }, "unhandled promise rejection");
  process.exit(1);
});

try {
  const server = await startServer(config, logger);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  logger.fatal({ err: error }, "could not start");
  process.exit(1);
}
