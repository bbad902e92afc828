/**
 * The printed report of `npm run bench:web`: rendered pages against their bytes from memory, the
 * JavaScript each page loads first, and Lighthouse. The same figures go to `.bench/web.json`; see
 * bench/README.md. Number formats and the table printer are bench:api's (report.ts).
 */
import os from "node:os";
import { CATEGORIES, type Category, type LighthouseFigures } from "./lighthouse.ts";
import type { LoadFigures, SequentialFigures } from "./load.ts";
import { int, loadRow, ms, table } from "./report.ts";
import type { PageScripts } from "./web-assets.ts";

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export const GOALS = {
  /** The list as anonymous visitors get it (kept, PAGE_CACHE_SECONDS) at this share of the static-bytes rate, or more. */
  listRatio: 0.25,
  /** An event's page as anonymous visitors get it (kept) at this share of the static-bytes rate, or more. */
  detailRatio: 0.5,
  /** A page for a logged-in runner at this fraction of its anonymous share or more: the same share, within a run's noise. */
  loggedInShareOfAnonymous: 0.9,
  /** JavaScript loaded first, gzip -9, per page: under this many bytes (110 kB). */
  scriptGzipBytes: 110_000,
  performance: 98,
  /** Lighthouse's First Contentful Paint (simulated slow 4G), under this many milliseconds. */
  firstContentfulPaintMs: 1800,
  /** Accessibility, best practices and SEO. */
  otherCategories: 100,
} as const;

export interface PageLoad {
  page: string;
  path: string;
  staticPath: string;
  htmlBytes: number;
  /** Rendered for every request. */
  real: { median: LoadFigures; rounds: LoadFigures[] };
  /** As anonymous visitors get it: rendered once per PAGE_CACHE_SECONDS and kept in memory. */
  cached: { median: LoadFigures; rounds: LoadFigures[] };
  /** As a logged-in runner gets it: the page kept for everyone, its frame filled in for them. */
  loggedIn: { median: LoadFigures; rounds: LoadFigures[] };
  static: { median: LoadFigures; rounds: LoadFigures[] };
  sequential: SequentialFigures;
  ratio: number;
  cachedRatio: number;
  loggedInRatio: number;
}

export interface WebReport {
  database: string;
  demo: { events: number; pages: number };
  build: string;
  durationSeconds: number;
  pageCacheSeconds: number;
  connections: number;
  rounds: number;
  sequentialRequests: number;
  gzipLevel: number;
  pages: { page: string; path: string }[];
  loads: PageLoad[];
  scripts: PageScripts[];
  /** Absent with --no-lighthouse. */
  lighthouse?: { browser: string; pages: LighthouseFigures[] };
}

const met = (ok: boolean) => (ok ? "goal met" : "GOAL NOT MET");

export function listRatioMet(loads: PageLoad[]): boolean | undefined {
  const list = loads.find((load) => load.page === "list");
  return list ? list.cachedRatio >= GOALS.listRatio : undefined;
}

export function detailRatioMet(loads: PageLoad[]): boolean | undefined {
  const detail = loads.find((load) => load.page === "detail");
  return detail ? detail.cachedRatio >= GOALS.detailRatio : undefined;
}

export function lighthouseMet(figures: LighthouseFigures): boolean {
  const fcp = figures.metrics.find((metric) => metric.id === "first-contentful-paint")?.value;
  if (fcp === null || fcp === undefined || fcp >= GOALS.firstContentfulPaintMs) return false;
  return CATEGORIES.every((category) => {
    const score = figures.scores[category];
    const goal = category === "performance" ? GOALS.performance : GOALS.otherCategories;
    return score !== null && score >= goal;
  });
}

