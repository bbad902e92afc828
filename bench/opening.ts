/**
 * `npm run bench:opening`: the minute registration opens, as the site serves it. Logged-in runners,
 * each with a session of their own, load the appointment's page, press "Sign up" (the form's real
 * POST) and load the participants step, all at the same moment and then arriving at an even rate.
 * In the same run, and on the same server, the bare signup (`POST /api/signups`, as bench:burst
 * sends it) is measured for as many visitors, so the report gives the site's flows as a share of
 * the API's signups. See bench/README.md.
 *
 *   node bench/opening.ts [--visitors 1000] [--places 300] [--rate 300] [--rounds 3] [--database-url postgres://…]
 *
 * The database is a fresh `sports_events_bench` on the PostgreSQL server (default: the local one),
 * dropped afterwards.
 */
import "./production-react.ts";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { SESSION_COOKIE } from "@sports/api";
import { schema } from "@sports/db";
import { count, eq, sql } from "drizzle-orm";
import { createServerApp } from "../apps/web/server/app.ts";
import { loadConfig } from "../apps/web/server/env.ts";
import { createLogger } from "../apps/web/server/logger.ts";
import { openBenchDatabase, writeBurstAppointment, writeBurstEvent, writeVisitors } from "./bench-database.ts";
import type { BurstAnswer } from "./burst-client.ts";
import { type Costs, startCosts } from "./costs.ts";
import { createCleanup, fail, progress, runBenchmark, serveUnderTest, startProfile } from "./harness.ts";
import type { OpeningAnswer, OpeningInput, OpeningStep } from "./opening-client.ts";
import { int, ms, table } from "./report.ts";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "1000" },
    places: { type: "string", default: "300" },
    rate: { type: "string", default: "300" },
    rounds: { type: "string", default: "3" },
    /** Profiles the server's thread while the crowd takes this step by itself: .bench/opening-<step>.cpuprofile. */
    profile: { type: "string" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
  },
});
const visitors = Number(values.visitors);
const places = Number(values.places);
const rate = Number(values.rate);
const rounds = Number(values.rounds);
if (!Number.isInteger(visitors) || visitors < 10) fail("--visitors must be a whole number of at least 10");
if (!Number.isInteger(places) || places < 1 || places > visitors) fail("--places must be between 1 and --visitors");
if (!(rate > 0)) fail("--rate must be a number of arrivals a second above 0");
if (!Number.isInteger(rounds) || rounds < 1) fail("--rounds must be a whole number of at least 1");

const cleanup = createCleanup("bench:opening", 20 * 60_000);
const STEPS: OpeningStep[] = ["page", "sign up", "participants"];

interface Percentiles {
  p50: number;
  p99: number;
}

interface FlowFigures {
  arrival: string;
  signedUp: number;
  soldOut: number;
  serverErrors: number;
  otherFailures: number;
  oversold: number;
  flowsPerSecond: number;
  steps: Record<OpeningStep, Percentiles>;
  flow: Percentiles;
  /** What the round cost a runner: the server's thread and PostgreSQL (costs.ts). */
  costs: Costs;
}

