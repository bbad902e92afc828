/**
 * Where a rendered page's time goes: renders one page many times in process (the whole app, every
 * request rendered, React's production build) under `node:inspector`'s CPU profiler, and sums the
 * samples by who spent them: React, React Router, Drizzle, the database driver, the site's own code…
 * With `--kept`, the same for the page answered from the page cache (`--visitor`: logged in).
 * See bench/README.md, "Where a rendered page's time goes".
 */
import "./production-react.ts";
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { SESSION_COOKIE } from "@sports/api";
import { type Database, seedDemoData } from "@sports/db";
import { type AppointmentAttributes, JSONAPI_MEDIA_TYPE, placeOf, signupPath } from "@sports/jsonapi";
import { courseOfGpx } from "@sports/usecases";
import { createServerApp } from "../apps/web/server/app.ts";
import { createLogger } from "../apps/web/server/logger.ts";
import { openBenchDatabase, writeVisitors } from "./bench-database.ts";
import { createCleanup, progress, runBenchmark, serveUnderTest, startProfile } from "./harness.ts";
import { load } from "./load.ts";
import { int, ms, table } from "./report.ts";

const { values: args } = parseArgs({
  options: {
    postgres: { type: "string" },
    renders: { type: "string", default: "500" },
    page: { type: "string", default: "/evento" },
    /** The participants step of a runner's own signup, held on the demo's first open appointment, instead of `--page`. */
    runner: { type: "boolean", default: false },
    /** The page as the page cache keeps it (answered from memory after the first render), not rendered every time. */
    kept: { type: "boolean", default: false },
    /** As a logged-in runner gets the page (with --kept: the kept page, their frame filled in), not as an anonymous visitor. */
    visitor: { type: "boolean", default: false },
    /** Seconds of load over HTTP (autocannon, 50 connections, in a worker) instead of answers asked in process. */
    http: { type: "string" },
    functions: { type: "string", default: "20" },
  },
});

