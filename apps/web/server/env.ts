import { FALLBACK_LOCALE, LOCALES } from "@sports/domain";
import { z } from "zod";

const unset = (value: unknown) => (value === "" ? undefined : value);
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    unset,
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be from ${min} to ${max}`).max(max, `must be from ${min} to ${max}`)),
  );
const flag = z.preprocess(
  unset,
  z
    .enum(["true", "false", "1", "0"], { error: 'must be "true" or "false"' })
    .transform((v) => v === "true" || v === "1"),
);

/**
 * Every environment variable the server reads, with its default. This schema is the one place that
 * reads `process.env`; the README's configuration table lists the same variables.
 */
export const envSchema = z.object({
  NODE_ENV: z.preprocess(unset, z.enum(["development", "production", "test"]).default("development")),
  HOST: z.preprocess(unset, z.string().min(1).default("0.0.0.0")),
  PORT: wholeNumber(0, 65535).default(3000),
  DATA_DIR: z.preprocess(unset, z.string().min(1).default("./.data")),
  DATABASE_URL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a PostgreSQL URL such as postgres://user@host:5432/database")
      .optional(),
  ),
  DATABASE_POOL_SIZE: wholeNumber(1, 200).default(10),
  DEMO_DATA: flag.default(true),
  DEFAULT_LOCALE: z.preprocess(
    unset,
    z.enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}` }).default(FALLBACK_LOCALE),
  ),
  LOG_LEVEL: z.preprocess(
    unset,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  SMTP_URL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^smtps?:\/\/.+/, "must be an SMTP URL such as smtp://user:password@mail.example.org:587")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(unset, z.string().min(3).default('"Sport Events" <no-reply@localhost>')),
  PAGE_CACHE_SECONDS: wholeNumber(0, 300).default(5),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000).default(10_000),
});

export type Config = z.infer<typeof envSchema>;

/** Variables whose values never appear in messages or logs. */
const SECRETS = new Set(["DATABASE_URL", "SMTP_URL"]);

export class EnvError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

/** Reads and checks the environment once, at boot; a wrong value names its variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = source[name];
      const shown = value === undefined || SECRETS.has(name) ? "" : ` (got ${JSON.stringify(value)})`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}
