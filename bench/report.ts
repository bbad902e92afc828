/**
 * The printed report of `npm run bench:api`: number formats, aligned tables, and the four sections
 * built from the figures. The same figures go to `.bench/api.json`; see bench/README.md.
 */
import os from "node:os";
import type { LoadFigures, SequentialFigures } from "./load.ts";
import type { SeedResult } from "./seed-events.ts";

export const int = (n: number) => Math.round(n).toLocaleString("en-US");
export const ms = (n: number, digits = 1) => `${n.toFixed(digits)} ms`;
export const times = (n: number) => `${n.toFixed(2)}×`;
export const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

/** Rows of cells in aligned columns (`l`eft or `r`ight), indented by two spaces. */
/** One row of a load table: rate, latencies, size, the rate of each round and the failures. */
export const loadRow = (label: string, f: LoadFigures, rounds: LoadFigures[]) => [
  label,
  int(f.requestsPerSecond),
  ms(f.latencyMs.p50, 0),
  ms(f.latencyMs.p99, 0),
  ms(f.latencyMs.mean, 2),
  int(f.bytesPerResponse),
  rounds.map((r) => int(r.requestsPerSecond)).join(" / "),
  String(f.errors + f.non2xx),
];

export function table(rows: string[][], align: ("l" | "r")[]): string {
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

export type SeedingFigures = SeedResult & { totalEvents: number };

export interface VariantFigures {
  events: number;
  responseBytes: number;
  metaTotal: number;
  load: LoadFigures;
  sequential: SequentialFigures;
}

export interface BreakdownFigures {
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

export interface LatencyRatios {
  variant: string;
  sequentialMean: number;
  sequentialP99: number;
  loadMean: number;
  loadP99: number;
  requestsPerSecond: number;
}

/** Large over small for each variant's latencies; small over large for req/s (the drop). */
export function latencyRatios(
  variants: readonly { name: string }[],
  small: Record<string, VariantFigures>,
  big: Record<string, VariantFigures>,
): LatencyRatios[] {
  return variants.map((variant) => {
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
}

/** What was measured, and how. */
export interface ReportPlan {
  endpoint: string;
  staticPath: string;
  variants: readonly { name: string }[];
  small: number;
  large: number;
  durationSeconds: number;
  throughputConnections: number;
  latencyConnections: number;
  sequentialRequests: number;
  breakdownRepeats: number;
  rounds: number;
  goalRatio: number;
}

export interface ReportFigures {
  database: { description: string; version: string };
  seeding: SeedingFigures[];
  real: { median: LoadFigures; rounds: LoadFigures[] };
  static: { median: LoadFigures; rounds: LoadFigures[] };
  /** The default request's answer at the small size, captured once through the app. */
  response: { bytes: number; events: number; appointments: number; total: number };
  small: Record<string, VariantFigures>;
  big: Record<string, VariantFigures>;
  ratios: LatencyRatios[];
  breakdown: BreakdownFigures[];
}

export function reportLines(plan: ReportPlan, figures: ReportFigures): string[] {
  const { small, big } = figures;
  const verdict = (ratio: number) => (ratio <= plan.goalRatio ? "within goal" : `over the ${plan.goalRatio}× goal`);

  const lines: string[] = [];
  lines.push(`API benchmark: GET ${plan.endpoint}`);
  lines.push(`  database  ${figures.database.description}`);
  lines.push(`            ${figures.database.version}`);
  lines.push(
    `  machine   Node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})`,
  );
  lines.push(
    `  load      autocannon 9 in a worker thread, ${plan.durationSeconds} s a run, no Accept-Encoding (uncompressed)`,
  );
  lines.push("");
  lines.push("Seeding (multi-row INSERT … SELECT json_populate_recordset, 1,000 events a statement)");
  lines.push(
    table(
      [
        ["", "events", "appointments", "insert", "VACUUM ANALYZE", "events/s"],
        ...figures.seeding.map((s) => [
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
    `1. Real endpoint vs the same bytes from memory (${int(plan.small)} events, ${plan.throughputConnections} connections, median of ${plan.rounds} alternating rounds)`,
  );
  lines.push(
    table(
      [
        ["", "req/s", "p50", "p99", "mean", "bytes/resp", "req/s by round", "errors"],
        loadRow("real   /api/events", figures.real.median, figures.real.rounds),
        loadRow(`static ${plan.staticPath}`, figures.static.median, figures.static.rounds),
      ],
      ["l", "r", "r", "r", "r", "r", "r", "r"],
    ),
  );
  const throughputRatio = figures.real.median.requestsPerSecond / figures.static.median.requestsPerSecond;
  lines.push(
    `  real/static req/s: ${throughputRatio.toPrecision(2)}: the same bytes from memory go ${(1 / throughputRatio).toFixed(0)}× ` +
      "faster; the gap is routing, middleware, database queries and serialisation",
  );
  const { response } = figures;
  lines.push(
    `  response: ${int(response.bytes)} bytes of JSON, ${response.events} events + ${response.appointments} appointments, meta.total ${int(response.total)}`,
  );
  lines.push("");
  lines.push(
    `2. Latency at ${int(plan.small)} vs ${int(plan.large)} events (load: ${plan.latencyConnections} connections, ${plan.durationSeconds} s; ` +
      `sequential: 1 connection, ${plan.sequentialRequests} requests)`,
  );
  const latencyRows: string[][] = [
    ["", "events", "req/s", "p50", "p99", "mean", "seq mean", "seq p50", "seq p99", "bytes", "meta.total"],
  ];
  for (const variant of plan.variants) {
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
  lines.push(`  ${int(plan.large)} / ${int(plan.small)} (goal: latency within ${plan.goalRatio}×)`);
  lines.push(
    table(
      [
        ["", "seq mean", "seq p99", "load mean", "load p99", "req/s drop", "verdict (seq mean)"],
        ...figures.ratios.map((r) => [
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
    `3. Where the default request's time goes (sequential means; the database calls timed directly, ${plan.breakdownRepeats} each)`,
  );
  const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
  lines.push(
    table(
      [
        ["events", "request", "listEvents (page + count)", "appointmentsOfEvents", "rest (HTTP, app, JSON)"],
        ...figures.breakdown.map((b) => [
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
  const failures = [
    ...figures.real.rounds,
    ...figures.static.rounds,
    ...Object.values(small),
    ...Object.values(big),
  ].reduce((sum, f) => sum + ("load" in f ? f.load.errors + f.load.non2xx : f.errors + f.non2xx), 0);
  if (failures > 0)
    lines.push(`\n  WARNING: ${failures} errors or non-2xx answers during the load runs; the figures are suspect.`);
  return lines;
}