/** Part 1: the load runs (none with --no-load). */
function loadLines(report: WebReport, lines: string[]) {
  lines.push(
    `1. Rendered pages vs the same HTML from memory (${report.connections} connections, ${report.durationSeconds} s a run, ` +
      `median of ${report.rounds} alternating rounds; autocannon 9 in a worker thread, no Accept-Encoding)`,
  );
  const loadRows = [["", "req/s", "p50", "p99", "mean", "bytes/resp", "req/s by round", "errors"]];
  for (const load of report.loads) {
    loadRows.push(loadRow(`${load.page.padEnd(6)} rendered ${load.path}`, load.real.median, load.real.rounds));
    loadRows.push(loadRow(`${"".padEnd(6)} kept     ${load.path}`, load.cached.median, load.cached.rounds));
    loadRows.push(loadRow(`${"".padEnd(6)} logged in ${load.path}`, load.loggedIn.median, load.loggedIn.rounds));
    loadRows.push(loadRow(`${"".padEnd(6)} static   ${load.staticPath}`, load.static.median, load.static.rounds));
  }
  lines.push(table(loadRows, ["l", "r", "r", "r", "r", "r", "r", "r"]));
  lines.push("");
  lines.push(
    table(
      [
        [
          "",
          "rendered/static req/s",
          "kept/static req/s",
          "logged in/static",
          "HTML",
          `render alone (1 connection, ${report.sequentialRequests} requests)`,
        ],
        ...report.loads.map((load) => [
          load.page,
          load.ratio.toPrecision(2),
          load.cachedRatio.toPrecision(2),
          load.loggedInRatio.toPrecision(2),
          `${int(load.htmlBytes)} bytes`,
          `mean ${ms(load.sequential.latencyMs.mean, 2)}, p50 ${ms(load.sequential.latencyMs.p50, 2)}, p99 ${ms(load.sequential.latencyMs.p99, 2)}`,
        ]),
      ],
      ["l", "r", "r", "r", "r", "l"],
    ),
  );
  lines.push(
    `  rendered: every request rendered; kept: as anonymous visitors get pages, rendered once per ` +
      `${report.pageCacheSeconds} s (PAGE_CACHE_SECONDS) and answered from memory with a fresh CSP nonce; ` +
      "logged in: the same kept page as a runner with a session gets it, the header's menu filled in for them",
  );
  const listOk = listRatioMet(report.loads);
  if (listOk !== undefined) {
    const list = report.loads.find((load) => load.page === "list") as PageLoad;
    lines.push(
      `  verdict: the list as served runs at ${(list.cachedRatio * 100).toPrecision(2)}% of the static-bytes rate ` +
        `(goal ≥ ${GOALS.listRatio * 100}%): ${met(listOk)}; rendered every time, ${(list.ratio * 100).toPrecision(2)}%`,
    );
  }
  const detailOk = detailRatioMet(report.loads);
  if (detailOk !== undefined) {
    const detail = report.loads.find((load) => load.page === "detail") as PageLoad;
    lines.push(
      `  verdict: an event's page as served runs at ${(detail.cachedRatio * 100).toPrecision(2)}% of the static-bytes rate ` +
        `(goal ≥ ${GOALS.detailRatio * 100}%): ${met(detailOk)}; rendered every time, ${(detail.ratio * 100).toPrecision(2)}%`,
    );
  }
  for (const load of report.loads) {
    // Goal: a logged-in runner served at the same share as an anonymous visitor, within the run's noise (a tenth).
    const same = load.loggedInRatio >= load.cachedRatio * GOALS.loggedInShareOfAnonymous;
    lines.push(
      `  verdict: the ${load.page} page for a logged-in runner runs at ${(load.loggedInRatio * 100).toPrecision(2)}% of the ` +
        `static-bytes rate, ${(load.cachedRatio * 100).toPrecision(2)}% for an anonymous visitor (goal: the same share): ${met(same)}`,
    );
  }
  lines.push("");
}

