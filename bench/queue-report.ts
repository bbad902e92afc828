/**
 * The printed report of `npm run bench:queue` (the same figures go to `.bench/queue.json`); see
 * bench/README.md, "The opening's waiting room".
 */
import type { CpuShares } from "./costs.ts";
import type { OpeningFigures, Percentiles, timelineOf, whileWaiting } from "./queue-figures.ts";
import { int, ms, seconds, table } from "./report.ts";

export interface QueuePlan {
  visitors: number;
  early: number;
  later: number;
  places: number;
  shuffleMinutes: number;
  admitPerMinute: number;
  processes: number;
  retries: number;
  rounds: number;
  roundRequests: number;
  roundConcurrency: number;
  pageRate: number;
  pagePath: string;
}

/** A kind of request measured by itself, on the processes left: medians of its rounds. */
export interface QuietFigures {
  requests: number;
  latency: Percentiles;
  /** The server processes' CPU, and PostgreSQL's, per request. */
  serverMs: number;
  postgresMs: number;
  outcomes: Record<string, number>;
  failed: number;
}

export interface QueueRun {
  nginxVersion: string;
  ports: string[];
  startupMs: number;
  migrations: { applied: number; expected: number };
  database: string;
  kill?: { atMs: number; answeredBefore: number };
  opening: OpeningFigures;
  /** Epoch ms of the event's signup opening. */
  openingAt: number;
  answeredBy: number[];
  fiveHundredsByProcesses: number;
  waiting: ReturnType<typeof whileWaiting>;
  cpu: CpuShares;
  crowd: { cpuMsPerRequest: number; requests: number; elapsedMs: number };
  quiet: { refresh: QuietFigures; page: QuietFigures };
  processesLeft: number;
  idleMsPerSecond: number;
  timeline: ReturnType<typeof timelineOf>;
  nginxErrors: Record<string, number>;
}

/** The goals of the orders of admission. */
export const rhoGoals = (f: OpeningFigures) => ({ early: Math.abs(f.rhoEarly) < 0.1, later: f.rhoLater >= 0.99 });

