import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON logs on stdout (or `destination`); credentials are redacted wherever they appear in a
 * logged request.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "sports-events" },
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]', "*.password", "*.token"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