export function webReportLines(report: WebReport): string[] {
  const lines: string[] = [];
  lines.push("Web benchmark: the server-rendered site");
  lines.push(
    `  database  ${report.database} (demo catalogue: ${report.demo.events} events, ${report.demo.pages} pages)`,
  );
  lines.push(`  site      ${report.build}`);
  lines.push(
    `  machine   Node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})`,
  );
  lines.push(`  pages     ${report.pages.map((p) => `${p.page} ${p.path}`).join(", ")}`);
  lines.push("");

  if (report.loads.length > 0) loadLines(report, lines);
  else lines.push("1. Rendered pages vs the same HTML from memory: not run (--no-load)", "");
  lines.push(
    `2. JavaScript each page loads first (module scripts, inline module imports, modulepreloads and their static imports; ` +
      `gzip level ${report.gzipLevel}, each file apart; goal under ${kB(GOALS.scriptGzipBytes)})`,
  );
  lines.push(
    table(
      [
        ["", "files", "raw", `gzip -${report.gzipLevel}`, "as served*", "verdict"],
        ...report.scripts.map((s) => [
          `${s.page} ${s.path}`,
          String(s.files.length),
          kB(s.bytes),
          kB(s.gzipBytes),
          kB(s.servedBytes),
          met(s.gzipBytes < GOALS.scriptGzipBytes),
        ]),
      ],
      ["l", "r", "r", "r", "r", "l"],
    ),
  );
  const notPreloaded = report.scripts.flatMap((s) => s.files.filter((f) => f.via === "import").map((f) => f.path));
  if (notPreloaded.length > 0)
    lines.push(`  not named by the HTML, only imported by its modules: ${[...new Set(notPreloaded)].join(", ")}`);
  const encodings = [...new Set(report.scripts.flatMap((s) => s.files.map((f) => f.servedEncoding)))].join(", ");
  lines.push(`  * the bytes the server sends when asked for gzip or brotli (content-encoding: ${encodings})`);
  const largest = new Map<string, { file: PageScripts["files"][number]; pages: string[] }>();
  for (const s of report.scripts)
    for (const file of s.files) {
      const entry = largest.get(file.path) ?? { file, pages: [] };
      entry.pages.push(s.page);
      largest.set(file.path, entry);
    }
  const top = [...largest.values()].sort((a, b) => b.file.gzipBytes - a.file.gzipBytes).slice(0, 6);
  lines.push("  largest files:");
  lines.push(
    table(
      [
        ["  file", "raw", `gzip -${report.gzipLevel}`, "as served", "loaded by"],
        ...top.map(({ file, pages }) => [
          `  ${file.path}`,
          kB(file.bytes),
          kB(file.gzipBytes),
          kB(file.servedBytes),
          pages.join(", "),
        ]),
      ],
      ["l", "r", "r", "r", "r", "l"],
    ),
  );
  lines.push("");

  if (!report.lighthouse) {
    lines.push("3. Lighthouse: skipped (--no-lighthouse)");
    return lines;
  }
  const lh = report.lighthouse.pages;
  const first = lh[0];
  lines.push(
    `3. Lighthouse ${first?.lighthouseVersion ?? "?"} (${first?.formFactor ?? "?"}, ${first?.throttlingMethod === "simulate" ? "simulated" : (first?.throttlingMethod ?? "?")} throttling, ` +
      `default config) in ${report.lighthouse.browser}, benchmarkIndex ${lh.map((p) => int(p.benchmarkIndex ?? 0)).join(" / ")}`,
  );
  const score = (n: number | null) => (n === null ? "n/a" : String(n));
  lines.push(
    table(
      [
        ["", ...CATEGORIES, "verdict"],
        ...lh.map((p) => [`${p.page} ${p.path}`, ...CATEGORIES.map((c) => score(p.scores[c])), met(lighthouseMet(p))]),
      ],
      ["l", "r", "r", "r", "r", "l"],
    ),
  );
  lines.push(
    `  goal: performance ≥ ${GOALS.performance} with First Contentful Paint under ${GOALS.firstContentfulPaintMs / 1000} s, ` +
      `accessibility, best-practices and seo ${GOALS.otherCategories}`,
  );
  lines.push("");
  lines.push("  performance metrics (score in brackets):");
  lines.push(
    table(
      [
        ["  ", ...(first?.metrics.map((m) => m.title) ?? [])],
        ...lh.map((p) => [`  ${p.page}`, ...p.metrics.map((m) => `${m.displayValue} (${score(m.score)})`)]),
      ],
      ["l", ...(first?.metrics.map(() => "r" as const) ?? [])],
    ),
  );
  lines.push("");
  const failingIn = (categories: Category[]) =>
    lh.flatMap((p) => p.failing.filter((f) => categories.includes(f.category)).map((f) => ({ page: p.page, ...f })));
  const failing = failingIn(["accessibility", "best-practices", "seo"]);
  // Performance audits only matter when the score misses its goal.
  const slow = lh.filter((p) => (p.scores.performance ?? 0) < GOALS.performance).map((p) => p.page);
  const performanceFailing = failingIn(["performance"]).filter((f) => slow.includes(f.page));
  if (failing.length === 0) lines.push("  failing audits in accessibility, best-practices and seo: none");
  else {
    lines.push("  failing audits in accessibility, best-practices and seo:");
    lines.push(
      table(
        [
          ["  page", "category", "audit", "title", "score", "weight"],
          ...failing.map((f) => [
            `  ${f.page}`,
            f.category,
            f.id,
            f.title +
              (f.displayValue ? ` (${f.displayValue})` : "") +
              (f.errorMessage ? ` [error: ${f.errorMessage}]` : ""),
            f.score === null ? "error" : String(Math.round(f.score * 100)),
            String(f.weight),
          ]),
        ],
        ["l", "l", "l", "l", "r", "r"],
      ),
    );
    // What Lighthouse found, once per audit and finding however many pages share it.
    const found = new Map<string, string[]>();
    for (const f of failing)
      for (const item of f.items) {
        const key = `${f.id}: ${item}`;
        found.set(key, [...(found.get(key) ?? []), f.page]);
      }
    if (found.size > 0) lines.push("  what they found:");
    for (const [finding, pages] of found) lines.push(`    ${finding} (${pages.join(", ")})`);
  }
  if (performanceFailing.length > 0) {
    lines.push(`  performance audits not passed on the pages under ${GOALS.performance}:`);
    for (const f of performanceFailing)
      lines.push(`    ${f.page}  ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ""}`);
  }
  for (const p of lh) for (const warning of p.warnings) lines.push(`  warning (${p.page}): ${warning}`);
  return lines;
}
