/**
 * Lighthouse for `npm run bench:web`: Debian's Chromium started headless on a free debugging port,
 * Lighthouse's Node API with its default config (mobile: a Moto G Power–sized screen, simulated slow
 * 4G and a 4× slower CPU), and the scores and failing audits taken from each result. See bench/README.md.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import lighthouse, { type Result } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

/** What chrome-launcher passes too: no background traffic (the run must stay on 127.0.0.1), no first-run UI. */
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-default-apps",
  "--disable-domain-reliability",
  "--disable-sync",
  "--disable-extensions",
  "--metrics-recording-only",
  "--mute-audio",
  "--lang=en-US",
];

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  /** 0–1, or null when the audit itself errored. */
  score: number | null;
  weight: number;
  displayValue?: string;
  errorMessage?: string;
  /** The first line of each item Lighthouse lists (a console message, an element, a URL), at most five. */
  items: string[];
}

export interface LighthouseFigures {
  page: string;
  path: string;
  /** 0–100 per category, null if Lighthouse could not score it. */
  scores: Record<Category, number | null>;
  /** `value`: the metric in milliseconds (unitless for the layout shift), as Lighthouse computed it. */
  metrics: { id: string; title: string; displayValue: string; value: number | null; score: number | null }[];
  failing: FailingAudit[];
  warnings: string[];
  lighthouseVersion: string;
  formFactor: string;
  throttlingMethod: string;
  benchmarkIndex: number | undefined;
  /** The full result, for `.bench/web-lighthouse-<page>.json`. */
  lhr: Result;
}

export interface Browser {
  version: string;
  port: number;
  close(): Promise<void>;
}

/** Starts Chromium headless with a throwaway profile; resolves once its DevTools endpoint answers. */
export async function launchChromium(executable: string): Promise<Browser> {
  if (!existsSync(executable))
    throw new Error(`${executable} not found: install Debian's chromium, set CHROME_PATH, or pass --no-lighthouse`);
  const profile = mkdtempSync(join(os.tmpdir(), "sports-events-bench-chromium-"));
  const child: ChildProcess = spawn(
    executable,
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"],
    // Its own process group, so that close() ends the browser and every helper process it started.
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      const killed = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {}
      }, 5_000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Chromium did not start within 30 s:\n${output}`)), 30_000);
      // Read stderr to the end, so that a full pipe never blocks the browser.
      child.stderr?.on("data", (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4_000);
        const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (listening) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        }
      });
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`Chromium exited (${code}) before listening:\n${output}`)));
    });
    const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
    return { version: info.Browser, port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A readable line for each row of an audit's details table. */
function itemsOf(details: unknown): string[] {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items.slice(0, 5).map((item) => {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    const text = [item.description, node?.snippet ?? node?.selector, item.url, item.source].find(
      (value) => typeof value === "string" && value,
    ) as string | undefined;
    let line = (text ?? JSON.stringify(item)).split("\n")[0] as string;
    if (line.length > 240) line = `${line.slice(0, 239)}…`;
    // A failed request names its URL only here; the path is enough (the port changes from run to run).
    const location = (item.sourceLocation as { url?: string } | undefined)?.url;
    return item.source === "network" && location ? `${line}: ${new URL(location).pathname}` : line;
  });
}

const percent = (score: number | null | undefined) => (typeof score === "number" ? Math.round(score * 100) : null);

/** One Lighthouse run on `url` in the running browser, with Lighthouse's default (mobile) settings. */
export async function audit(browser: Browser, page: string, url: string): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port: browser.port,
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);

  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, percent(lhr.categories[category]?.score)]),
  ) as Record<Category, number | null>;
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (!result) continue;
      const scored = ["binary", "numeric", "metricSavings"].includes(result.scoreDisplayMode);
      // Performance metrics are reported as metrics, not as failures.
      if (category === "performance" && METRICS.includes(ref.id as (typeof METRICS)[number])) continue;
      if (result.scoreDisplayMode === "error" || (scored && result.score !== null && result.score < 1)) {
        failing.push({
          category,
          id: ref.id,
          title: result.title,
          score: result.score,
          weight: ref.weight,
          ...(result.displayValue ? { displayValue: result.displayValue } : {}),
          ...(result.errorMessage ? { errorMessage: result.errorMessage } : {}),
          items: itemsOf(result.details),
        });
      }
    }
  }
  return {
    page,
    path: new URL(url).pathname,
    scores,
    metrics: METRICS.map((id) => ({
      id,
      title: lhr.audits[id]?.title ?? id,
      displayValue: lhr.audits[id]?.displayValue ?? "n/a",
      value: lhr.audits[id]?.numericValue ?? null,
      score: percent(lhr.audits[id]?.score),
    })),
    failing,
    warnings: lhr.runWarnings,
    lighthouseVersion: lhr.lighthouseVersion,
    formFactor: lhr.configSettings.formFactor,
    throttlingMethod: lhr.configSettings.throttlingMethod,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lhr,
  };
}