/** Who spent a sample, from the file its function is in (the first rule that matches). */
const OWNERS: [string, RegExp][] = [
  ["React's server render (react-dom)", /node_modules\/react-dom\//],
  ["React (react)", /node_modules\/react\//],
  ["React Router", /node_modules\/react-router\//],
  ["Drizzle", /node_modules\/drizzle-orm\//],
  ["PGlite (WebAssembly and its protocol)", /node_modules\/@electric-sql\/|^wasm:/],
  ["pg (the PostgreSQL driver)", /node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//],
  ["Hono", /node_modules\/hono\//],
  ["other dependencies", /node_modules\//],
  ["the site's routes and components (apps/web/build)", /apps\/web\/build\//],
  ["the site's server (apps/web/server)", /apps\/web\/server\//],
  ["the API (packages/api)", /packages\/api\//],
  ["the use cases (packages/usecases)", /packages\/usecases\//],
  ["the database layer (packages/db)", /packages\/db\//],
  ["JSON:API documents and client (packages/jsonapi)", /packages\/jsonapi\//],
  ["the domain (packages/domain)", /packages\/domain\//],
  ["Node itself (node:…)", /^node:/],
];

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}

function ownerOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === "(idle)") return "idle (waiting for the database)";
    if (functionName === "(garbage collector)") return "garbage collection";
    return "V8 and native code";
  }
  return OWNERS.find(([, pattern]) => pattern.test(url))?.[0] ?? "other";
}

/**
 * A runner with a session, a signup of theirs held on the first appointment that takes one (through
 * the API, as the signup button does), and the path of its participants step with their cookie.
 */
async function runnersStep(app: Awaited<ReturnType<typeof createServerApp>>, db: Database) {
  const {
    tokens: [token],
  } = await writeVisitors(db, 1, "profiled-runner");
  const authorization = `Bearer ${token}`;
  type Appointment = { id: string; attributes: AppointmentAttributes };
  const list = (await (await app.request("/api/events?filter[when]=upcoming&include=appointments")).json()) as {
    data: { attributes: { slug: string }; relationships: { appointments: { data: { id: string }[] } } }[];
    included: Appointment[];
  };
  for (const event of list.data) {
    for (const { id } of event.relationships.appointments.data) {
      const appointment = list.included.find((included) => included.id === id);
      if (appointment?.attributes.state !== "open") continue;
      const answer = await app.request("/api/signups", {
        method: "POST",
        headers: { authorization, "content-type": JSONAPI_MEDIA_TYPE, accept: JSONAPI_MEDIA_TYPE },
        body: JSON.stringify({
          data: { type: "signups", relationships: { appointment: { data: { type: "appointments", id } } } },
        }),
      });
      if (answer.status !== 201) continue;
      const { data } = (await answer.json()) as { data: { id: string } };
      const place = placeOf(event.attributes, appointment.attributes);
      return { page: signupPath(place, data.id), headers: { cookie: `${SESSION_COOKIE}=${token}` } };
    }
  }
  throw new Error("no demo appointment took a signup");
}

/** A runner with a session of their own, as their browser sends it. */
async function visitorsCookie(db: Database) {
  const {
    tokens: [token],
  } = await writeVisitors(db, 1, "profiled-visitor");
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

const HTTP_CONNECTIONS = 50;

const cleanup = createCleanup("bench:render-profile", 10 * 60_000);

async function main() {
  const renders = Number(args.renders);
  progress(args.postgres ? "opening PostgreSQL" : "opening PGlite");
  const database = await openBenchDatabase(args.postgres, { name: "sports_events_bench_profile" });
  cleanup.add(database.dispose);
  cleanup.add(() => database.handle.close());
  await database.handle.migrate();
  await seedDemoData(database.handle.db, { now: new Date(), readCourse: courseOfGpx });
  const logger = createLogger("info", new Writable({ write: (_line, _encoding, done) => done() }));
  const app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US", PAGE_CACHE_SECONDS: args.kept ? 3600 : 0 },
    siteUrl: () => "http://localhost",
    database: database.handle,
    logger,
  });
  const { page, headers } = args.runner
    ? await runnersStep(app, database.handle.db)
    : { page: args.page, headers: args.visitor ? await visitorsCookie(database.handle.db) : {} };
  const render = async () => {
    const response = await app.request(page, { headers });
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
    await response.arrayBuffer();
  };
  const how = args.kept ? (args.visitor ? "kept answers, logged in" : "kept answers") : "renders";
  for (let i = 0; i < 50; i++) await render();
  // Over HTTP, the answers are as many as the load got in its time; in process, as many as asked.
  let answered = renders;
  let run = async () => {
    for (let i = 0; i < renders; i++) await render();
  };
  if (args.http) {
    const seconds = Number(args.http);
    const server = await serveUnderTest(app, [], logger, cleanup);
    run = async () => {
      const figures = await load(`${server.base}${page}`, HTTP_CONNECTIONS, seconds, headers);
      if (figures.errors > 0 || figures.non2xx > 0) throw new Error(`${page} failed under load`);
      answered = figures.requests;
    };
    progress(
      `${seconds} s of load over HTTP (${HTTP_CONNECTIONS} connections) on ${how} of ${page}, under the profiler`,
    );
  } else progress(`${renders} ${how} of ${page} under the profiler`);

  const stopProfile = await startProfile();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const loopBefore = performance.eventLoopUtilization();
  await run();
  const cpu = process.cpuUsage(cpuBefore);
  const loop = performance.eventLoopUtilization(loopBefore);
  const elapsed = performance.now() - started;
  const profile = await stopProfile(".bench/render-profile.cpuprofile");

  const nodes = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node as ProfileNode]));
  const samples = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const id of profile.samples ?? []) {
    const node = nodes.get(id) as ProfileNode;
    const owner = ownerOf(node);
    samples.set(owner, (samples.get(owner) ?? 0) + 1);
    const { functionName, url } = node.callFrame;
    const where = `${functionName || "(anonymous)"} ${url.replace(/^.*\/(node_modules|apps|packages)\//, "")}`;
    functions.set(where, (functions.get(where) ?? 0) + 1);
  }
  const total = profile.samples?.length ?? 0;
  const rows = [...samples].sort((a, b) => b[1] - a[1]);
  // CPU time is steadier than the time elapsed on a machine that also runs other work.
  const cpuMs = (cpu.user + cpu.system) / 1000;
  // Over HTTP the process also runs the load generator (a worker): the server's own share is the
  // time its thread was busy.
  const cost = args.http
    ? `${ms(loop.active / answered, 3)} of the server thread's time (busy ${Math.round(loop.utilization * 100)}%)`
    : `${ms(cpuMs / answered, 3)} of this process's CPU`;
  console.log(
    `${page} on ${args.postgres ? "PostgreSQL" : "PGlite"}${args.http ? ", over HTTP" : ""}: ` +
      `${ms(elapsed / answered, 3)} an answer, ${cost} ` +
      `(${int(answered)} ${how}${args.http ? `, ${int(answered / (elapsed / 1000))} a second` : ""})`,
  );
  console.log("self time of the samples, by who spent them:");
  console.log(
    table(
      [
        ["", "share", "an answer"],
        ...rows.map(([owner, count]) => [
          owner,
          `${((100 * count) / total).toFixed(1)}%`,
          ms(((count / total) * elapsed) / answered, 3),
        ]),
      ],
      ["l", "r", "r"],
    ),
  );
  console.log(`the ${args.functions} functions with the most self time:`);
  const top = [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(args.functions));
  console.log(
    table(
      top.map(([where, count]) => [where, `${((100 * count) / total).toFixed(1)}%`]),
      ["l", "r"],
    ),
  );
}

await runBenchmark("bench:render-profile", main, cleanup);
