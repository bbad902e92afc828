import { describe, expect, it } from "vitest";
import { EnvError, loadConfig, paymentSettings, tileImageSource } from "./env.ts";

describe("loadConfig", () => {
  it("fills in the defaults", () => {
    expect(loadConfig({})).toEqual({
      NODE_ENV: "development",
      HOST: "0.0.0.0",
      PORT: 3000,
      DATA_DIR: "./.data",
      DATABASE_URL: undefined,
      DATABASE_POOL_SIZE: 10,
      DEMO_DATA: true,
      DEFAULT_LOCALE: "en-US",
      LOG_LEVEL: "info",
      SMTP_URL: undefined,
      MAIL_FROM: '"Sport Events" <no-reply@localhost>',
      PAGE_CACHE_SECONDS: 5,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      TEST_THROTTLE_FACTOR: 1,
      ORGANISER_EMAILS: [],
      MAP_TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      MAP_ATTRIBUTION: "© OpenStreetMap contributors",
    });
  });

  it("reads the payment settings, in pairs, without showing the secrets", () => {
    const config = loadConfig({
      PAYMENT_PROVIDERS: "stripe, bank-transfer",
      STRIPE_SECRET_KEY: "sk_test_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      BANK_TRANSFER_IBAN: "IT60X0542811101000000123456",
      BANK_TRANSFER_BENEFICIARY: "ASD Trail Club",
      ORGANISER_EMAILS: "Anna@Example.org, bruno@example.org",
    });
    expect(config.PAYMENT_PROVIDERS).toEqual(["stripe", "bank-transfer"]);
    expect(config.ORGANISER_EMAILS).toEqual(["anna@example.org", "bruno@example.org"]);
    expect(paymentSettings(config)).toEqual({
      providers: ["stripe", "bank-transfer"],
      stripe: { secretKey: "sk_test_abc123", webhookSecret: "whsec_abc123" },
      bankAccount: { iban: "IT60X0542811101000000123456", beneficiary: "ASD Trail Club" },
    });
    expect(() => paymentSettings(loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123" }))).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both/,
    );
    const wrong = (() => {
      try {
        loadConfig({ STRIPE_SECRET_KEY: "pk_live_oops", PAYMENT_PROVIDERS: "paypal" });
      } catch (error) {
        return String(error);
      }
    })();
    expect(wrong).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(wrong).toMatch(/PAYMENT_PROVIDERS: must list some of stripe, demo, bank-transfer/);
    expect(wrong).not.toContain("pk_live_oops");
  });

  it("reads the given values and treats empty ones as unset", () => {
    const config = loadConfig({
      PORT: "8080",
      DEMO_DATA: "false",
      DATABASE_URL: "postgres://app@db:5432/events",
      DEFAULT_LOCALE: "it-IT",
      HOST: "",
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DEMO_DATA: false,
      DATABASE_URL: "postgres://app@db:5432/events",
      DEFAULT_LOCALE: "it-IT",
      HOST: "0.0.0.0",
    });
  });

  it("names every wrong variable and what it must be", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DEMO_DATA: "yes",
        DEFAULT_LOCALE: "klingon",
        LOG_LEVEL: "loud",
        DATABASE_POOL_SIZE: "0",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const { problems, message } = error as EnvError;
    expect(problems).toEqual([
      'PORT: must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_POOL_SIZE: must be from 1 to 200 (got "0")',
      'DEMO_DATA: must be "true" or "false" (got "yes")',
      'DEFAULT_LOCALE: must be one of en-US, it-IT, de-DE, fr-FR, es-ES (got "klingon")',
      expect.stringMatching(/^LOG_LEVEL: .* \(got "loud"\)$/),
    ]);
    expect(message).toMatch(/^Invalid environment:\n {2}- PORT/);
  });

  it("takes a tests' throttle factor outside production only, as a whole number from 1", () => {
    expect(loadConfig({ TEST_THROTTLE_FACTOR: "100" }).TEST_THROTTLE_FACTOR).toBe(100);
    expect(loadConfig({ NODE_ENV: "test", TEST_THROTTLE_FACTOR: "100" }).TEST_THROTTLE_FACTOR).toBe(100);
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://races.example.org" };
    expect(loadConfig({ ...production, TEST_THROTTLE_FACTOR: "1" }).TEST_THROTTLE_FACTOR).toBe(1);
    expect(() => loadConfig({ ...production, TEST_THROTTLE_FACTOR: "100" })).toThrow(
      /TEST_THROTTLE_FACTOR: tests only, refused with NODE_ENV=production \(got 100/,
    );
    for (const wrong of ["0", "-2", "1.5", "many", "10001"]) {
      expect(() => loadConfig({ TEST_THROTTLE_FACTOR: wrong })).toThrow(/TEST_THROTTLE_FACTOR: must be/);
    }
  });

  it("never repeats a database URL, which may hold a password", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://root:s3cret@db/events" })).toThrow(
      /DATABASE_URL: must be a PostgreSQL URL[^\n]*$/,
    );
    try {
      loadConfig({ DATABASE_URL: "mysql://root:s3cret@db/events" });
    } catch (error) {
      expect((error as Error).message).not.toContain("s3cret");
    }
  });
});

describe("the course maps' tiles", () => {
  it("default to OpenStreetMap's, with its attribution", () => {
    const config = loadConfig({});
    expect(config.MAP_TILE_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(config.MAP_ATTRIBUTION).toBe("© OpenStreetMap contributors");
  });

  it("take an https template naming {z}, {x} and {y}, and refuse anything else", () => {
    expect(loadConfig({ MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}@2x.png" }).MAP_TILE_URL).toBe(
      "https://{s}.tiles.example.org/{z}/{x}/{y}@2x.png",
    );
    expect(() => loadConfig({ MAP_TILE_URL: "https://tiles.example.org/{z}/{x}.png" })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: "http://tiles.example.org/{z}/{x}/{y}.png" })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ MAP_TILE_URL: "javascript:{z}{x}{y}" })).toThrow(/MAP_TILE_URL/);
  });

  it("name the source the Content-Security-Policy lets images come from", () => {
    expect(tileImageSource("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(tileImageSource("https://{s}.tile.Example.org/{z}/{x}/{y}.png")).toBe("https://*.tile.example.org");
    expect(tileImageSource("http://127.0.0.1:3999/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:3999");
    expect(tileImageSource("https://evil.example.org; script-src *")).toBeUndefined();
  });
});
