/**
 * `npm run bench:cluster`: the signup burst of bench:burst through nginx to several server
 * processes on one PostgreSQL database, one of which is killed (SIGKILL) in the middle of the burst
 * and not restarted. Visitors retry with their Idempotency-Key when their connection fails or nginx
 * answers 502/503/504. The report checks that no place was sold twice, that no retry made a second
 * signup, and that every signup a visitor was told of exists. See bench/README.md.
 *
 *   node bench/cluster.ts [--visitors 1000] [--places 300] [--processes 3] [--retries 5] [--database-url postgres://…]
 *
 * The database is a fresh `sports_events_cluster_bench` on the PostgreSQL server (default: the local
 * one), dropped afterwards.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { schema } from "@sports/db";
import { and, eq, inArray } from "drizzle-orm";
import type { ServerProcess } from "../apps/web/server/testing/process.ts";
import { writeBurstAppointment, writeBurstEvent, writeVisitors } from "./bench-database.ts";
import type { BurstAnswer, BurstInput } from "./burst-client.ts";
import { createCleanup, fail, progress, runBenchmark } from "./harness.ts";
import { get, missingTools } from "./nginx.ts";
import { openInstall } from "./processes.ts";
import { int, ms, seconds, table } from "./report.ts";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "1000" },
    places: { type: "string", default: "300" },
    processes: { type: "string", default: "3" },
    retries: { type: "string", default: "5" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
  },
});
const visitors = Number(values.visitors);
const places = Number(values.places);
const processes = Number(values.processes);
const retries = Number(values.retries);
if (!Number.isInteger(visitors) || visitors < 10) fail("--visitors must be a whole number of at least 10");
if (!Number.isInteger(places) || places < 1 || places > visitors) fail("--places must be between 1 and --visitors");
if (!Number.isInteger(processes) || processes < 2) fail("--processes must be a whole number of at least 2");
if (!Number.isInteger(retries) || retries < 0) fail("--retries must be a whole number");
const install = missingTools();
if (install) fail(`bench:cluster runs Debian's nginx (and openssl for its certificate): ${install}`);

const DATABASE = "sports_events_cluster_bench";
const cleanup = createCleanup("bench:cluster", 10 * 60_000);

/** The log lines of a process's answers to `POST /api/signups`, from `from` on. */
const signupAnswers = (server: ServerProcess, from: number) =>
  server.logs
    .slice(from)
    .filter((entry) => entry.msg === "request" && entry.method === "POST" && entry.path === "/api/signups");

interface Kill {
  process: number;
  port: string;
  atMs: number;
  answeredBefore: number;
}

