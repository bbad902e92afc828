/**
 * `npm run bench:api`: how fast `GET /api/events?page[size]=20&include=appointments` answers, against
 * the same bytes served from memory, and at 1,000 vs 100,000 events. See bench/README.md.
 *
 *   node bench/api.ts [--duration 10] [--postgres] [--events 100000]
 *
 * PGlite in a fresh temp folder by default; PostgreSQL with --postgres or BENCH_DATABASE_URL (a fresh
 * `sports_events_bench` database on that server, dropped at the end). Traffic goes to 127.0.0.1 only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { appointmentsOfEvents, type DatabaseHandle, type EventListQuery, listEvents, openDatabase } from "@sports/db";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createServerApp } from "../apps/web/server/app.ts";
import { listen } from "../apps/web/server/listen.ts";
import { createLogger } from "../apps/web/server/logger.ts";
import { type SeedResult, seedBenchEvents } from "./seed-events.ts";

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
const SEQUENTIAL_WARMUP = 20;
const BREAKDOWN_REPEATS = 100;
const ROUNDS = 2;
const GOAL_RATIO = 1.3;
const BENCH_DATABASE = "sports_events_bench";
const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const POOL_SIZE = 10;
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

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface LoadFigures {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** autocannon records whole milliseconds. */
  latencyMs: { mean: number; p50: number; p99: number; max: number };
  bytesPerResponse: number;
  errors: number;
  non2xx: number;
}

