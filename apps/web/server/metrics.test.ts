import { SITE_URL } from "@sports/api/testing";
import { type DatabaseHandle, queueMail, seedDemoData, startJobQueue } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "./app.ts";
import { createLogger } from "./logger.ts";
import { createServerMetrics, routeOf } from "./metrics.ts";

const TOKEN = "a-long-enough-metrics-token";
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createServerApp>>;
let stopJobs: () => Promise<void>;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db, { now: new Date() });
  await queueMail(database.db, { to: "waiting@example.org", subject: "s", text: "t", html: "h", kind: "test" });
  const jobs = await startJobQueue(database, [{ name: "idle", everyMs: 60_000, run: async () => {} }]);
  stopJobs = () => jobs.stop(2_000);
  app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US" },
    siteUrl: () => SITE_URL,
    database,
    logger: createLogger("silent"),
    metrics: createServerMetrics({ database, jobs: () => jobs }),
    metricsToken: TOKEN,
  });
});
afterAll(async () => {
  await stopJobs();
  await database.close();
});

const scrape = async () => {
  const response = await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
};

describe("/metrics", () => {
  it("answers only the token's bearer when a token is set", async () => {
    expect((await app.request("/metrics")).status).toBe(401);
    expect((await app.request("/metrics", { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
  });

  it("counts requests by route pattern, never by the ids in them", async () => {
    await app.request("/api/events");
    await app.request("/api/events/5d6f0a10-0000-4000-8000-000000000000");
    await app.request("/api/no-such-thing/../etc");
    const text = await scrape();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/events",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/events\/:id",status="404"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/events"\} 1/);
    expect(text).not.toContain("5d6f0a10");
  });

  it("reports signups, payments, the job queue, the outbox and the database pool", async () => {
    const text = await scrape();
    expect(text).toContain("# TYPE signups gauge");
    expect(text).toContain("# TYPE payments gauge");
    expect(text).toMatch(/job_queue_depth\{queue="idle"\} \d+/);
    expect(text).toMatch(/outbox_mails_unsent\{state="pending"\} 1/);
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain("process_cpu_user_seconds_total");
  });
});

describe("routeOf", () => {
  it("names a bounded set of routes", () => {
    expect(routeOf("/api/signups")).toBe("/api/signups");
    expect(routeOf("/api/signups/abc/participants")).toBe("/api/signups/:id/participants");
    expect(routeOf("/api/users/me")).toBe("/api/users/me");
    expect(routeOf("/api/payments/123")).toBe("/api/payments/:id");
    expect(routeOf("/api/whatever/else/entirely")).toBe("/api/other");
    expect(routeOf("/assets/entry-abc123.js")).toBe("static");
    expect(routeOf("/it-IT/evento/maratona")).toBe("page");
    expect(routeOf("/readyz")).toBe("/readyz");
  });
});