const must = (n: number) => (n === 0 ? "0" : `${int(n)}  ← must be 0`);
const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${what} ${int(n)}`)
    .join(", ") || "none";
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
const pair = (p: Percentiles, digits = 0) =>
  Number.isNaN(p.p50) ? "" : `${p.p50.toFixed(digits)} / ${p.p99.toFixed(digits)}`;

export function printReport(plan: QueuePlan, run: QueueRun): void {
  const f = run.opening;
  const goals = rhoGoals(f);
  console.log(
    `bench:queue — ${int(plan.visitors)} visitors for ${int(plan.places)} places behind a waiting room ` +
      `(shuffle ${plan.shuffleMinutes} min, ${int(plan.admitPerMinute)} admitted a minute): ${int(plan.early)} join in the ` +
      `shuffle minutes, ${int(plan.later)} in the minute after the opening`,
  );
  console.log(
    `  nginx       ${run.nginxVersion}, TLS, deploy/nginx/sports-events.conf; each visitor keeps its one connection open`,
  );
  console.log(
    `  processes   ${plan.processes} × node apps/web/server/main.ts (ports ${run.ports.join(", ")}), listening after ` +
      `${seconds(run.startupMs)}; migrations applied ${run.migrations.applied} of ${run.migrations.expected}`,
  );
  console.log(`  database    ${run.database}`);
  console.log(
    run.kill
      ? `  killed      process 1 (port ${run.ports[0]}) with SIGKILL ${seconds(run.kill.atMs)} after the opening, having ` +
          `answered ${int(run.kill.answeredBefore)} requests; not restarted`
      : "  killed      none: the crowd was done before the kill",
  );
  console.log(
    `  timeline    room open ${plan.shuffleMinutes} min before the opening; drawn ` +
      `${f.drawnAt ? `${seconds(f.drawnAt - run.openingAt)} after it` : "never"}; the last final answer ` +
      `${seconds(f.lastAnswerAt - run.openingAt)} after it; ${int(f.placesGiven)} places given`,
  );
  console.log("");
  console.log(
    table(
      [
        ["joined", int(f.joined), `${int(f.drawn)} of the ${int(plan.early)} early ones drawn at the opening`],
        ["signed up with their pass", int(f.signedUp), `${int(f.replayed)} answered by a replay (Idempotent-Replayed)`],
        [
          "told sold out",
          int(f.soldOut),
          `${int(f.soldOutAfterAdmission)} of them after their admission, by the signup`,
        ],
        ["no final answer", must(f.noFinalAnswer), f.noFinalAnswer > 0 ? list(f.stuck) : ""],
        ["joined again", int(f.rejoined), `pass refused: ${list(f.rejoinedFor)}`],
        [
          "5xx seen, retried to an answer",
          `${int(f.fiveHundredsSeen)}, ${int(f.fiveHundredsAnswered)}`,
          `and ${int(f.connectionFailuresSeen)} failed connections; ${list(f.faultCauses)}`,
        ],
        ["5xx or no answer after retries", must(f.leftFailing), `up to ${plan.retries} retries a request`],
        [
          "oversold",
          must(f.oversold),
          `places taken ${int(f.placesTaken)} of ${int(plan.places)}; live signups hold ${int(f.livePlaces)}`,
        ],
        ["places taken ≠ live signups", must(f.takenVersusLive), ""],
        ["signups told, not stored", must(f.signupsToldMissing), `${int(f.signupsUntold)} stored nobody was told of`],
        ["two signups for a visitor", must(f.visitorsWithTwoSignups), ""],
        [
          "entries lost or doubled",
          must(f.entriesMissing + f.entriesDoubled + f.entriesNotTheOneTold),
          `missing ${f.entriesMissing}, more than one ${f.entriesDoubled}, not the one told ${f.entriesNotTheOneTold}`,
        ],
        ["places moved", must(f.placesMoved), "the database's place ≠ the place last told"],
        [
          "early: ρ(joined, admitted)",
          f.rhoEarly.toFixed(3),
          `goal |ρ| < 0.1: ${goals.early ? "held" : "NOT held"} (${int(f.rhoEarlyOf)} visitors)`,
        ],
        [
          "later: ρ(joined, admitted)",
          f.rhoLater.toFixed(4),
          `goal ρ ≥ 0.99: ${goals.later ? "held" : "NOT held"} (${int(f.rhoLaterOf)} visitors)`,
        ],
        [
          "admission seen after",
          `${seconds(f.admissionNoticedMs.p50)} / ${seconds(f.admissionNoticedMs.p99)}`,
          "p50 / p99 from the admission time to the first read that said so",
        ],
        [
          "requests answered",
          run.answeredBy.map((n, i) => `${i + 1}: ${int(n)}`).join("  "),
          `by process; 5xx answered by them: ${int(run.fiveHundredsByProcesses)}`,
        ],
      ],
      ["l", "r", "l"],
    ),
  );
  const { waiting: w, quiet } = run;
  console.log("");
  console.log(
    `  a queued visitor's refresh against a kept page's load (GET /api/queue-entries/{id}, GET ${plan.pagePath})`,
  );
  console.log(
    table(
      [
        ["", "requests", "p50", "p99", "process p50", "process p99", "server CPU", "PostgreSQL CPU"],
        [
          "while the crowd waits: refresh",
          int(w.reads),
          ms(w.read.p50, 0),
          ms(w.read.p99, 0),
          ms(w.readInProcess.p50, 1),
          ms(w.readInProcess.p99, 1),
          "",
          "",
        ],
        [
          "                       page",
          int(w.pages),
          ms(w.page.p50, 0),
          ms(w.page.p99, 0),
          ms(w.pageInProcess.p50, 1),
          ms(w.pageInProcess.p99, 1),
          "",
          "",
        ],
        ...(["refresh", "page"] as const).map((kind) => [
          kind === "refresh" ? "measured rounds:       refresh" : "                       page",
          int(quiet[kind].requests),
          ms(quiet[kind].latency.p50, 1),
          ms(quiet[kind].latency.p99, 1),
          "",
          "",
          ms(quiet[kind].serverMs, 3),
          ms(quiet[kind].postgresMs, 3),
        ]),
        [
          "refresh ÷ page",
          "",
          ratio(quiet.refresh.latency.p50, quiet.page.latency.p50),
          ratio(quiet.refresh.latency.p99, quiet.page.latency.p99),
          ratio(w.readInProcess.p50, w.pageInProcess.p50),
          ratio(w.readInProcess.p99, w.pageInProcess.p99),
          ratio(quiet.refresh.serverMs, quiet.page.serverMs),
          "",
        ],
      ],
      ["l", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  console.log(
    `  while the crowd waits: the crowd's own reads (of those answering "waiting": p50 ${ms(w.waitingRead.p50, 0)}, ` +
      `p99 ${ms(w.waitingRead.p99, 0)}) beside ${plan.pageRate} anonymous page loads a second (${int(w.pageHits)} answered ` +
      `from the kept page, ${int(w.pageFailures)} not 200); "process" is the processes' own time, from their log`,
  );
  console.log(
    `  measured rounds: on the ${run.processesLeft} processes left, ${plan.roundConcurrency} at a time, medians of ` +
      `${plan.rounds} rounds of ${int(plan.roundRequests)} each, alternating; refreshes of entries still waiting ` +
      `(${list(quiet.refresh.outcomes)}), pages ${list(quiet.page.outcomes)}; not 200: ${int(quiet.refresh.failed + quiet.page.failed)}; ` +
      `the processes idle use ${ms(run.idleMsPerSecond, 0)} of CPU a second`,
  );
  const cores = (cpuMs: number) => (cpuMs / run.cpu.elapsedMs).toFixed(2);
  const ours = Object.values(run.cpu.groups).reduce((sum, n) => sum + n, 0);
  console.log(
    `  CPU while the crowd was in (cores busy on average, of ${run.cpu.cores}): the machine ${cores(run.cpu.machineMs)}; ` +
      `${Object.entries(run.cpu.groups)
        .map(([name, cpuMs]) => `${name} ${cores(cpuMs)}`)
        .join(", ")}; everything else on the machine ${cores(Math.max(0, run.cpu.machineMs - ours))}`,
  );
  console.log(
    `  the crowd's own thread (TLS, JSON, the prober): ${ms(run.crowd.cpuMsPerRequest, 2)} of CPU a request, ` +
      `${int(run.crowd.requests)} requests sent in ${seconds(run.crowd.elapsedMs)}`,
  );
  console.log("");
  console.log("  the opening, 10 s at a time (answers logged by the processes; latencies p50 / p99, ms)");
  console.log(
    table(
      [
        [
          "from opening",
          "joins",
          "reads",
          "signups",
          "read, visitor",
          "read, process",
          "join, process",
          "page, visitor",
          "failed",
        ],
        ...run.timeline.map((t) => [
          `${(t.fromOpeningMs / 1000).toFixed(0)} s`,
          int(t.joins),
          int(t.reads),
          int(t.signups),
          pair(t.read),
          pair(t.readInProcess, 1),
          pair(t.joinInProcess, 1),
          pair(t.page),
          int(t.failed),
        ]),
      ],
      ["r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  if (Object.keys(run.nginxErrors).length > 0) console.log(`  nginx's error log: ${list(run.nginxErrors)}`);
}
