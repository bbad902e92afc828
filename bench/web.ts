/**
 * `npm run bench:web`: the server-rendered site. How fast the event list and an event's page render
 * against the same HTML served from memory, how much JavaScript each page loads first (gzipped), and
 * Lighthouse's scores for the home, list and detail pages, and for a race's page with a course (its
 * profile, outline and lazily loaded map) when the demo catalogue has one. See bench/README.md.
 *
 *   node bench/web.ts [--duration 10] [--no-build] [--no-lighthouse] [--no-load] [--event <slug>]
 *
 * Builds the site first (`npm run build`), then runs the server in this process on an embedded PGlite
 * database with the demo catalogue. Traffic goes to 127.0.0.1 only.
 */
import "./production-react.ts";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { seedDemoData } from "@sports/db";
import { appointmentPath } from "@sports/jsonapi";
import { courseOfGpx } from "@sports/usecases";
import { createServerApp } from "../apps/web/server/app.ts";
import { loadConfig } from "../apps/web/server/env.ts";
import { createLogger } from "../apps/web/server/logger.ts";
import { registeredRunner } from "../apps/web/server/testing/runner.ts";
import { openBenchDatabase } from "./bench-database.ts";
import {
  type CapturedAnswer,
  captureAnswer,
  createCleanup,
  fail,
  progress,
  runBenchmark,
  serveUnderTest,
} from "./harness.ts";
import { audit, type LighthouseFigures, launchChromium } from "./lighthouse.ts";
import { closeSequentialConnection, type LoadFigures, medianOf, sequential } from "./load.ts";
import { seconds } from "./report.ts";
import { GZIP_LEVEL, type PageScripts, pageScripts } from "./web-assets.ts";
import {
  detailRatioMet,
  GOALS,
  lighthouseMet,
  listRatioMet,
  type PageLoad,
  type WebReport,
  webReportLines,
} from "./web-report.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER_ENTRY = join(ROOT, "apps/web/build/server/index.js");
const OUTPUT_DIR = join(ROOT, ".bench");
const OUTPUT_FILE = join(OUTPUT_DIR, "web.json");
const STATIC_PREFIX = "/__bench/static/";
const CONNECTIONS = 50;
const ROUNDS = 2;
const SEQUENTIAL_REQUESTS = 200;

const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    duration: { type: "string", default: "10" },
    build: { type: "boolean", default: true },
    lighthouse: { type: "boolean", default: true },
    load: { type: "boolean", default: true },
    event: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (args.help) {
  console.log(
    "Usage: npm run bench:web -- [--duration <seconds, default 10>] [--no-build] [--no-lighthouse] [--no-load] [--event <slug>]\n" +
      "  --no-build       reuse apps/web/build (built anyway if it is missing)\n" +
      "  --no-lighthouse  skip Lighthouse (which needs Chromium: /usr/bin/chromium, or CHROME_PATH)\n" +
      "  --no-load        skip the load runs: only the JavaScript sizes and Lighthouse\n" +
      "  --event <slug>   the detail page's event (default: the first upcoming demo event)",
  );
  process.exit(0);
}
const duration = Number(args.duration);
if (!(duration > 0 && duration <= 600)) fail("--duration must be a number of seconds from 1 to 600");
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";

// Bounded in time whatever happens: the build, Lighthouse, and 2 pages × (2 warm-ups + 2 × 2 runs).
const cleanup = createCleanup("bench:web", (10 * 60 + 12 * duration) * 1000);

/** `npm run build` unless --no-build; a build is made anyway when there is none. */
function ensureBuilt(): string {
  if (!args.build && existsSync(SERVER_ENTRY))
    return `apps/web/build as found (--no-build), built ${statSync(SERVER_ENTRY).mtime.toISOString()}`;
  progress("building the site: npm run build");
  const started = performance.now();
  // The build's own output goes to stderr with the progress; stdout keeps only the report.
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", 2, 2] });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status}); see its output above`);
  return `apps/web/build, built for this run by \`npm run build\` (${seconds(performance.now() - started)})`;
}

/** The page of the first demo race with a course (`appointment.course`), as the API lists the events. */
async function appointmentWithCourse(app: { request: (path: string) => Response | Promise<Response> }) {
  const document = (await (await app.request("/api/events?page[size]=50&include=appointments")).json()) as {
    data?: { id: string; attributes: { slug: string } }[];
    included?: {
      type: string;
      attributes: { slug: string; course: unknown };
      relationships?: { event?: { data?: { id: string } } };
    }[];
  };
  const withCourse = document.included?.find((r) => r.type === "appointments" && r.attributes.course);
  const eventId = withCourse?.relationships?.event?.data?.id;
  const event = document.data?.find((e) => e.id === eventId);
  if (!withCourse || !event) return undefined;
  return appointmentPath(event.attributes.slug, withCourse.attributes.slug);
}

