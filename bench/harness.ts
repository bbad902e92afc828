/**
 * What both benchmarks need around their measurements: progress and failure messages, clean-up on
 * every way out, capturing an answer once, and a server that answers captured bytes from memory
 * beside the real app.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Profiler } from "node:inspector";
import { Session } from "node:inspector/promises";
import { dirname } from "node:path";
import type { Hono } from "hono";
import { listen } from "../apps/web/server/listen.ts";
import type { Logger } from "../apps/web/server/logger.ts";
import { closeSequentialConnection, type LoadFigures, load } from "./load.ts";
import { seconds } from "./report.ts";

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Starts V8's CPU profiler on this thread, sampling every 100 µs. The function it answers stops it,
 * writes the profile to `file` (open it in Chromium's DevTools) and answers it.
 */
export async function startProfile(): Promise<(file: string) => Promise<Profiler.Profile>> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  return async (file) => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    return profile;
  };
}

/** Progress goes to stderr, so stdout keeps only the report. */
export function progress(message: string) {
  process.stderr.write(`· ${message}\n`);
}

export interface Cleanup {
  add(cleanup: () => Promise<void> | void): void;
  /** Runs every clean-up once, the last added first; later calls wait for the same run. */
  run(): Promise<void>;
}

/** Clean-ups that also run on Ctrl-C and when the benchmark overruns `deadlineMs`. */
export function createCleanup(name: string, deadlineMs: number): Cleanup {
  const cleanups: (() => Promise<void> | void)[] = [];
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error("cleanup failed:", error);
        }
      }
    })();
    return running;
  };
  process.once("SIGINT", () => {
    console.error("\ninterrupted; cleaning up");
    run().finally(() => process.exit(130));
  });
  setTimeout(() => {
    console.error(`${name} did not finish within ${seconds(deadlineMs)}; giving up`);
    run().finally(() => process.exit(2));
  }, deadlineMs).unref();
  return { add: (cleanup) => void cleanups.push(cleanup), run };
}

/** Runs a benchmark's `main`: a failure is printed and sets the exit code; clean-up runs either way. */
export async function runBenchmark(name: string, main: () => Promise<void>, cleanup: Cleanup): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(`${name} failed:`, error);
    process.exitCode = 1;
  } finally {
    closeSequentialConnection();
    await cleanup.run();
  }
}

export interface CapturedAnswer {
  body: string;
  headers: Record<string, string>;
}

/** An answer of the whole app, captured once (no Accept-Encoding, as autocannon sends). */
export async function captureAnswer(app: Pick<Hono, "request">, path: string): Promise<CapturedAnswer> {
  const response = await app.request(path);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 500)}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { body, headers };
}

export interface StaticRoute {
  path: string;
  body: string | Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

export interface ServerUnderTest {
  base: string;
  /** A load run, then a wait for the answers the app still owes, so the next run does not pay for them. */
  measure(
    path: string,
    connections: number,
    runSeconds: number,
    headers?: Record<string, string>,
  ): Promise<LoadFigures>;
}

/** The app on a free loopback port, with `statics` answered from memory without touching it. */
export async function serveUnderTest(
  app: Pick<Hono, "fetch">,
  statics: StaticRoute[],
  logger: Logger,
  cleanup: Cleanup,
): Promise<ServerUnderTest> {
  let inFlight = 0;
  const done = () => {
    inFlight--;
  };
  const listener = await listen(
    (request, env) => {
      for (const route of statics)
        if (request.url.endsWith(route.path)) return new Response(route.body, { status: 200, headers: route.headers });
      inFlight++;
      // Node's request and response go on to the app, as `npm start` serves it (server/server.ts).
      const answer = Promise.resolve(app.fetch(request, env));
      answer.then(done, done);
      return answer;
    },
    { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 5_000, logger },
  );
  cleanup.add(() => listener.close());
  const base = `http://127.0.0.1:${new URL(listener.url).port}`;
  return {
    base,
    async measure(path, connections, runSeconds, headers) {
      const figures = await load(`${base}${path}`, connections, runSeconds, headers);
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 250));
      return figures;
    },
  };
}
