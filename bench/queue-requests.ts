/**
 * How the worker threads of `npm run bench:queue` (queue-client.ts, queue-round.ts) send their
 * requests: through nginx over TLS, taking gzip as browsers do, on connections kept open between
 * requests as a browser keeps its own (nginx keeps an idle one 75 s, longer than any wait the room
 * asks for). A request is sent again (after a short, growing pause, as bench/burst-client.ts does)
 * when the connection fails or nginx answers 502, 503 or 504, up to `retries` times; a signup
 * carries an Idempotency-Key of its own, the same in every attempt.
 */
import { randomUUID } from "node:crypto";
import https from "node:https";
import { createSecureContext } from "node:tls";
import { gunzipSync } from "node:zlib";

export type CallKind = "join" | "read" | "signup" | "page";

/** A request that met a failed connection or a 5xx, with every status it got, and its last. */
export interface Fault {
  kind: CallKind;
  /** Epoch ms of the first attempt. */
  at: number;
  /** The status of each attempt that failed (0: the connection failed). */
  failed: number[];
  /** The last attempt's status: an answer when it is neither 0 nor a 5xx. */
  final: number;
}

export interface Answer {
  status: number;
  /** From the first attempt to the last answer. */
  ms: number;
  document?: {
    data?: { id?: string; attributes?: Record<string, unknown>; links?: { self?: string } };
    meta?: { refreshAfter?: number };
    errors?: { code?: string }[];
  };
  /** `Idempotent-Replayed: true`: the first outcome of an earlier attempt. */
  replayed: boolean;
  /** A page's `x-page-cache`: hit, miss or shared. */
  pageCache?: string;
}

export interface Requests {
  /** Connections kept open between requests, `sockets` at most. */
  keptAlive(sockets: number): https.Agent;
  call(
    agent: https.Agent,
    kind: CallKind,
    method: string,
    path: string,
    token?: string,
    body?: string,
  ): Promise<Answer>;
  /** The requests that met a failure. */
  faults: Fault[];
  /** Requests sent so far, every attempt counted. */
  sent(): number;
}

const RETRYABLE = new Set([0, 502, 503, 504]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function requests(options: { url: string; ca: string; retries: number }): Requests {
  // One TLS context for every connection: given `ca` instead, each connection would build its own.
  const secureContext = createSecureContext({ ca: options.ca });
  const faults: Fault[] = [];
  let sent = 0;

  function send(agent: https.Agent, method: string, path: string, token?: string, body?: string, key?: string) {
    sent++;
    const started = performance.now();
    return new Promise<Answer>((resolve) => {
      const failed = () => resolve({ status: 0, ms: performance.now() - started, replayed: false });
      const request = https.request(
        `${options.url}${path}`,
        {
          method,
          agent,
          headers: {
            "accept-encoding": "gzip",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(method === "POST"
              ? { "content-type": "application/vnd.api+json", "content-length": Buffer.byteLength(body ?? "") }
              : {}),
            ...(key ? { "idempotency-key": key } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", failed);
          response.on("end", () => {
            let document: Answer["document"];
            if (String(response.headers["content-type"]).includes("json")) {
              try {
                const raw = Buffer.concat(chunks);
                const text = response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
                document = JSON.parse(text.toString("utf8"));
              } catch {
                // Cut short: no document.
              }
            }
            const pageCache = response.headers["x-page-cache"];
            resolve({
              status: response.statusCode ?? 0,
              ms: performance.now() - started,
              replayed: response.headers["idempotent-replayed"] === "true",
              ...(document ? { document } : {}),
              ...(typeof pageCache === "string" ? { pageCache } : {}),
            });
          });
        },
      );
      request.on("error", failed);
      request.end(body);
    });
  }

  return {
    keptAlive: (sockets) => new https.Agent({ keepAlive: true, maxSockets: sockets, secureContext }),
    async call(agent, kind, method, path, token, body) {
      const at = Date.now();
      const key = kind === "signup" ? randomUUID() : undefined;
      const failed: number[] = [];
      const started = performance.now();
      let answer = await send(agent, method, path, token, body, key);
      while (RETRYABLE.has(answer.status) && failed.length < options.retries) {
        failed.push(answer.status);
        const pause = 50 * 2 ** (failed.length - 1);
        await sleep(pause / 2 + Math.random() * pause);
        answer = await send(agent, method, path, token, body, key);
      }
      if (answer.status >= 500 || answer.status === 0) failed.push(answer.status);
      if (failed.length > 0) faults.push({ kind, at, failed, final: answer.status });
      return { ...answer, ms: performance.now() - started };
    },
    faults,
    sent: () => sent,
  };
}

export const errorCode = (answer: Answer) => answer.document?.errors?.[0]?.code ?? "";
export { sleep };