interface BareFigures {
  accepted: number;
  serverErrors: number;
  oversold: number;
  signupsPerSecond: number;
  costs: Costs;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/** `costs` of a whole crowd, a runner's share. */
const perRunner = ({ serverMs, postgresMs, statements }: Costs, runners: number): Costs => ({
  serverMs: serverMs / runners,
  postgresMs: postgresMs === undefined ? undefined : postgresMs / runners,
  statements: statements / runners,
});

/** Statements sent to PostgreSQL, a runner's share (costs.ts). */
const statements = ({ statements }: Costs) => statements.toFixed(2);

/** PostgreSQL's milliseconds, or `n/a` where `/proc` could not tell them (costs.ts). */
const postgresMs = (value: number | undefined) => (value === undefined ? "n/a" : ms(value, 2));

const median = <T>(items: T[], key: (item: T) => number): T =>
  [...items].sort((a, b) => key(a) - key(b))[Math.floor(items.length / 2)] as T;

function runWorker<T>(file: string, workerData: object): Promise<T> {
  const worker = new Worker(new URL(file, import.meta.url), { workerData });
  return new Promise<T>((resolve, reject) => {
    worker.once("message", (message: T) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

await runBenchmark(
  "bench:opening",
  async () => {
    progress("creating a fresh PostgreSQL database");
    const bench = await openBenchDatabase(values["database-url"]);
    cleanup.add(() => bench.dispose());
    cleanup.add(() => bench.handle.close());
    const { db } = bench.handle;
    await bench.handle.migrate();

    progress(`writing ${visitors} runners with a session each`);
    const { tokens } = await writeVisitors(db, visitors);
    const event = await writeBurstEvent(db, "opening");

    // The site as `npm start` serves it: pages kept for PAGE_CACHE_SECONDS (its default), the API beside them.
    const logger = createLogger("warn", new Writable({ write: (_line, _encoding, done) => done() }));
    const app = await createServerApp({
      config: { DEFAULT_LOCALE: "en-US", PAGE_CACHE_SECONDS: loadConfig({}).PAGE_CACHE_SECONDS },
      siteUrl: () => "http://localhost",
      database: bench.handle,
      logger,
    });
    const server = await serveUnderTest(app, [], logger, cleanup);

    /** Places taken and held rows of an appointment, against its capacity. */
    async function oversoldOf(appointmentId: string, capacity: number): Promise<number> {
      const [row] = await db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentId));
      const [held] = await db
        .select({ n: count() })
        .from(schema.signups)
        .where(sql`${schema.signups.appointmentId} = ${appointmentId} and ${schema.signups.state} = 'held'`);
      return Math.max(0, (row?.placesTaken ?? 0) - capacity, (held?.n ?? 0) - capacity);
    }

    async function flows(label: string, crowd: string[], capacity: number, spreadMs: number): Promise<FlowFigures> {
      const appointment = await writeBurstAppointment(db, event, label, capacity);
      const input: OpeningInput = {
        url: server.base,
        pagePath: `/evento/${event.slug}/appuntamento/${appointment.slug}`,
        appointmentId: appointment.id,
        cookieName: SESSION_COOKIE,
        tokens: crowd,
        spreadMs,
      };
      const stopCosts = await startCosts(db);
      const { answers, elapsedMs } = await runWorker<{ answers: OpeningAnswer[]; elapsedMs: number }>(
        "./opening-client.ts",
        input,
      );
      const costs = perRunner(await stopCosts(), answers.length);
      const statuses = answers.flatMap((answer) => Object.values(answer.statuses));
      const signedUp = answers.filter((answer) => answer.signedUp).length;
      // A visitor told "sold out" was led back to the page (200), which says so, and has no signup.
      const soldOut = answers.filter(
        (answer) => answer.refusal === "sold-out" && answer.statuses["sign up"] === 200 && !answer.signupId,
      ).length;
      return {
        arrival: spreadMs === 0 ? "at once" : `${int(rate)}/s`,
        signedUp,
        soldOut,
        serverErrors: statuses.filter((status) => status >= 500).length,
        otherFailures: answers.length - signedUp - soldOut,
        oversold: Math.max(0, signedUp - capacity, await oversoldOf(appointment.id, capacity)),
        flowsPerSecond: (answers.length / elapsedMs) * 1000,
        steps: Object.fromEntries(
          STEPS.map((step) => [step, percentiles(answers.flatMap((answer) => answer.ms[step] ?? []))]),
        ) as Record<OpeningStep, Percentiles>,
        flow: percentiles(answers.map((answer) => answer.totalMs)),
        costs,
      };
    }

    async function bare(label: string, crowd: string[], capacity: number): Promise<BareFigures> {
      const appointment = await writeBurstAppointment(db, event, label, capacity);
      const stopCosts = await startCosts(db);
      const { answers, elapsedMs } = await runWorker<{ answers: BurstAnswer[]; elapsedMs: number }>(
        "./burst-client.ts",
        { url: server.base, appointmentId: appointment.id, tokens: crowd, spreadMs: 0 },
      );
      const costs = perRunner(await stopCosts(), answers.length);
      const accepted = answers.filter((answer) => answer.status === 201).length;
      return {
        accepted,
        serverErrors: answers.filter((answer) => answer.status >= 500).length,
        oversold: Math.max(0, accepted - capacity, await oversoldOf(appointment.id, capacity)),
        signupsPerSecond: (answers.length / elapsedMs) * 1000,
        costs,
      };
    }

    progress("warming up: a tenth of the crowd, through the pages and through the API");
    const warmCrowd = tokens.slice(0, Math.ceil(visitors / 10));
    await flows("warm-up-pages", warmCrowd, Math.ceil(places / 10), 0);
    await bare("warm-up-api", warmCrowd, Math.ceil(places / 10));

    const atOnce: FlowFigures[] = [];
    const bares: BareFigures[] = [];
    for (let round = 1; round <= rounds; round++) {
      // Alternating which goes first, so neither always meets the other's leftovers.
      progress(`round ${round} of ${rounds}: ${visitors} runners at once, through the pages and through the API`);
      if (round % 2 === 1) {
        atOnce.push(await flows(`pages-${round}`, tokens, places, 0));
        bares.push(await bare(`api-${round}`, tokens, places));
      } else {
        bares.push(await bare(`api-${round}`, tokens, places));
        atOnce.push(await flows(`pages-${round}`, tokens, places, 0));
      }
    }
    const spreadMs = (visitors / rate) * 1000;
    const arrivals: FlowFigures[] = [];
    for (let round = 1; round <= rounds; round++) {
      progress(`round ${round} of ${rounds}: ${visitors} runners arriving at ${rate} a second`);
      arrivals.push(await flows(`arrivals-${round}`, tokens, places, spreadMs));
    }

    // Each step by itself, the crowd at once: what each costs the server, against the bare signup's.
    progress(`${visitors} runners, one step at a time: what each step costs`);
    const alone = await writeBurstAppointment(db, event, "steps-alone", places);
    const stepInput: OpeningInput = {
      url: server.base,
      pagePath: `/evento/${event.slug}/appuntamento/${alone.slug}`,
      appointmentId: alone.id,
      cookieName: SESSION_COOKIE,
      tokens,
      spreadMs: 0,
    };
    const stepCosts = {} as Record<OpeningStep, { costs: Costs; requests: number; failed: number }>;
    let stepPaths: (string | undefined)[] = [];
    for (const only of STEPS) {
      const input = { ...stepInput, only, ...(only === "participants" ? { steps: stepPaths } : {}) };
      const profiler = values.profile === only ? await startProfile() : undefined;
      const stop = await startCosts(db);
      const { answers } = await runWorker<{ answers: OpeningAnswer[] }>("./opening-client.ts", input);
      const costs = await stop();
      if (profiler) {
        const file = `.bench/opening-${only.replace(" ", "-")}.cpuprofile`;
        await profiler(file);
        progress(`profile of the ${only} step written to ${file}`);
      }
      if (only === "sign up") stepPaths = answers.map((answer) => answer.stepPath);
      const taken = answers.filter((answer) => answer.statuses[only] !== undefined);
      stepCosts[only] = {
        costs: perRunner(costs, taken.length),
        requests: taken.length,
        // A "Sign up" alone ends on its redirect to the step, or on the page saying it is sold out.
        failed: taken.filter((answer) =>
          only === "sign up"
            ? !answer.stepPath && !(answer.refusal === "sold-out" && answer.statuses[only] === 200)
            : answer.statuses[only] !== 200,
        ).length,
      };
    }

    const header = ["round", "arrival", "signed up", "sold out", "5xx", "other", "oversold", "flows/s"];
    for (const step of STEPS) header.push(`${step} p50`, `${step} p99`);
    header.push("flow p50", "flow p99", "server/runner", "PG/runner");
    const rows = [
      header,
      ...[...atOnce, ...arrivals].map((f, i) => [
        String((i % rounds) + 1),
        f.arrival,
        int(f.signedUp),
        int(f.soldOut),
        int(f.serverErrors),
        int(f.otherFailures),
        int(f.oversold),
        int(f.flowsPerSecond),
        ...STEPS.flatMap((step) => [ms(f.steps[step].p50, 0), ms(f.steps[step].p99, 0)]),
        ms(f.flow.p50, 0),
        ms(f.flow.p99, 0),
        ms(f.costs.serverMs, 2),
        postgresMs(f.costs.postgresMs),
      ]),
    ];
    console.log(
      `bench:opening — ${visitors} logged-in runners, ${places} places; pages kept ${loadConfig({}).PAGE_CACHE_SECONDS} s; ${bench.description}`,
    );
    console.log(table(rows, ["r", "l", ...header.slice(2).map(() => "r" as const)]));
    const flowMedian = median(atOnce, (f) => f.flowsPerSecond);
    const bareMedian = median(bares, (f) => f.signupsPerSecond);
    const steady = median(arrivals, (f) => f.flow.p99);
    const share = flowMedian.flowsPerSecond / bareMedian.signupsPerSecond;
    console.log(
      `  bare signups (POST /api/signups, same run): ${bares.map((f) => int(f.signupsPerSecond)).join(", ")} signups/s; the server's thread ${bares.map((f) => ms(f.costs.serverMs, 2)).join(", ")} a signup; 5xx ${int(bares.reduce((n, f) => n + f.serverErrors, 0))}, oversold ${int(bares.reduce((n, f) => n + f.oversold, 0))}`,
    );
    console.log(
      `  median: ${int(flowMedian.flowsPerSecond)} flows/s = ${(share * 100).toFixed(0)}% of ${int(bareMedian.signupsPerSecond)} bare signups/s (goal: at least 50%)`,
    );
    console.log(
      `  median flow p99 at ${int(rate)} arrivals a second: ${ms(steady.flow.p99, 0)} (goal: under 1,000 ms)`,
    );
    // What a runner cost, whatever the rate: the flow's work against the bare signup's.
    const serverOf = (f: { costs: Costs }) => f.costs.serverMs;
    const postgresOf = (f: { costs: Costs }) => f.costs.postgresMs ?? Number.NaN;
    const flowCosts = median(atOnce, serverOf).costs;
    const bareCosts = median(bares, serverOf).costs;
    const postgres = (f: { costs: Costs }[]) =>
      postgresMs(f.some((x) => x.costs.postgresMs === undefined) ? undefined : postgresOf(median(f, postgresOf)));
    console.log(
      `  a runner's cost (medians of the rounds at once): the server's thread ${ms(flowCosts.serverMs, 2)} a flow, ${ms(bareCosts.serverMs, 2)} a bare signup (${(flowCosts.serverMs / bareCosts.serverMs).toFixed(1)}×); PostgreSQL ${postgres(atOnce)} a flow, ${postgres(bares)} a bare signup; statements ${statements(flowCosts)} a flow, ${statements(bareCosts)} a bare signup`,
    );
    const stepRows = [
      ["step, by itself", "runners", "server's thread", "PostgreSQL", "statements", "a flow's share (server)"],
      ...STEPS.map((step) => {
        const { costs, requests } = stepCosts[step];
        return [
          step,
          int(requests),
          ms(costs.serverMs, 2),
          postgresMs(costs.postgresMs),
          statements(costs),
          ms((costs.serverMs * requests) / visitors, 2),
        ];
      }),
      [
        "bare signup (median round)",
        int(visitors),
        ms(bareCosts.serverMs, 2),
        postgresMs(bareCosts.postgresMs),
        statements(bareCosts),
        "",
      ],
    ];
    console.log('  what each step cost a runner who took it ("sign up" follows a refusal back to the page):');
    console.log(table(stepRows, ["l", "r", "r", "r", "r", "r"]));
    const stepFailures =
      STEPS.reduce((n, step) => n + stepCosts[step].failed, 0) + Math.abs(stepCosts.participants.requests - places);
    const wrong = [...atOnce, ...arrivals].filter(
      (f) => f.oversold > 0 || f.serverErrors > 0 || f.otherFailures > 0 || f.signedUp !== places,
    );
    const bareWrong = bares.filter((f) => f.oversold > 0 || f.serverErrors > 0 || f.accepted !== places);
    if (wrong.length > 0 || bareWrong.length > 0 || stepFailures > 0)
      fail("bench:opening: a round oversold, failed a request, or left places unsold");
  },
  cleanup,
);
