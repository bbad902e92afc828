/**
 * `npm run bench:queue`: an opening behind its waiting room (docs/decisions/072-waiting-room.md), on
 * the install of bench:cluster: server processes behind nginx on one PostgreSQL database, one of
 * them killed (SIGKILL) in the middle of the opening and not restarted. Visitors join the room in
 * its shuffle minutes and in the minute after the opening, read their entry at the pace the API
 * asks, and sign up with their pass once admitted. The report checks that nobody was left without
 * a final answer or lost their place, that nothing was oversold and no 5xx was left after retries,
 * how the early and the later arrivals were ordered, and sets a queued visitor's refresh beside a
 * kept page's load: latency, and the server's CPU per request. See bench/README.md.
 *
 *   node bench/queue.ts [--visitors 10000] [--early 2000] [--places 1000] [--shuffle-minutes 1]
 *                       [--admit-per-minute 600] [--processes 3] [--retries 6] [--round-requests 1000]
 *                       [--database-url postgres://…]
 *
 * The database is a fresh `sports_events_queue_bench` on the PostgreSQL server (default: the local
 * one), dropped afterwards.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import https from "node:https";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import type { ServerProcess } from "../apps/web/server/testing/process.ts";
import { writeBurstAppointment, writeBurstEvent, writeVisitors } from "./bench-database.ts";
import { childCpuMs, childrenOf, postgresBackendsOf, watchCpu } from "./costs.ts";
import { createCleanup, fail, progress, runBenchmark } from "./harness.ts";
import { missingTools } from "./nginx.ts";
import { openInstall } from "./processes.ts";
import type { CrowdInput, CrowdProgress, CrowdResult } from "./queue-client.ts";
import {
  judgeOpening,
  loggedBetween,
  median,
  nginxErrorKinds,
  percentiles,
  readOpening,
  timelineOf,
  whileWaiting,
} from "./queue-figures.ts";
import { printReport, type QueuePlan, type QuietFigures, rhoGoals } from "./queue-report.ts";
import type { RoundCall, RoundInput, RoundResult } from "./queue-round.ts";
import { int, seconds } from "./report.ts";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "10000" },
    /** Of the visitors, how many join in the shuffle minutes (default: a fifth). */
    early: { type: "string" },
    places: { type: "string", default: "1000" },
    "shuffle-minutes": { type: "string", default: "1" },
    "admit-per-minute": { type: "string", default: "600" },
    processes: { type: "string", default: "3" },
    retries: { type: "string", default: "6" },
    /** Requests in each measured round of refreshes and of page loads. */
    "round-requests": { type: "string", default: "1000" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
  },
});
const visitors = Number(values.visitors);
const early = values.early === undefined ? Math.round(visitors / 5) : Number(values.early);
const later = visitors - early;
const places = Number(values.places);
const shuffleMinutes = Number(values["shuffle-minutes"]);
const admitPerMinute = Number(values["admit-per-minute"]);
const processes = Number(values.processes);
const retries = Number(values.retries);
const roundRequests = Number(values["round-requests"]);
if (!Number.isInteger(visitors) || visitors < 10) fail("--visitors must be a whole number of at least 10");
if (!Number.isInteger(early) || early < 2 || later < 2) fail("--early must leave at least 2 visitors on each side");
if (!Number.isInteger(places) || places < 1) fail("--places must be a whole number of at least 1");
if (!Number.isInteger(shuffleMinutes) || shuffleMinutes < 1 || shuffleMinutes > 240)
  fail("--shuffle-minutes must be a whole number from 1 to 240");
if (!Number.isInteger(admitPerMinute) || admitPerMinute < 1 || admitPerMinute > 100_000)
  fail("--admit-per-minute must be a whole number from 1 to 100,000");
if (!Number.isInteger(processes) || processes < 2) fail("--processes must be a whole number of at least 2");
if (!Number.isInteger(retries) || retries < 0) fail("--retries must be a whole number");
if (!Number.isInteger(roundRequests) || roundRequests < 10) fail("--round-requests must be at least 10");
const install = missingTools();
if (install) fail(`bench:queue runs Debian's nginx (and openssl for its certificate): ${install}`);

