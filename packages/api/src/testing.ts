import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseHandle } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import type { LivePayments } from "@sports/payments";
import { createMailDelivery, createMailer, listOutbox, type OutboxMail, readOutboxMail } from "@sports/usecases";
import { Hono } from "hono";
import { createApi } from "./app.ts";

export const NOW = new Date("2027-05-01T10:00:00Z");
/** The site's public address in the API's tests: every link the API writes starts with it. */
export const SITE_URL = "https://events.example.org";

export interface TestApi {
  database: DatabaseHandle;
  /** Sends a request to the API mounted under /api, as the server mounts it. */
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  /** `env`: the environment the request is answered with, as the site passes one in process. */
  request(path: string, init?: RequestInit, env?: object): Promise<Response>;
  /** Delivers the mails waiting in the outbox table, then lists the mails sent so far, newest first. */
  mails(): Promise<OutboxMail[]>;
}

/** Where a test's mails go: a fresh outbox folder. */
export function testOutbox(): string {
  return mkdtempSync(join(tmpdir(), "sports-events-outbox-"));
}

export async function openTestApi(
  options: { now?: () => Date; poolSize?: number; payments?: LivePayments; organiserEmails?: string[] } = {},
): Promise<TestApi> {
  const database = await openTestDatabase(options.poolSize ? { poolSize: options.poolSize } : {});
  const outboxDir = testOutbox();
  const mailer = createMailer({ outboxDir, from: "Sport Events <no-reply@sports.test>" });
  const delivery = createMailDelivery({ db: database.db, mailer, now: () => new Date() });
  const app = new Hono().route(
    "/api",
    createApi({
      db: database.db,
      siteUrl: () => SITE_URL,
      now: options.now ?? (() => NOW),
      clientAddress: (c) => c.req.header("x-test-client") ?? "192.0.2.1",
      ...(options.payments ? { payments: options.payments } : {}),
      ...(options.organiserEmails ? { organiserEmails: options.organiserEmails } : {}),
    }),
  );
  const request = async (path: string, init?: RequestInit, env?: object) => app.request(path, init, env);
  return {
    database,
    request,
    async mails() {
      await delivery.deliver();
      const entries = await listOutbox(outboxDir);
      const mails = await Promise.all(entries.map((entry) => readOutboxMail(outboxDir, entry.id)));
      return mails.filter((mail): mail is OutboxMail => mail !== undefined);
    },
    async get(path, headers = {}) {
      const response = await request(path, { headers });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    },
  };
}

/** Stripe's API faked on a loopback port, for the server's own tests. */
export { type StripeFake, startStripeFake } from "@sports/payments/testing";
