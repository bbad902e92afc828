/**
 * `npm run bench:burst`: the minute registration opens. Distinct visitors, each logged in, all send
 * "sign up" for one appointment at the same moment, over real HTTP to the API on PostgreSQL. The
 * report counts accepted, refused and failed answers, checks that no place was sold twice, and gives
 * the rate and latency. Then the waiting list (bench/burst-waiting-list.ts): the refused join the
 * line at once, `--freed` places come back at once while the public tries to sign up, and each
 * must be offered to the first in line, once. See bench/README.md.
 *
 *   node bench/burst.ts [--visitors 1000] [--places 300] [--rounds 3] [--freed 100] [--database-url postgres://…]
 *
 * The database is a fresh `sports_events_bench` on the PostgreSQL server (default: the local one),
 * dropped afterwards.
 */

import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { createApi } from "@sports/api";
import { schema } from "@sports/db";
import { count, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { listen } from "../apps/web/server/listen.ts";
import { createLogger } from "../apps/web/server/logger.ts";
import {
  openBenchDatabase,
  POOL_SIZE,
  writeBurstAppointment,
  writeBurstEvent,
  writeVisitors,
} from "./bench-database.ts";
import { type CeilingFigures, placeCeiling } from "./burst-ceiling.ts";
import type { BurstAnswer } from "./burst-client.ts";
import { waitingListRun } from "./burst-waiting-list.ts";
import { createCleanup, fail, progress, runBenchmark } from "./harness.ts";
import { int, ms, table } from "./report.ts";

const { values } = parseArgs({
  options: {
    visitors: { type: "string", default: "1000" },
    places: { type: "string", default: "300" },
    rounds: { type: "string", default: "3" },
    freed: { type: "string", default: "100" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
  },
});
const visitors = Number(values.visitors);
const places = Number(values.places);
const rounds = Number(values.rounds);
if (!Number.isInteger(visitors) || visitors < 10) fail("--visitors must be a whole number of at least 10");
if (!Number.isInteger(places) || places < 1 || places > visitors) fail("--places must be between 1 and --visitors");
if (!Number.isInteger(rounds) || rounds < 1) fail("--rounds must be a whole number of at least 1");
const freed = Number(values.freed);
if (!Number.isInteger(freed) || freed < 1 || freed > places || freed > visitors - places)
  fail("--freed must be between 1 and both --places and the visitors left without a place");

const cleanup = createCleanup("bench:burst", 15 * 60_000);

interface RoundFigures {
  arrival: string;
  accepted: number;
  refused: number;
  serverErrors: number;
  otherFailures: number;
  taken: number;
  heldRows: number;
  oversold: number;
  elapsedMs: number;
  signupsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
}

await runBenchmark(
  "bench:burst",
  async () => {
    progress("creating a fresh PostgreSQL database");
    const bench = await openBenchDatabase(values["database-url"]);
    cleanup.add(() => bench.dispose());
    cleanup.add(() => bench.handle.close());
    const { db } = bench.handle;
    await bench.handle.migrate();

    progress(`writing ${visitors} visitors with a session each`);
    const { tokens } = await writeVisitors(db, visitors);
    // Members of the public who try to sign up while freed places are being offered to the line.
    const publicTokens = (await writeVisitors(db, freed, "public")).tokens;

    const logger = createLogger("warn");
    const api = new Hono().route("/api", createApi({ db, siteUrl: () => "http://localhost", logger }));
    const listener = await listen(api.fetch, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 5_000, logger });
    cleanup.add(() => listener.close());
    const url = `http://127.0.0.1:${new URL(listener.url).port}`;

    const event = await writeBurstEvent(db, "burst");

    /** One burst: a new appointment, every visitor at once; then the database is checked against the answers. */
    async function burst(label: string, crowd: string[], capacity: number, spreadMs = 0): Promise<RoundFigures> {
      const appointment = await writeBurstAppointment(db, event, label, capacity);
      const worker = new Worker(new URL("./burst-client.ts", import.meta.url), {
        workerData: { url, appointmentId: appointment.id, tokens: crowd, spreadMs },
      });
      const result = await new Promise<{ answers: BurstAnswer[]; elapsedMs: number }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      });
      await worker.terminate();
      const { answers, elapsedMs } = result;
      const [row] = await db.select().from(schema.appointments).where(eq(schema.appointments.id, appointment.id));
      const [held] = await db
        .select({ n: count() })
        .from(schema.signups)
        .where(sql`${schema.signups.appointmentId} = ${appointment.id} and ${schema.signups.state} = 'held'`);
      const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      const accepted = answers.filter((answer) => answer.status === 201).length;
      const taken = row?.placesTaken ?? 0;
      return {
        arrival: spreadMs === 0 ? "at once" : `over ${spreadMs / 1000} s`,
        accepted,
        refused: answers.filter((answer) => answer.status === 409 && answer.code === "sold-out").length,
        serverErrors: answers.filter((answer) => answer.status >= 500).length,
        otherFailures: answers.filter((answer) => answer.status !== 201 && answer.status !== 409 && answer.status < 500)
          .length,
        taken,
        heldRows: held?.n ?? 0,
        oversold: Math.max(0, taken - capacity, (held?.n ?? 0) - capacity, accepted - capacity),
        elapsedMs,
        signupsPerSecond: (answers.length / elapsedMs) * 1000,
        p50: at(0.5),
        p99: at(0.99),
        max: latencies[latencies.length - 1] ?? 0,
      };
    }

    progress("warming up: a burst of a tenth of the crowd");
    await burst("warm-up", tokens.slice(0, Math.ceil(visitors / 10)), Math.ceil(places / 10));
    // The warm-up's visitors hold places on another appointment; that does not stop them here.
    const figures: RoundFigures[] = [];
    // PostgreSQL's own ceiling for the statement that takes a place, in each round beside the burst.
    const ceilings: CeilingFigures[] = [];
    const ceiling = async (label: string) => {
      const appointment = await writeBurstAppointment(db, event, label, places);
      return placeCeiling(bench.url ?? "", appointment.id, visitors, POOL_SIZE);
    };
    await ceiling("ceiling-warm-up");
    for (let round = 1; round <= rounds; round++) {
      progress(`round ${round} of ${rounds}: ${visitors} visitors at once for ${places} places`);
      figures.push(await burst(`round-${round}`, tokens, places));
      progress(
        `round ${round} of ${rounds}: the place-taking statement alone, ${visitors} times over ${POOL_SIZE} connections`,
      );
      ceilings.push(await ceiling(`ceiling-${round}`));
    }
    // The same crowd arriving at an even 1,000 a second: the latency each visitor sees at that rate.
    const spreadMs = (visitors / 1_000) * 1_000;
    const arrivals: RoundFigures[] = [];
    for (let round = 1; round <= rounds; round++) {
      progress(`round ${round} of ${rounds}: ${visitors} visitors arriving over ${spreadMs / 1000} s`);
      arrivals.push(await burst(`arrivals-${round}`, tokens, places, spreadMs));
    }

    const rows = [
      [
        "round",
        "arrival",
        "accepted",
        "refused",
        "5xx",
        "other",
        "oversold",
        "taken",
        "held rows",
        "signups/s",
        "p50",
        "p99",
        "max",
      ],
      ...[...figures, ...arrivals].map((f, i) => [
        String((i % rounds) + 1),
        f.arrival,
        int(f.accepted),
        int(f.refused),
        int(f.serverErrors),
        int(f.otherFailures),
        int(f.oversold),
        int(f.taken),
        int(f.heldRows),
        int(f.signupsPerSecond),
        ms(f.p50, 0),
        ms(f.p99, 0),
        ms(f.max, 0),
      ]),
    ];
    const sorted = [...figures].sort((a, b) => a.signupsPerSecond - b.signupsPerSecond);
    const median = sorted[Math.floor(sorted.length / 2)] as RoundFigures;
    console.log(`bench:burst — ${visitors} visitors, one connection each, for ${places} places; ${bench.description}`);
    console.log(table(rows, ["r", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"]));
    const steady = [...arrivals].sort((a, b) => a.p99 - b.p99)[Math.floor(arrivals.length / 2)] as RoundFigures;
    console.log(
      `  median burst: ${int(median.signupsPerSecond)} signups/s, p99 ${ms(median.p99, 0)} (goal: at least 1,000/s)`,
    );
    console.log(`  median p99 at 1,000 arrivals a second: ${ms(steady.p99, 0)} (goal: under 250 ms)`);
    const ceilingMedian = [...ceilings].sort((a, b) => a.statementsPerSecond - b.statementsPerSecond)[
      Math.floor(ceilings.length / 2)
    ] as CeilingFigures;
    console.log(
      `  PostgreSQL's ceiling, the conditional UPDATE alone over ${POOL_SIZE} connections: ${ceilings.map((c) => int(c.statementsPerSecond)).join(", ")} statements/s; the burst's median is ${((median.signupsPerSecond / ceilingMedian.statementsPerSecond) * 100).toFixed(0)}% of the median (goal: at least 60%)`,
    );
    if (ceilings.some((c) => c.taken !== places))
      fail("bench:burst: the ceiling run took more or fewer places than there are");

    progress(
      `waiting list: ${visitors} visitors for ${places} places, the rest join the line, then ${freed} places are freed`,
    );
    const line = await waitingListRun({ db, url, event, tokens, publicTokens, places, freed });
    console.log(
      `  waiting list: ${int(line.signedUp)} signed up, ${int(line.joined)} joined the line (${int(line.positions)} distinct places in it); ${int(line.freed)} cancellations at once beside ${int(line.publicAttempts)} public signups`,
    );
    console.log(
      `    offers ${int(line.offers)} (lost ${int(line.freed - line.offers)}, out of turn ${int(line.outOfTurn)}), offer mails ${int(line.offerMails)} (duplicated ${int(line.duplicatedMails)}), public let in ${int(line.publicLetIn)}, still waiting ${int(line.stillWaiting)}`,
    );
    console.log(
      `    places taken ${int(line.placesTaken)}, held by live signups ${int(line.placesHeld)}; 5xx ${int(line.serverErrors)}`,
    );
    console.log(
      `    place freed to offer and mail committed (the cancellation's answer): p50 ${ms(line.freeToOffer.p50, 0)}, p99 ${ms(line.freeToOffer.p99, 0)}, max ${ms(line.freeToOffer.max, 0)}`,
    );
    const lineWrong =
      line.signedUp !== places ||
      line.joined !== visitors - places ||
      line.positions !== line.joined ||
      line.freed !== freed ||
      line.offers !== freed ||
      line.outOfTurn > 0 ||
      line.offerMails !== freed ||
      line.duplicatedMails > 0 ||
      line.publicLetIn > 0 ||
      line.stillWaiting !== line.joined - freed ||
      line.placesTaken !== places ||
      line.placesHeld !== places ||
      line.serverErrors > 0;
    if (lineWrong) fail("bench:burst: the waiting list lost, duplicated or misplaced an offer, or let the public in");
    const wrong = [...figures, ...arrivals].filter(
      (f) => f.oversold > 0 || f.serverErrors > 0 || f.otherFailures > 0 || f.accepted !== places || f.taken !== places,
    );
    if (wrong.length > 0) fail("bench:burst: a round oversold, failed a request, or left places unsold");
  },
  cleanup,
);