const DATABASE = "sports_events_queue_bench";
/** The later arrivals come over this long after the opening; the kill comes halfway through it. */
const LATER_SPREAD_MS = 60_000;
/** Accounts whose entries wait in a room of their own, read by the measured rounds. */
const PROBES = 60;
/** The measured rounds: refreshes and page loads alternating, this many of each, so many at a time. */
const ROUNDS = 3;
const ROUND_CONCURRENCY = 4;
/** Anonymous loads of the event's page a second while the crowd is in the room. */
const PAGE_RATE = 5;
const cleanup = createCleanup("bench:queue", 45 * 60_000);

function runWorker<T>(file: string, workerData: CrowdInput | RoundInput, onProgress?: (p: CrowdProgress) => void) {
  const worker = new Worker(new URL(file, import.meta.url), { workerData });
  return new Promise<T>((resolve, reject) => {
    worker.on("message", (message: T | CrowdProgress) => {
      if ((message as CrowdProgress).type === "progress") onProgress?.(message as CrowdProgress);
      else {
        resolve(message as T);
        void worker.terminate();
      }
    });
    worker.once("error", reject);
  });
}

/** A JSON:API request through nginx as `token`: its status and document. */
function api(nginx: { url: string; ca: string }, method: string, path: string, token: string, body?: unknown) {
  const text = body === undefined ? "" : JSON.stringify(body);
  return new Promise<{
    status: number;
    document: { data?: { id: string; attributes: Record<string, unknown>; links?: { self?: string } } };
  }>((resolve, reject) => {
    const request = https.request(
      `${nginx.url}${path}`,
      {
        method,
        agent: false,
        ca: nginx.ca,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/vnd.api+json",
          "content-length": Buffer.byteLength(text),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, document: raw ? JSON.parse(raw) : {} });
        });
      },
    );
    request.on("error", reject);
    request.end(text);
  });
}

const alive = (servers: ServerProcess[]) =>
  servers.filter((server) => server.child.exitCode === null && server.child.signalCode === null);

/** The CPU milliseconds the server processes still running have used so far, together. */
const serversCpuMs = (servers: ServerProcess[]) =>
  alive(servers).reduce((sum, server) => sum + (childCpuMs(server.child.pid as number) ?? Number.NaN), 0);

