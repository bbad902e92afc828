/**
 * `npm run bench:api`: how fast `GET /api/events?page[size]=20&include=appointments` answers, against
 * the same bytes served from memory, and at 1,000 vs 100,000 events. See bench/README.md.
 *
 *   node bench/api.ts [--duration 10] [--postgres] [--events 100000]
 *
 * PGlite in a fresh temp folder by default; PostgreSQL with --postgres or BENCH_DATABASE_URL (a fresh
 * `sports_events_bench` database on that server, dropped at the end). Traffic goes to 127.0.0.1 only.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { appointmentsOfEvents, type EventListQuery, listEvents } from "@sports/db";
import { sql } from "drizzle-orm";
import { createServerApp } from "../apps/web/server/app.ts";
import { createLogger } from "../apps/web/server/logger.ts";
import { BENCH_DATABASE, openBenchDatabase, withoutPassword } from "./bench-database.ts";
import { captureAnswer, createCleanup, fail, progress, runBenchmark, serveUnderTest } from "./harness.ts";
import { closeSequentialConnection, type LoadFigures, medianOf, sequential } from "./load.ts";
import {
  type BreakdownFigures,
  int,
  latencyRatios,
  reportLines,
  type SeedingFigures,
  type VariantFigures,
} from "./report.ts";
import { seedBenchEvents } from "./seed-events.ts";

const ENDPOINT = "/api/events?page[size]=20&include=appointments";
const STATIC_PATH = "/__bench/static";
const VARIANTS = [
  { name: "default", path: ENDPOINT },
  { name: "filter[when]=upcoming", path: `${ENDPOINT}&filter[when]=upcoming` },
  { name: "sort=-startsAt", path: `${ENDPOINT}&sort=-startsAt` },
] as const;
const SMALL = 1_000;
const THROUGHPUT_CONNECTIONS = 50;
const LATENCY_CONNECTIONS = 10;
const SEQUENTIAL_REQUESTS = 200;
const BREAKDOWN_REPEATS = 100;
const ROUNDS = 2;
const GOAL_RATIO = 1.3;
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const OUTPUT_FILE = fileURLToPath(new URL("../.bench/api.json", import.meta.url));

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    postgres: { type: "boolean", default: false },
    events: { type: "string", default: "100000" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (args.help) {
  console.log(
    "Usage: npm run bench:api -- [--duration <seconds, default 10>] [--postgres] [--events <large size, default 100000>]\n" +
      `PostgreSQL: --postgres or BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/db (creates and drops ${BENCH_DATABASE}).`,
  );
  process.exit(0);
}
const duration = Number(args.duration);
const large = Number(args.events);
if (!(duration > 0 && duration <= 600)) fail("--duration must be a number of seconds from 1 to 600");
if (!(Number.isInteger(large) && large > SMALL && large <= 1_000_000))
  fail(`--events must be a whole number above ${SMALL}`);
const postgresUrl = process.env.BENCH_DATABASE_URL || (args.postgres ? DEFAULT_POSTGRES_URL : undefined);

// Bounded in time whatever happens: seeding, 4 + 2×3 load runs, warm-ups and sequential runs.
const cleanup = createCleanup("bench:api", (15 * 60 + 20 * duration) * 1000);

async function main() {
  const started = new Date();
  progress(postgresUrl ? `creating ${BENCH_DATABASE} on ${withoutPassword(postgresUrl)}` : "opening PGlite");
  const database = await openBenchDatabase(postgresUrl);
  cleanup.add(database.dispose);
  const { handle } = database;
  cleanup.add(() => handle.close());
  await handle.migrate();
  const versionRows = await handle.db.execute<{ version: string }>(sql`select version() as version`);
  const serverVersion = String((versionRows as unknown as { rows: { version: string }[] }).rows[0]?.version ?? "");

  const now = new Date();
  const seeding: SeedingFigures[] = [];
  progress(`seeding ${int(SMALL)} events`);
  seeding.push({ ...(await seedBenchEvents(handle.db, { count: SMALL, now })), totalEvents: SMALL });

  const logger = createLogger("silent");
  const app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US" },
    siteUrl: () => "http://localhost",
    database: handle,
    logger,
  });

  // An event list's answer, captured once through the whole app, and what its document holds.
  async function capture(path: string) {
    const answer = await captureAnswer(app, path);
    const document = JSON.parse(answer.body) as { data: unknown[]; included?: unknown[]; meta: { total: number } };
    return {
      ...answer,
      total: document.meta.total,
      data: document.data.length,
      included: document.included?.length ?? 0,
    };
  }

  const snapshot = await capture(ENDPOINT);
  const { body: staticBody, headers: staticHeaders } = snapshot;
  if (snapshot.data !== 20) throw new Error(`expected 20 events on the page, got ${snapshot.data}`);
  const { base, measure } = await serveUnderTest(
    app,
    [{ path: STATIC_PATH, body: staticBody, headers: staticHeaders }],
    logger,
    cleanup,
  );

  // 1. The real endpoint against its own bytes from memory, alternating.
  const warmup = Math.min(3, duration);
  progress(`warm-up: ${warmup} s each on the endpoint and the static route`);
  await measure(ENDPOINT, THROUGHPUT_CONNECTIONS, warmup);
  await measure(STATIC_PATH, THROUGHPUT_CONNECTIONS, warmup);
  const realRounds: LoadFigures[] = [];
  const staticRounds: LoadFigures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    progress(
      `round ${round}/${ROUNDS}: ${duration} s real, then ${duration} s static, ${THROUGHPUT_CONNECTIONS} connections`,
    );
    realRounds.push(await measure(ENDPOINT, THROUGHPUT_CONNECTIONS, duration));
    staticRounds.push(await measure(STATIC_PATH, THROUGHPUT_CONNECTIONS, duration));
  }
  const real = medianOf(realRounds);
  const statics = medianOf(staticRounds);

  // 2. Latency at 1,000 and at the large size.
  async function measureVariants(events: number): Promise<Record<string, VariantFigures>> {
    const figures: Record<string, VariantFigures> = {};
    for (const variant of VARIANTS) {
      const captured = await capture(variant.path);
      progress(
        `${int(events)} events, ${variant.name}: ${duration} s at ${LATENCY_CONNECTIONS} connections, then ${SEQUENTIAL_REQUESTS} sequential`,
      );
      await measure(variant.path, LATENCY_CONNECTIONS, Math.min(2, duration));
      const loadFigures = await measure(variant.path, LATENCY_CONNECTIONS, duration);
      const sequentialFigures = await sequential(`${base}${variant.path}`, SEQUENTIAL_REQUESTS);
      figures[variant.name] = {
        events,
        responseBytes: Buffer.byteLength(captured.body),
        metaTotal: captured.total,
        load: loadFigures,
        sequential: sequentialFigures,
      };
    }
    return figures;
  }

  // 3. Where the default request's time goes: the repository functions the route calls, timed
  // directly (one after another), against the request measured over HTTP.
  async function breakdown(events: number, figures: Record<string, VariantFigures>): Promise<BreakdownFigures> {
    const repeat = async (work: () => Promise<unknown>) => {
      for (let i = 0; i < 10; i++) await work();
      const started = performance.now();
      for (let i = 0; i < BREAKDOWN_REPEATS; i++) await work();
      return (performance.now() - started) / BREAKDOWN_REPEATS;
    };
    // What the route asks for on `GET /api/events?page[size]=20`.
    const query = (): EventListQuery => ({
      filters: {},
      sort: [{ field: "startsAt", descending: false }],
      pageNumber: 1,
      pageSize: 20,
      locale: "en-US",
      now: new Date(),
    });
    let ids: string[] = [];
    progress(`${int(events)} events: timing listEvents and appointmentsOfEvents, ${BREAKDOWN_REPEATS} calls each`);
    const listEventsMs = await repeat(async () => {
      ids = (await listEvents(handle.db, query())).events.map((event) => event.id);
    });
    const appointmentsMs = await repeat(() => appointmentsOfEvents(handle.db, ids));
    const requestMs = (figures.default as VariantFigures).sequential.latencyMs.mean;
    return { events, requestMs, listEventsMs, appointmentsMs, restMs: requestMs - listEventsMs - appointmentsMs };
  }

  const small = await measureVariants(SMALL);
  const smallBreakdown = await breakdown(SMALL, small);
  progress(`seeding ${int(large - SMALL)} more events (to ${int(large)})`);
  seeding.push({
    ...(await seedBenchEvents(handle.db, { first: SMALL + 1, count: large - SMALL, now })),
    totalEvents: large,
  });
  const big = await measureVariants(large);
  const bigBreakdown = await breakdown(large, big);

  closeSequentialConnection();
  await cleanup.run();

  // 4. The report: printed, and written as JSON.
  const ratios = latencyRatios(VARIANTS, small, big);
  const lines = reportLines(
    {
      endpoint: ENDPOINT,
      staticPath: STATIC_PATH,
      variants: VARIANTS,
      small: SMALL,
      large,
      durationSeconds: duration,
      throughputConnections: THROUGHPUT_CONNECTIONS,
      latencyConnections: LATENCY_CONNECTIONS,
      sequentialRequests: SEQUENTIAL_REQUESTS,
      breakdownRepeats: BREAKDOWN_REPEATS,
      rounds: ROUNDS,
      goalRatio: GOAL_RATIO,
    },
    {
      database: { description: database.description, version: serverVersion },
      seeding,
      real: { median: real, rounds: realRounds },
      static: { median: statics, rounds: staticRounds },
      response: {
        bytes: Buffer.byteLength(staticBody),
        events: snapshot.data,
        appointments: snapshot.included,
        total: snapshot.total,
      },
      small,
      big,
      ratios,
      breakdown: [smallBreakdown, bigBreakdown],
    },
  );

  const report = {
    generatedAt: started.toISOString(),
    endpoint: ENDPOINT,
    machine: {
      node: process.version,
      platform: os.platform(),
      arch: os.arch(),
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
    },
    database: { kind: handle.kind, description: database.description, version: serverVersion },
    options: {
      durationSeconds: duration,
      throughputConnections: THROUGHPUT_CONNECTIONS,
      latencyConnections: LATENCY_CONNECTIONS,
      sequentialRequests: SEQUENTIAL_REQUESTS,
      rounds: ROUNDS,
      sizes: [SMALL, large],
      goalRatio: GOAL_RATIO,
    },
    seeding,
    realVsStatic: {
      events: SMALL,
      responseBytes: Buffer.byteLength(staticBody),
      real: { median: real, rounds: realRounds },
      static: { median: statics, rounds: staticRounds },
      requestsPerSecondRatio: real.requestsPerSecond / statics.requestsPerSecond,
    },
    latency: { [SMALL]: small, [large]: big, ratios },
    breakdown: [smallBreakdown, bigBreakdown],
  };
  mkdirSync(join(OUTPUT_FILE, ".."), { recursive: true });
  writeFileSync(OUTPUT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  lines.push("");
  lines.push(`Figures written to ${OUTPUT_FILE}`);
  console.log(lines.join("\n"));
}

await runBenchmark("bench:api", main, cleanup);