async function main() {
  const started = new Date();
  const build = ensureBuilt();

  progress("opening PGlite and seeding the demo catalogue");
  const database = await openBenchDatabase(undefined);
  cleanup.add(database.dispose);
  const { handle } = database;
  cleanup.add(() => handle.close());
  await handle.migrate();
  // The demo courses too, read as an upload is (`courseOfGpx`), as `npm start` seeds them.
  const demo = await seedDemoData(handle.db, { now: new Date(), readCourse: courseOfGpx });

  // Every answer writes its log line as in production (level info), into a sink that drops it.
  const logger = createLogger("info", new Writable({ write: (_line, _encoding, done) => done() }));
  // The same site twice on one database: rendering every page, and keeping rendered anonymous pages
  // for PAGE_CACHE_SECONDS (its default) as `npm start` does.
  const app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US" },
    siteUrl: () => "http://localhost",
    database: handle,
    logger,
  });
  const cacheSeconds = loadConfig({}).PAGE_CACHE_SECONDS;
  const cachedApp = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US", PAGE_CACHE_SECONDS: cacheSeconds },
    siteUrl: () => "http://localhost",
    database: handle,
    logger,
  });

  // The detail page's event: the first upcoming one, as the API lists them.
  let slug = args.event;
  for (const query of ["page[size]=1&filter[when]=upcoming", "page[size]=1"]) {
    if (slug) break;
    const document = (await (await app.request(`/api/events?${query}`)).json()) as {
      data?: { attributes: { slug: string } }[];
    };
    slug = document.data?.[0]?.attributes.slug;
  }
  if (!slug) throw new Error("the demo catalogue has no event");
  const pages = [
    { page: "home", path: "/" },
    { page: "list", path: "/evento" },
    { page: "detail", path: `/evento/${encodeURIComponent(slug)}` },
  ];
  const course = await appointmentWithCourse(app);
  if (course) pages.push({ page: "course", path: course });
  else progress("no demo race has a course: the course page is left out");
  // Loads run on the list and an event's page; the others are sized and audited only.
  const measured = args.load ? pages.filter((p) => p.page === "list" || p.page === "detail") : [];

  // Each page's HTML and headers, captured once through the whole app.
  const captured = new Map<string, CapturedAnswer>();
  const capturedPage = (page: string) => captured.get(page) as CapturedAnswer;
  for (const { page, path } of pages) {
    const answer = await captureAnswer(app, path);
    if (!answer.headers["content-type"]?.startsWith("text/html"))
      throw new Error(`${path} answered ${answer.headers["content-type"]}, not HTML`);
    captured.set(page, answer);
  }
  // The static routes answer those exact bytes and headers from memory, without touching the app:
  // UTF-8 encoded once, as the cheapest way to write them (kept pages are kept as bytes too).
  const statics = measured.map(({ page }) => {
    const { body, headers } = capturedPage(page);
    return { path: `${STATIC_PREFIX}${page}`, body: new Uint8Array(Buffer.from(body)), headers };
  });
  const server = await serveUnderTest(app, statics, logger, cleanup);
  const cachedServer = await serveUnderTest(cachedApp, [], logger, cleanup);
  const { base } = server;

  // 1. The JavaScript each page loads first.
  const scripts: PageScripts[] = [];
  for (const { page, path } of pages) {
    progress(`${page}: sizing the JavaScript ${path} loads first`);
    scripts.push(await pageScripts(base, page, path, capturedPage(page).body));
  }

  // 2. Lighthouse, one page after the other, before the load runs (and with the browser gone before them).
  let lighthouse: WebReport["lighthouse"];
  if (args.lighthouse) {
    progress(`starting ${chromePath} headless`);
    const browser = await launchChromium(chromePath);
    cleanup.add(browser.close);
    const results: LighthouseFigures[] = [];
    try {
      for (const { page, path } of pages) {
        progress(`${page}: Lighthouse on ${path}`);
        results.push(await audit(browser, page, `${base}${path}`));
      }
    } finally {
      await browser.close();
    }
    lighthouse = { browser: browser.version, pages: results };
  }

  // 3. Each page rendered every time, kept, and its bytes from memory, alternating.
  const measure = (path: string, runSeconds: number) => server.measure(path, CONNECTIONS, runSeconds);
  const measureCached = (path: string, runSeconds: number) => cachedServer.measure(path, CONNECTIONS, runSeconds);
  // A runner logged in, as a browser is: the session cookie on every request (plain `session` over http).
  const session = { cookie: `session=${(await registeredRunner(cachedApp, "Runner")).token}` };
  const measureLoggedIn = (path: string, runSeconds: number) =>
    cachedServer.measure(path, CONNECTIONS, runSeconds, session);

  const loads: PageLoad[] = [];
  const warmup = Math.min(3, duration);
  for (const { page, path } of measured) {
    const staticPath = `${STATIC_PREFIX}${page}`;
    progress(`${page}: warm-up, ${warmup} s each on ${path} (rendered, kept, kept logged in) and ${staticPath}`);
    await measure(path, warmup);
    await measureCached(path, warmup);
    await measureLoggedIn(path, warmup);
    await measure(staticPath, warmup);
    const realRounds: LoadFigures[] = [];
    const cachedRounds: LoadFigures[] = [];
    const loggedInRounds: LoadFigures[] = [];
    const staticRounds: LoadFigures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      progress(
        `${page}: round ${round}/${ROUNDS}, ${duration} s each rendered, kept, kept logged in and static, ${CONNECTIONS} connections`,
      );
      realRounds.push(await measure(path, duration));
      cachedRounds.push(await measureCached(path, duration));
      loggedInRounds.push(await measureLoggedIn(path, duration));
      staticRounds.push(await measure(staticPath, duration));
    }
    progress(`${page}: ${SEQUENTIAL_REQUESTS} requests one after another`);
    const sequentialFigures = await sequential(`${base}${path}`, SEQUENTIAL_REQUESTS);
    const real = medianOf(realRounds);
    const cached = medianOf(cachedRounds);
    const loggedIn = medianOf(loggedInRounds);
    const fromMemory = medianOf(staticRounds);
    loads.push({
      page,
      path,
      staticPath,
      htmlBytes: Buffer.byteLength(capturedPage(page).body),
      real: { median: real, rounds: realRounds },
      cached: { median: cached, rounds: cachedRounds },
      loggedIn: { median: loggedIn, rounds: loggedInRounds },
      static: { median: fromMemory, rounds: staticRounds },
      sequential: sequentialFigures,
      ratio: real.requestsPerSecond / fromMemory.requestsPerSecond,
      cachedRatio: cached.requestsPerSecond / fromMemory.requestsPerSecond,
      loggedInRatio: loggedIn.requestsPerSecond / fromMemory.requestsPerSecond,
    });
  }

  closeSequentialConnection();
  await cleanup.run();

  // 4. The report: printed, and written as JSON (each page's full Lighthouse result in a file of its own).
  const report: WebReport = {
    database: database.description,
    demo,
    build,
    durationSeconds: duration,
    pageCacheSeconds: cacheSeconds,
    connections: CONNECTIONS,
    rounds: ROUNDS,
    sequentialRequests: SEQUENTIAL_REQUESTS,
    gzipLevel: GZIP_LEVEL,
    pages,
    loads,
    scripts,
    ...(lighthouse ? { lighthouse } : {}),
  };
  const lines = webReportLines(report);
  const failures = loads
    .flatMap((l) => [...l.real.rounds, ...l.cached.rounds, ...l.loggedIn.rounds, ...l.static.rounds])
    .reduce((sum, f) => sum + f.errors + f.non2xx, 0);
  if (failures > 0)
    lines.push(`\n  WARNING: ${failures} errors or non-2xx answers during the load runs; the figures are suspect.`);

  mkdirSync(OUTPUT_DIR, { recursive: true });
  const lighthouseFiles: Record<string, string> = {};
  for (const figures of lighthouse?.pages ?? []) {
    const file = join(OUTPUT_DIR, `web-lighthouse-${figures.page}.json`);
    writeFileSync(file, `${JSON.stringify(figures.lhr)}\n`);
    lighthouseFiles[figures.page] = file;
  }
  const json = {
    generatedAt: started.toISOString(),
    machine: {
      node: process.version,
      platform: os.platform(),
      arch: os.arch(),
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
    },
    ...report,
    lighthouse: lighthouse && {
      browser: lighthouse.browser,
      pages: lighthouse.pages.map(({ lhr: _, ...figures }) => ({ ...figures, file: lighthouseFiles[figures.page] })),
    },
    goals: GOALS,
    verdicts: {
      listRatio: listRatioMet(loads),
      detailRatio: detailRatioMet(loads),
      scriptGzip: Object.fromEntries(scripts.map((s) => [s.page, s.gzipBytes < GOALS.scriptGzipBytes])),
      lighthouse: lighthouse && Object.fromEntries(lighthouse.pages.map((p) => [p.page, lighthouseMet(p)])),
    },
  };
  writeFileSync(OUTPUT_FILE, `${JSON.stringify(json, null, 2)}\n`);
  lines.push("");
  lines.push(`Figures written to ${OUTPUT_FILE}`);
  if (lighthouse) lines.push(`Lighthouse results in ${join(OUTPUT_DIR, "web-lighthouse-<page>.json")}`);
  console.log(lines.join("\n"));
}

await runBenchmark("bench:web", main, cleanup);