await runBenchmark(
  "bench:queue",
  async () => {
    const { db, description, servers, ports, startupMs, migrations, nginx } = await openInstall({
      bench: "queue",
      database: DATABASE,
      databaseUrl: values["database-url"],
      count: processes,
      cleanup,
    });

    progress(`writing ${int(visitors)} visitors with a session each, ${PROBES} probes and an organiser`);
    const { userIds, tokens } = await writeVisitors(db, visitors);
    const probes = await writeVisitors(db, PROBES, "probe");
    const organiser = await writeVisitors(db, 1, "organiser");
    await db
      .update(schema.users)
      .set({ role: "organiser" })
      .where(eq(schema.users.id, organiser.userIds[0] as string));
    const event = await writeBurstEvent(db, "queue");
    const appointment = await writeBurstAppointment(db, event, "opening", places);
    const pagePath = `/evento/${event.slug}`;

    /** The organiser sets the event's opening and its room, as the console does. */
    async function openRoom(eventId: string, opening: Date, rules: { shuffleMinutes: number; admitPerMinute: number }) {
      const answer = await api(nginx, "PATCH", `/api/events/${eventId}`, organiser.tokens[0] as string, {
        data: { type: "events", id: eventId, attributes: { signupOpensAt: opening.toISOString(), waitingRoom: rules } },
      });
      if (answer.status !== 200)
        throw new Error(`PATCH /api/events answered ${answer.status}: ${JSON.stringify(answer.document)}`);
    }

    // The probes wait in a room of their own, opened a minute ago at one admission a minute: the back
    // half of them is still waiting half an hour later, when the measured rounds read their entries.
    const probeEvent = await writeBurstEvent(db, "queue-probe");
    await writeBurstAppointment(db, probeEvent, "probe", places);
    await openRoom(probeEvent.id, new Date(Date.now() - 60_000), { shuffleMinutes: 0, admitPerMinute: 1 });
    progress("warming up: the probes join their room one by one, then refreshes and page loads");
    const waitingProbes: { token: string; self: string }[] = [];
    for (const token of probes.tokens) {
      const joined = await api(nginx, "POST", `/api/events/${probeEvent.id}/queue-entries`, token);
      if (joined.status !== 201 || !joined.document.data) throw new Error(`a probe's join answered ${joined.status}`);
      if (Number(joined.document.data.attributes.place) > PROBES / 2)
        waitingProbes.push({
          token,
          self: joined.document.data.links?.self ?? `/api/queue-entries/${joined.document.data.id}`,
        });
    }
    const refreshCalls = (n: number): RoundCall[] =>
      Array.from({ length: n }, (_, i) => {
        const entry = waitingProbes[i % waitingProbes.length] as (typeof waitingProbes)[number];
        // The entry's own address, with its signed standing while it waits, as the room's page reads it.
        return { method: "GET", path: entry.self, token: entry.token };
      });
    const pageCalls = (n: number): RoundCall[] => Array.from({ length: n }, () => ({ method: "GET", path: pagePath }));
    const round = (calls: RoundCall[]) =>
      runWorker<RoundResult>("./queue-round.ts", {
        url: nginx.url,
        ca: nginx.ca,
        calls,
        concurrency: ROUND_CONCURRENCY,
        retries,
      });
    await round(refreshCalls(300));
    await round(pageCalls(300));

    // The room opens in a few seconds; the opening is its shuffle minutes later. The early ones join
    // from a second after the room opens to two before the opening, evenly; the later ones over the
    // minute after it.
    const roomOpensAt = Date.now() + 5_000;
    const shuffleMs = shuffleMinutes * 60_000;
    const opening = roomOpensAt + shuffleMs;
    await openRoom(event.id, new Date(opening), { shuffleMinutes, admitPerMinute });
    const joinAt = [
      ...Array.from({ length: early }, (_, i) => roomOpensAt + 1_000 + (i * (shuffleMs - 3_000)) / early),
      ...Array.from({ length: later }, (_, j) => opening + ((j + 0.5) * LATER_SPREAD_MS) / later),
    ];
    const victim = servers[0] as ServerProcess;
    let kill: { atMs: number; answeredBefore: number } | undefined;
    const killTimer = setTimeout(
      () => {
        victim.child.kill("SIGKILL");
        kill = {
          atMs: Date.now() - opening,
          answeredBefore: victim.logs.filter((line) => line.msg === "request").length,
        };
        progress(`killed process 1 (SIGKILL), ${seconds(kill.atMs)} after the opening`);
      },
      opening + LATER_SPREAD_MS / 2 - Date.now(),
    );
    cleanup.add(() => clearTimeout(killTimer));
    const stopWatching = watchCpu({
      "server processes": () => servers.map((server) => server.child.pid as number),
      PostgreSQL: postgresBackendsOf(db),
      nginx: () => [nginx.pid, ...childrenOf(nginx.pid)],
      "the bench (crowd, main thread)": () => [process.pid],
    });

    progress(
      `the room opens in 5 s; ${int(early)} visitors join over its ${shuffleMinutes} shuffle minute(s), ` +
        `${int(later)} over the minute after the opening; process 1 is killed ${seconds(LATER_SPREAD_MS / 2)} after it`,
    );
    const crowd = await runWorker<CrowdResult>(
      "./queue-client.ts",
      {
        url: nginx.url,
        ca: nginx.ca,
        eventId: event.id,
        appointmentId: appointment.id,
        tokens,
        joinAt,
        retries,
        // Long enough for the whole line to be admitted, were the places never sold.
        deadline: opening + LATER_SPREAD_MS + (visitors / admitPerMinute) * 60_000 + 120_000,
        pagePath,
        pageRate: PAGE_RATE,
        probeFrom: roomOpensAt,
      },
      (p) =>
        progress(
          `${seconds(Date.now() - opening)} from the opening: ${int(p.joined)} joined, ${int(p.admitted)} admitted, ` +
            `${int(p.signedUp)} signed up, ${int(p.soldOut)} told sold out, ${int(p.done)} done; ` +
            `${int(p.reads)} reads, ${int(p.faults)} requests met a failure`,
        ),
    );
    const crowdEnded = Date.now();
    const cpu = await stopWatching();
    clearTimeout(killTimer);
    if (kill) await victim.exited;

    progress("checking the database against the answers");
    const rows = await readOpening(db, event.id, appointment.id, userIds);
    const figures = judgeOpening({ crowd, rows, userIds, early, places });
    const lines = loggedBetween(servers, roomOpensAt, crowdEnded + 1);
    const answeredBy = servers.map((server) => loggedBetween([server], roomOpensAt, crowdEnded + 1).length);
    const nginxErrors = nginxErrorKinds(nginx.errors());

    // Then, the crowd gone, rounds of each kind by itself on the processes left: their CPU per request.
    progress(`measured rounds: ${ROUNDS} × ${int(roundRequests)} refreshes and page loads, alternating`);
    const idleFrom = serversCpuMs(servers);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleMsPerSecond = (serversCpuMs(servers) - idleFrom) / 5;
    const rounds: (QuietFigures & { kind: "refresh" | "page" })[] = [];
    for (let n = 0; n < ROUNDS * 2; n++) {
      // Alternating which goes first, so neither always follows the other.
      const kind = n % 4 === 0 || n % 4 === 3 ? "refresh" : "page";
      const calls = kind === "refresh" ? refreshCalls(roundRequests) : pageCalls(roundRequests);
      const stopPostgres = watchCpu({ PostgreSQL: postgresBackendsOf(db) });
      const before = serversCpuMs(servers);
      const result = await round(calls);
      const serverMs = (serversCpuMs(servers) - before) / calls.length;
      const postgres = await stopPostgres();
      rounds.push({
        kind,
        requests: calls.length,
        latency: percentiles(result.ms),
        serverMs,
        postgresMs: (postgres.groups.PostgreSQL ?? 0) / calls.length,
        outcomes: result.outcomes,
        failed: calls.length - (result.statuses[200] ?? 0),
      });
    }
    const quiet = (kind: "refresh" | "page"): QuietFigures => {
      const of = rounds.filter((r) => r.kind === kind);
      return {
        requests: of.reduce((sum, r) => sum + r.requests, 0),
        latency: { p50: median(of.map((r) => r.latency.p50)), p99: median(of.map((r) => r.latency.p99)) },
        serverMs: median(of.map((r) => r.serverMs)),
        postgresMs: median(of.map((r) => r.postgresMs)),
        outcomes: of.reduce<Record<string, number>>((all, r) => {
          for (const [outcome, n] of Object.entries(r.outcomes)) all[outcome] = (all[outcome] ?? 0) + n;
          return all;
        }, {}),
        failed: of.reduce((sum, r) => sum + r.failed, 0),
      };
    };

    const plan: QueuePlan = {
      visitors,
      early,
      later,
      places,
      shuffleMinutes,
      admitPerMinute,
      processes,
      retries,
      rounds: ROUNDS,
      roundRequests,
      roundConcurrency: ROUND_CONCURRENCY,
      pageRate: PAGE_RATE,
      pagePath,
    };
    const run = {
      nginxVersion: nginx.version,
      ports,
      startupMs,
      migrations,
      database: description,
      ...(kill ? { kill } : {}),
      opening: figures,
      openingAt: opening,
      answeredBy,
      fiveHundredsByProcesses: lines.filter((line) => Number(line.status) >= 500).length,
      waiting: whileWaiting(crowd, lines, pagePath),
      cpu,
      crowd: { cpuMsPerRequest: crowd.cpuMs / crowd.requests, requests: crowd.requests, elapsedMs: crowd.elapsedMs },
      quiet: { refresh: quiet("refresh"), page: quiet("page") },
      processesLeft: alive(servers).length,
      idleMsPerSecond,
      timeline: timelineOf(crowd, servers, { from: roomOpensAt, to: crowdEnded, opening }),
      nginxErrors,
    };
    printReport(plan, run);
    mkdirSync(".bench", { recursive: true });
    writeFileSync(
      ".bench/queue.json",
      `${JSON.stringify({ plan, ...run, rounds, faults: crowd.faults.slice(0, 2_000) }, null, 2)}\n`,
    );

    const goals = rhoGoals(figures);
    const wrong = [
      figures.noFinalAnswer > 0 && "visitors without a final answer",
      figures.leftFailing > 0 && "5xx or failed connections left after retries",
      figures.oversold > 0 && "oversold",
      figures.takenVersusLive > 0 && "places taken and live signups disagree",
      figures.signupsToldMissing > 0 && "a signup a visitor was told of is missing",
      figures.visitorsWithTwoSignups > 0 && "a visitor has two signups",
      figures.entriesMissing + figures.entriesDoubled + figures.entriesNotTheOneTold > 0 &&
        "queue entries lost or doubled",
      figures.placesMoved > 0 && "places moved",
      !goals.early && "the early arrivals' admission follows their arrival",
      !goals.later && "the later arrivals are not admitted in arrival order",
      !kill && "no process was killed during the opening",
      migrations.applied !== migrations.expected && "the migrations were not applied exactly once",
    ].filter(Boolean);
    if (wrong.length > 0) throw new Error(wrong.join("; "));
  },
  cleanup,
);