await runBenchmark(
  "bench:cluster",
  async () => {
    const { db, description, servers, ports, startupMs, migrations, nginx } = await openInstall({
      bench: "cluster",
      database: DATABASE,
      databaseUrl: values["database-url"],
      count: processes,
      cleanup,
    });
    const redirect = await get(`http://127.0.0.1:${nginx.httpPort}/evento`);

    progress(`writing ${visitors} visitors with a session each`);
    const { userIds, tokens } = await writeVisitors(db, visitors);
    const event = await writeBurstEvent(db, "cluster");
    const newAppointment = (slug: string, capacity: number) => writeBurstAppointment(db, event, slug, capacity);

    /** Every visitor in `crowd` at once through nginx; `whileRunning` watches the burst as it goes. */
    async function burst(appointmentId: string, crowd: string[], whileRunning?: (started: number) => () => void) {
      const input: BurstInput = { url: nginx.url, appointmentId, tokens: crowd, spreadMs: 0, retries, ca: nginx.ca };
      const worker = new Worker(new URL("./burst-client.ts", import.meta.url), { workerData: input });
      const stop = whileRunning?.(performance.now());
      const result = await new Promise<{ answers: BurstAnswer[]; elapsedMs: number }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      });
      stop?.();
      await worker.terminate();
      return result;
    }

    progress("warming up: a burst of a tenth of the crowd, no process killed");
    const warmUp = await newAppointment("warm-up", Math.ceil(places / 10));
    await burst(warmUp.id, tokens.slice(0, Math.ceil(visitors / 10)));

    const appointment = await newAppointment("burst", places);
    const victim = 0;
    const logsBefore = servers.map((server) => server.logs.length);
    // In the middle: once the process to kill has answered half of its share of the crowd.
    const killAfter = Math.floor(visitors / processes / 2);
    let kill: Kill | undefined;
    progress(`${visitors} visitors at once for ${places} places; process 1 is killed after ${killAfter} answers`);
    const { answers, elapsedMs } = await burst(appointment.id, tokens, (started) => {
      const server = servers[victim] as ServerProcess;
      const watch = setInterval(() => {
        const answered = signupAnswers(server, logsBefore[victim] ?? 0).length;
        if (answered < killAfter) return;
        server.child.kill("SIGKILL");
        kill = {
          process: victim + 1,
          port: ports[victim] ?? "",
          atMs: performance.now() - started,
          answeredBefore: answered,
        };
        clearInterval(watch);
      }, 1);
      return () => clearInterval(watch);
    });
    if (kill) await (servers[victim] as ServerProcess).exited;

    // After the kill, nginx passes every request to the processes left.
    const afterwards = await Promise.all(Array.from({ length: 20 }, () => get(`${nginx.url}/readyz`, nginx.ca)));

    progress("checking the database against the answers");
    const [row] = await db.select().from(schema.appointments).where(eq(schema.appointments.id, appointment.id));
    const signups = await db
      .select({ id: schema.signups.id, userId: schema.signups.userId, state: schema.signups.state })
      .from(schema.signups)
      .where(eq(schema.signups.appointmentId, appointment.id));
    const keys = await db
      .select({ userId: schema.idempotencyKeys.userId, resourceId: schema.idempotencyKeys.resourceId })
      .from(schema.idempotencyKeys)
      .where(
        and(
          inArray(schema.idempotencyKeys.userId, userIds),
          inArray(
            schema.idempotencyKeys.key,
            answers.flatMap((answer) => (answer.idempotencyKey ? [answer.idempotencyKey] : [])),
          ),
        ),
      );

    const acknowledged = answers.filter((answer) => answer.status >= 200 && answer.status < 300 && answer.signupId);
    const stored = new Set(signups.map((signup) => signup.id));
    const told = new Set(acknowledged.map((answer) => answer.signupId));
    const perVisitor = new Map<string | null, number>();
    for (const signup of signups) perVisitor.set(signup.userId, (perVisitor.get(signup.userId) ?? 0) + 1);
    const signupOf = new Map(signups.map((signup) => [signup.userId, signup.id]));
    // A key names the visitor's one signup, or a refusal; a key naming another signup is a second one.
    const strayKeys = keys.filter((key) => key.resourceId && key.resourceId !== signupOf.get(key.userId)).length;
    const held = signups.filter((signup) => signup.state === "held").length;
    const taken = row?.placesTaken ?? 0;
    const retriedStatuses = answers.flatMap((answer) => answer.retried);
    const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    const byProcess = servers.map((server, i) => signupAnswers(server, logsBefore[i] ?? 0));

    const figures = {
      accepted: acknowledged.length,
      replayed: acknowledged.filter((answer) => answer.replayed).length,
      refused: answers.filter((answer) => answer.status === 409 && answer.code === "sold-out").length,
      serverErrors: answers.filter((answer) => answer.status >= 500).length,
      noAnswer: answers.filter((answer) => answer.status === 0).length,
      other: answers.filter(
        (answer) => answer.status !== 0 && answer.status !== 409 && (answer.status < 200 || answer.status >= 300),
      ).length,
      retriesMade: retriedStatuses.length,
      visitorsRetrying: answers.filter((answer) => answer.retried.length > 0).length,
      oversold: Math.max(0, taken - places, held - places, told.size - places),
      heldNotTaken: Math.abs(held - taken),
      duplicates: [...perVisitor.values()].reduce((sum, n) => sum + n - 1, 0) + strayKeys,
      acknowledgedMissing: [...told].filter((id) => !stored.has(id as string)).length,
      untold: signups.filter((signup) => !told.has(signup.id)).length,
      taken,
      held,
      keysRecorded: keys.length,
      signupsPerSecond: (answers.length / elapsedMs) * 1000,
      elapsedMs,
      p50: at(0.5),
      p99: at(0.99),
      max: latencies[latencies.length - 1] ?? 0,
      answeredBy: byProcess.map((lines) => lines.length),
      serverErrorsBy: byProcess.map((lines) => lines.filter((line) => Number(line.status) >= 500).length),
    };
    const causes = [...new Set(retriedStatuses)]
      .sort((a, b) => a - b)
      .map(
        (status) =>
          `${status === 0 ? "connection failed" : status}: ${retriedStatuses.filter((s) => s === status).length}`,
      );

    const must = (n: number) => (n === 0 ? "0" : `${int(n)}  ← must be 0`);
    console.log(
      `bench:cluster — ${int(visitors)} visitors at once (one connection each, an Idempotency-Key each, up to ${retries} retries) for ${int(places)} places`,
    );
    console.log(
      `  nginx       ${nginx.version}, TLS, deploy/nginx/sports-events.conf; plain http answered ${redirect.status}`,
    );
    console.log(
      `  processes   ${processes} × node apps/web/server/main.ts (ports ${ports.join(", ")}), TRUST_PROXY=loopback`,
    );
    console.log(`  database    ${description}`);
    console.log(
      `  start-up    all ${processes} started together on the empty database, listening after ${seconds(startupMs)}; ` +
        `migrations applied ${migrations.applied} of ${migrations.expected}`,
    );
    console.log(
      kill
        ? `  killed      process ${kill.process} (port ${kill.port}) with SIGKILL ${ms(kill.atMs, 0)} into the burst, ` +
            `after it had answered ${kill.answeredBefore} signups; not restarted`
        : "  killed      none: the burst was over before process 1 had answered its share",
    );
    console.log("");
    console.log(
      table(
        [
          [
            "accepted (2xx, a signup)",
            int(figures.accepted),
            `${int(figures.replayed)} of them replayed (Idempotent-Replayed)`,
          ],
          ["refused (409 sold-out)", int(figures.refused), ""],
          ["5xx seen by clients", int(figures.serverErrors), "after retries"],
          ["no answer", int(figures.noAnswer), "the connection failed on every attempt"],
          ["other answers", int(figures.other), ""],
          [
            "retries made",
            int(figures.retriesMade),
            `by ${int(figures.visitorsRetrying)} visitors (${causes.join(", ") || "none"})`,
          ],
          [
            "oversold",
            must(figures.oversold),
            `places taken ${int(taken)}, held signups ${int(held)}, capacity ${int(places)}`,
          ],
          ["held ≠ places taken", must(figures.heldNotTaken), ""],
          [
            "duplicate signups per key",
            must(figures.duplicates),
            `${int(figures.keysRecorded)} keys recorded by the server`,
          ],
          [
            "acknowledged missing",
            must(figures.acknowledgedMissing),
            "signups a client was told of, not in the database",
          ],
          ["holds nobody was told of", int(figures.untold), "they lapse with their hold"],
          ["signups/s", int(figures.signupsPerSecond), `${int(answers.length)} answers in ${seconds(elapsedMs)}`],
          [
            "latency p50 / p99 / max",
            `${ms(figures.p50, 0)} / ${ms(figures.p99, 0)} / ${ms(figures.max, 0)}`,
            "first attempt to last answer",
          ],
          [
            "answered by process",
            figures.answeredBy.map((n, i) => `${i + 1}: ${int(n)}`).join("  "),
            `5xx answered: ${figures.serverErrorsBy.reduce((a, b) => a + b, 0)}`,
          ],
          [
            "after the burst",
            `${afterwards.filter((answer) => answer.status === 200).length} of ${afterwards.length}`,
            "GET /readyz through nginx answered 200",
          ],
        ],
        ["l", "r", "l"],
      ),
    );
    mkdirSync(".bench", { recursive: true });
    writeFileSync(
      ".bench/cluster.json",
      `${JSON.stringify({ visitors, places, processes, retryLimit: retries, startupMs, migrations, kill, causes, ...figures }, null, 2)}\n`,
    );

    const wrong = [
      figures.oversold > 0 && "oversold",
      figures.heldNotTaken > 0 && "held signups and places taken disagree",
      figures.duplicates > 0 && "a retry made a second signup",
      figures.acknowledgedMissing > 0 && "an acknowledged signup is missing",
      !kill && "no process was killed during the burst",
      migrations.applied !== migrations.expected && "the migrations were not applied exactly once",
    ].filter(Boolean);
    if (wrong.length > 0) throw new Error(wrong.join("; "));
  },
  cleanup,
);