/** autocannon in a worker thread, so the load generator does not share the server's event loop. */
async function load(url: string, connections: number, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, workers: 1 });
  const ok = result["2xx"];
  return {
    connections,
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    latencyMs: { mean: result.latency.mean, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    bytesPerResponse: ok ? Math.round(result.throughput.total / ok) : 0,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

interface SequentialFigures {
  requests: number;
  /** Measured with performance.now() around each request on one keep-alive connection. */
  latencyMs: { mean: number; p50: number; p99: number; max: number };
}

const sequentialAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: sequentialAgent }, (response) => {
        response.on("data", () => {});
        response.on("end", () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** One request after another on one connection: the latency of a single visitor, to the microsecond. */
async function sequential(url: string, count: number): Promise<SequentialFigures> {
  for (let i = 0; i < SEQUENTIAL_WARMUP; i++) await get(url);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await get(url);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  return {
    requests: count,
    latencyMs: {
      mean: times.reduce((sum, t) => sum + t, 0) / times.length,
      p50: at(0.5),
      p99: at(0.99),
      max: times[times.length - 1] ?? 0,
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medianOf(rounds: LoadFigures[]): LoadFigures {
  const pick = (f: (r: LoadFigures) => number) => median(rounds.map(f));
  const first = rounds[0] as LoadFigures;
  return {
    connections: first.connections,
    seconds: pick((r) => r.seconds),
    requests: pick((r) => r.requests),
    requestsPerSecond: pick((r) => r.requestsPerSecond),
    latencyMs: {
      mean: pick((r) => r.latencyMs.mean),
      p50: pick((r) => r.latencyMs.p50),
      p99: pick((r) => r.latencyMs.p99),
      max: pick((r) => r.latencyMs.max),
    },
    bytesPerResponse: pick((r) => r.bytesPerResponse),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Formatting

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number, digits = 1) => `${n.toFixed(digits)} ms`;
const times = (n: number) => `${n.toFixed(2)}×`;
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

function table(rows: string[][], align: ("l" | "r")[]): string {
  const widths = align.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (align[i] === "r" ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .map((line) => `  ${line}`)
    .join("\n");
}

function progress(message: string) {
  process.stderr.write(`· ${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// The database

interface BenchDatabase {
  handle: DatabaseHandle;
  description: string;
  /** Drops the PostgreSQL database or deletes the PGlite folder. */
  dispose(): Promise<void>;
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function openBenchDatabase(): Promise<BenchDatabase> {
  if (postgresUrl) {
    await withAdminClient(postgresUrl, async (client) => {
      await client.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
      await client.query(`create database ${BENCH_DATABASE}`);
    });
    const url = new URL(postgresUrl);
    url.pathname = `/${BENCH_DATABASE}`;
    const handle = await openDatabase({ url: url.toString(), poolSize: POOL_SIZE, applicationName: "bench-api" });
    return {
      handle,
      description: `PostgreSQL, database ${BENCH_DATABASE} at ${withoutPassword(url.toString())}, pool of ${POOL_SIZE}`,
      async dispose() {
        await withAdminClient(postgresUrl, (client) =>
          client.query(`drop database if exists ${BENCH_DATABASE} with (force)`),
        );
      },
    };
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), "sports-events-bench-"));
  const handle = await openDatabase({ dataDir });
  return {
    handle,
    description: `PGlite in ${dataDir}`,
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The run

interface Captured {
  status: number;
  body: string;
  headers: Record<string, string>;
  total: number;
  data: number;
  included: number;
}

interface BreakdownFigures {
  events: number;
  /** The sequential mean of the default request over HTTP. */
  requestMs: number;
  /** The page query and the count(*) for meta.total (concurrent on PostgreSQL, one after the other on PGlite). */
  listEventsMs: number;
  /** The included appointments of the page's events. */
  appointmentsMs: number;
  /** Everything else: HTTP, middleware, serialisation, JSON. */
  restMs: number;
}

interface VariantFigures {
  events: number;
  responseBytes: number;
  metaTotal: number;
  load: LoadFigures;
  sequential: SequentialFigures;
}

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error("cleanup failed:", error);
      }
    }
  })();
  return cleaning;
}

process.once("SIGINT", () => {
  console.error("\ninterrupted; cleaning up");
  cleanUp().finally(() => process.exit(130));
});

// Bounded in time whatever happens: seeding, 4 + 2×3 load runs, warm-ups and sequential runs.
const deadlineMs = (15 * 60 + 20 * duration) * 1000;
setTimeout(() => {
  console.error(`bench:api did not finish within ${seconds(deadlineMs)}; giving up`);
  cleanUp().finally(() => process.exit(2));
}, deadlineMs).unref();

async function main() {
  const started = new Date();
  progress(postgresUrl ? `creating ${BENCH_DATABASE} on ${withoutPassword(postgresUrl)}` : "opening PGlite");
  const database = await openBenchDatabase();
  cleanups.push(database.dispose);
  const { handle } = database;
  cleanups.push(() => handle.close());
  await handle.migrate();
  const versionRows = await handle.db.execute<{ version: string }>(sql`select version() as version`);
  const serverVersion = String((versionRows as unknown as { rows: { version: string }[] }).rows[0]?.version ?? "");

  const now = new Date();
  const seeding: (SeedResult & { totalEvents: number })[] = [];
  progress(`seeding ${int(SMALL)} events`);
  seeding.push({ ...(await seedBenchEvents(handle.db, { count: SMALL, now })), totalEvents: SMALL });

  const logger = createLogger("silent");
  const app = createServerApp({ config: { DEFAULT_LOCALE: "en-US" }, database: handle, logger });

  // The real endpoint's answer, captured once through the whole app (no Accept-Encoding, as autocannon sends).
  async function capture(path: string): Promise<Captured> {
    const response = await app.request(path);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 500)}`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const document = JSON.parse(body) as { data: unknown[]; included?: unknown[]; meta: { total: number } };
    return {
      status: response.status,
      body,
      headers,
      total: document.meta.total,
      data: document.data.length,
      included: document.included?.length ?? 0,
    };
  }

  const snapshot = await capture(ENDPOINT);
  if (snapshot.data !== 20) throw new Error(`expected 20 events on the page, got ${snapshot.data}`);
  const staticHeaders = snapshot.headers;
  const staticBody = snapshot.body;

  // Requests the app is still working on: when autocannon stops, the server still owes answers to the
  // requests queued behind the database, and the next run must not pay for them.
  let inFlight = 0;
  const done = () => {
    inFlight--;
  };
  const listener = await listen(
    (request) => {
      if (request.url.endsWith(STATIC_PATH)) return new Response(staticBody, { status: 200, headers: staticHeaders });
      inFlight++;
      const answer = Promise.resolve(app.fetch(request));
      answer.then(done, done);
      return answer;
    },
    { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 5_000, logger },
  );
  cleanups.push(() => listener.close());
  const base = `http://127.0.0.1:${new URL(listener.url).port}`;

  async function settle() {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  async function measure(path: string, connections: number, runSeconds: number): Promise<LoadFigures> {
    const figures = await load(`${base}${path}`, connections, runSeconds);
    await settle();
    return figures;
  }

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

  sequentialAgent.destroy();
  await cleanUp();

  // -------------------------------------------------------------------------------------------
  // The report

  const ratios = VARIANTS.map((variant) => {
    const a = small[variant.name] as VariantFigures;
    const b = big[variant.name] as VariantFigures;
    return {
      variant: variant.name,
      sequentialMean: b.sequential.latencyMs.mean / a.sequential.latencyMs.mean,
      sequentialP99: b.sequential.latencyMs.p99 / a.sequential.latencyMs.p99,
      loadMean: b.load.latencyMs.mean / a.load.latencyMs.mean,
      loadP99: b.load.latencyMs.p99 / a.load.latencyMs.p99,
      requestsPerSecond: a.load.requestsPerSecond / b.load.requestsPerSecond,
    };
  });
  const verdict = (ratio: number) => (ratio <= GOAL_RATIO ? "within goal" : `over the ${GOAL_RATIO}× goal`);

  const lines: string[] = [];
  lines.push(`API benchmark: GET ${ENDPOINT}`);
  lines.push(`  database  ${database.description}`);
  lines.push(`            ${serverVersion}`);
  lines.push(
    `  machine   Node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})`,
  );
  lines.push(`  load      autocannon 9 in a worker thread, ${duration} s a run, no Accept-Encoding (uncompressed)`);
  lines.push("");
  lines.push("Seeding (multi-row INSERT … SELECT json_populate_recordset, 1,000 events a statement)");
  lines.push(
    table(
      [
        ["", "events", "appointments", "insert", "VACUUM ANALYZE", "events/s"],
        ...seeding.map((s) => [
          `to ${int(s.totalEvents)}`,
          `+${int(s.events)}`,
          `+${int(s.appointments)}`,
          seconds(s.insertMs),
          seconds(s.analyzeMs),
          int(s.events / (s.insertMs / 1000)),
        ]),
      ],
      ["l", "r", "r", "r", "r", "r"],
    ),
  );
  lines.push("");
  lines.push(
    `1. Real endpoint vs the same bytes from memory (${int(SMALL)} events, ${THROUGHPUT_CONNECTIONS} connections, median of ${ROUNDS} alternating rounds)`,
  );
  const loadRow = (label: string, f: LoadFigures, rounds: LoadFigures[]) => [
    label,
    int(f.requestsPerSecond),
    ms(f.latencyMs.p50, 0),
    ms(f.latencyMs.p99, 0),
    ms(f.latencyMs.mean, 2),
    int(f.bytesPerResponse),
    rounds.map((r) => int(r.requestsPerSecond)).join(" / "),
    String(f.errors + f.non2xx),
  ];
  lines.push(
    table(
      [
        ["", "req/s", "p50", "p99", "mean", "bytes/resp", "req/s by round", "errors"],
        loadRow("real   /api/events", real, realRounds),
        loadRow(`static ${STATIC_PATH}`, statics, staticRounds),
      ],
      ["l", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  const throughputRatio = real.requestsPerSecond / statics.requestsPerSecond;
  lines.push(
    `  real/static req/s: ${throughputRatio.toPrecision(2)}: the same bytes from memory go ${(1 / throughputRatio).toFixed(0)}× ` +
      "faster; the gap is routing, middleware, database queries and serialisation",
  );
  lines.push(
    `  response: ${int(Buffer.byteLength(staticBody))} bytes of JSON, ${snapshot.data} events + ${snapshot.included} appointments, meta.total ${int(snapshot.total)}`,
  );
  lines.push("");
  lines.push(
    `2. Latency at ${int(SMALL)} vs ${int(large)} events (load: ${LATENCY_CONNECTIONS} connections, ${duration} s; ` +
      `sequential: 1 connection, ${SEQUENTIAL_REQUESTS} requests)`,
  );
  const latencyRows: string[][] = [
    ["", "events", "req/s", "p50", "p99", "mean", "seq mean", "seq p50", "seq p99", "bytes", "meta.total"],
  ];
  for (const variant of VARIANTS) {
    for (const f of [small[variant.name], big[variant.name]] as VariantFigures[]) {
      latencyRows.push([
        f === small[variant.name] ? variant.name : "",
        int(f.events),
        int(f.load.requestsPerSecond),
        ms(f.load.latencyMs.p50, 0),
        ms(f.load.latencyMs.p99, 0),
        ms(f.load.latencyMs.mean, 2),
        ms(f.sequential.latencyMs.mean, 2),
        ms(f.sequential.latencyMs.p50, 2),
        ms(f.sequential.latencyMs.p99, 2),
        int(f.responseBytes),
        int(f.metaTotal),
      ]);
    }
  }
  lines.push(table(latencyRows, ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"]));
  lines.push("");
  lines.push(`  ${int(large)} / ${int(SMALL)} (goal: latency within ${GOAL_RATIO}×)`);
  lines.push(
    table(
      [
        ["", "seq mean", "seq p99", "load mean", "load p99", "req/s drop", "verdict (seq mean)"],
        ...ratios.map((r) => [
          r.variant,
          times(r.sequentialMean),
          times(r.sequentialP99),
          times(r.loadMean),
          times(r.loadP99),
          times(r.requestsPerSecond),
          verdict(r.sequentialMean),
        ]),
      ],
      ["l", "r", "r", "r", "r", "r", "l"],
    ),
  );
  lines.push("");
  lines.push(
    `3. Where the default request's time goes (sequential means; the database calls timed directly, ${BREAKDOWN_REPEATS} each)`,
  );
  const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
  lines.push(
    table(
      [
        ["events", "request", "listEvents (page + count)", "appointmentsOfEvents", "rest (HTTP, app, JSON)"],
        ...[smallBreakdown, bigBreakdown].map((b) => [
          int(b.events),
          ms(b.requestMs, 2),
          `${ms(b.listEventsMs, 2)} (${share(b.listEventsMs, b.requestMs)})`,
          `${ms(b.appointmentsMs, 2)} (${share(b.appointmentsMs, b.requestMs)})`,
          // Timed apart from the request, the database calls can come out a little longer than it.
          b.restMs > 0 ? `${ms(b.restMs, 2)} (${share(b.restMs, b.requestMs)})` : "≈0 (within noise)",
        ]),
      ],
      ["r", "r", "r", "r", "r"],
    ),
  );
  const failures = [...realRounds, ...staticRounds, ...Object.values(small), ...Object.values(big)].reduce(
    (sum, f) => sum + ("load" in f ? f.load.errors + f.load.non2xx : f.errors + f.non2xx),
    0,
  );
  if (failures > 0)
    lines.push(`\n  WARNING: ${failures} errors or non-2xx answers during the load runs; the figures are suspect.`);

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
      requestsPerSecondRatio: throughputRatio,
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

try {
  await main();
} catch (error) {
  console.error("bench:api failed:", error);
  process.exitCode = 1;
} finally {
  sequentialAgent.destroy();
  await cleanUp();
}
