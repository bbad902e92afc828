/**
 * The load generators of `npm run bench:api` and `npm run bench:web`: autocannon in a worker thread for
 * throughput and latency under load, and one keep-alive connection for the latency of a single visitor.
 * See bench/README.md.
 */
import http from "node:http";
import autocannon from "autocannon";

/** Unmeasured requests before a sequential run. */
const SEQUENTIAL_WARMUP = 20;

export interface LoadFigures {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** autocannon records whole milliseconds. */
  latencyMs: { mean: number; p50: number; p99: number; max: number };
  bytesPerResponse: number;
  errors: number;
  non2xx: number;
}

/**
 * autocannon in a worker thread, so the load generator does not share the server's event loop;
 * every request with `headers` (a session cookie, say).
 */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  headers?: Record<string, string>,
): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: seconds, workers: 1, ...(headers ? { headers } : {}) });
  const ok = result["2xx"];
  return {
    connections,
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    latencyMs: { mean: result.latency.mean, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    bytesPerResponse: ok ? Math.round(result.throughput.total / ok) : 0,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export interface SequentialFigures {
  requests: number;
  /** Measured with performance.now() around each request on one keep-alive connection. */
  latencyMs: { mean: number; p50: number; p99: number; max: number };
}

const sequentialAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Closes the keep-alive connection of the sequential runs; safe to call more than once. */
export function closeSequentialConnection(): void {
  sequentialAgent.destroy();
}

function get(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: sequentialAgent }, (response) => {
        response.on("data", () => {});
        response.on("end", () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** One request after another on one connection: the latency of a single visitor, to the microsecond. */
export async function sequential(url: string, count: number): Promise<SequentialFigures> {
  for (let i = 0; i < SEQUENTIAL_WARMUP; i++) await get(url);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await get(url);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  return {
    requests: count,
    latencyMs: {
      mean: times.reduce((sum, t) => sum + t, 0) / times.length,
      p50: at(0.5),
      p99: at(0.99),
      max: times[times.length - 1] ?? 0,
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Every figure the median of the rounds', errors and non-2xx answers summed. */
export function medianOf(rounds: LoadFigures[]): LoadFigures {
  const pick = (f: (r: LoadFigures) => number) => median(rounds.map(f));
  const first = rounds[0] as LoadFigures;
  return {
    connections: first.connections,
    seconds: pick((r) => r.seconds),
    requests: pick((r) => r.requests),
    requestsPerSecond: pick((r) => r.requestsPerSecond),
    latencyMs: {
      mean: pick((r) => r.latencyMs.mean),
      p50: pick((r) => r.latencyMs.p50),
      p99: pick((r) => r.latencyMs.p99),
      max: pick((r) => r.latencyMs.max),
    },
    bytesPerResponse: pick((r) => r.bytesPerResponse),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  };
}
