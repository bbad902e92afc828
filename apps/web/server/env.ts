import { FALLBACK_LOCALE, LOCALES, PAYMENT_PROVIDER_IDS } from "@sports/domain";
import type { PaymentSettings } from "@sports/usecases";
import { z } from "zod";
import { isProxyEntry } from "./client-address.ts";

/** The course maps' tiles unless configured: OpenStreetMap's own, with the attribution its licence asks for. */
export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_MAP_ATTRIBUTION = "© OpenStreetMap contributors";

/** A tile URL template (Leaflet's): https (or http on this machine), naming {z}, {x} and {y}. */
function isTileTemplate(template: string): boolean {
  if (!["{z}", "{x}", "{y}"].every((part) => template.includes(part))) return false;
  return tileImageSource(template) !== undefined;
}

/**
 * The Content-Security-Policy source the tiles of `template` load from: its origin, with a
 * subdomain placeholder (`{s}.tile.example.org`) as a wildcard (`*.tile.example.org`).
 */
export function tileImageSource(template: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)(?:[/?#]|$)/.exec(template);
  if (!match) return undefined;
  const [, scheme, host = ""] = match;
  const wildcard = host.replace(/^\{s\}\./, "*.");
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(wildcard)) return undefined;
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(wildcard);
  if (scheme === "http" && !local) return undefined;
  return `${scheme}://${wildcard.toLowerCase()}`;
}

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
  PAYMENT_PROVIDERS: z.preprocess(
    unset,
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.enum(PAYMENT_PROVIDER_IDS, { error: `must list some of ${PAYMENT_PROVIDER_IDS.join(", ")}` })).min(1),
      )
      .optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    unset,
    z
      .string()
      .regex(/^sk_(test|live)_\w+$/, "must be a Stripe secret key (sk_…)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    unset,
    z
      .string()
      .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
      .optional(),
  ),
  STRIPE_API_URL: z.preprocess(unset, z.url({ protocol: /^https?$/ }).optional()),
  BANK_TRANSFER_IBAN: z.preprocess(unset, z.string().min(15).max(42).optional()),
  BANK_TRANSFER_BENEFICIARY: z.preprocess(unset, z.string().min(2).max(140).optional()),
  ORGANISER_EMAILS: z.preprocess(
    unset,
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      )
      .default([]),
  ),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000).default(10_000),
  /** Tests only: multiplies every throttling limit, for the browser suite's journeys from one address. */
  TEST_THROTTLE_FACTOR: wholeNumber(1, 10_000).default(1),
  PUBLIC_URL: z.preprocess(
    unset,
    z
      .url({ protocol: /^https?$/ })
      .refine((value) => new URL(value).pathname === "/" && !/[?#]/.test(value), {
        error: "must be the site's origin only, such as https://races.example.org (no path, query or fragment)",
      })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  METRICS_TOKEN: z.preprocess(unset, z.string().min(16, "must be at least 16 characters").optional()),
  REDIS_URL: z.preprocess(
    unset,
    z
      .string()
      .regex(/^rediss?:\/\/.+/, "must be a Redis URL such as redis://127.0.0.1:6379")
      .optional(),
  ),
  MAP_TILE_URL: z.preprocess(
    unset,
    z
      .string()
      .refine(isTileTemplate, {
        error:
          "must be an https tile URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      })
      .default(DEFAULT_MAP_TILE_URL),
  ),
  MAP_ATTRIBUTION: z.preprocess(unset, z.string().min(1).max(300).default(DEFAULT_MAP_ATTRIBUTION)),
  TRUST_PROXY: z.preprocess(
    unset,
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().refine(isProxyEntry, {
            error: 'must list "loopback", addresses or CIDR ranges (such as 10.0.0.0/8), comma-separated',
          }),
        ),
      )
      .optional(),
  ),
});

export type Config = z.infer<typeof envSchema>;

/** Variables whose values never appear in messages or logs. */
const SECRETS = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "METRICS_TOKEN",
  "REDIS_URL",
]);

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
  if (result.success) {
    const problems = productionProblems(result.data);
    if (problems.length > 0) throw new EnvError(problems);
    return result.data;
  }
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = source[name];
      const shown = value === undefined || SECRETS.has(name) ? "" : ` (got ${JSON.stringify(value)})`;
      return `${name}: ${issue.message}${shown}`;
    }),
  );
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * What production refuses to start without (docs/operations.md#security): the address every
 * absolute URL the server writes is built on, since a request's own `Host` may be anyone's; and
 * what it refuses to start with: a tests' throttle factor, which would let a guesser try more.
 */
function productionProblems(config: Config): string[] {
  if (config.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (config.TEST_THROTTLE_FACTOR !== 1) {
    problems.push(
      `TEST_THROTTLE_FACTOR: tests only, refused with NODE_ENV=production (got ${config.TEST_THROTTLE_FACTOR}; it multiplies every throttling limit: leave it unset)`,
    );
  }
  if (!config.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL: required with NODE_ENV=production (the site's address, such as https://races.example.org)",
    );
    return problems;
  }
  const url = new URL(config.PUBLIC_URL);
  if (url.protocol !== "https:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    problems.push(`PUBLIC_URL: must be https with NODE_ENV=production (got "${config.PUBLIC_URL}")`);
  }
  return problems;
}

/** The site's address for the absolute URLs the server writes: PUBLIC_URL, else the one it listens on. */
export function siteOrigin(config: Pick<Config, "PUBLIC_URL" | "PORT">, listeningUrl: string | undefined): string {
  return config.PUBLIC_URL ?? listeningUrl ?? `http://localhost:${config.PORT}`;
}

/**
 * The payment settings the configuration gives: Stripe's keys and the bank account come in pairs.
 * Which providers are then live is packages/payments' rule (`livePayments`).
 */
export function paymentSettings(config: Config): PaymentSettings {
  const problems: string[] = [];
  if (Boolean(config.STRIPE_SECRET_KEY) !== Boolean(config.STRIPE_WEBHOOK_SECRET)) {
    problems.push("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both, or neither");
  }
  if (Boolean(config.BANK_TRANSFER_IBAN) !== Boolean(config.BANK_TRANSFER_BENEFICIARY)) {
    problems.push("BANK_TRANSFER_IBAN and BANK_TRANSFER_BENEFICIARY: set both, or neither");
  }
  if (problems.length > 0) throw new EnvError(problems);
  return {
    ...(config.NODE_ENV === "production" ? { allowDemonstration: false } : {}),
    ...(config.PAYMENT_PROVIDERS ? { providers: config.PAYMENT_PROVIDERS } : {}),
    ...(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? {
          stripe: {
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            ...(config.STRIPE_API_URL ? { apiUrl: config.STRIPE_API_URL } : {}),
          },
        }
      : {}),
    ...(config.BANK_TRANSFER_IBAN && config.BANK_TRANSFER_BENEFICIARY
      ? { bankAccount: { iban: config.BANK_TRANSFER_IBAN, beneficiary: config.BANK_TRANSFER_BENEFICIARY } }
      : {}),
  };
}
