/**
 * The crowd of `npm run bench:burst` and `npm run bench:cluster`, in a worker thread so it does not
 * share the server's event loop: every visitor opens their own connection and sends one signup, all
 * at the same moment or, with `spreadMs`, arriving one after another at an even rate over that time.
 *
 * With `calls`, visitor i sends `calls[i]` instead of the signup (joining a waiting list, cancelling
 * a signup): the same crowd for other requests.
 *
 * With `retries`, each visitor's signup carries an `Idempotency-Key` of its own, and is sent again
 * with the same key (after a short, growing pause) when the connection fails or the answer is 502,
 * 503 or 504: what a careful client does when a server process dies under it.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { parentPort, workerData } from "node:worker_threads";

export interface BurstInput {
  url: string;
  appointmentId: string;
  tokens: string[];
  spreadMs: number;
  /** How many times one visitor's signup may be sent again; none (and no key) when absent. */
  retries?: number;
  /** The certificate authority of an https `url`, in PEM. */
  ca?: string;
  /** What each visitor sends instead of the signup, one per token. */
  calls?: BurstCall[];
}

export interface BurstCall {
  method: string;
  path: string;
  body?: string;
}

export interface BurstAnswer {
  /** The last attempt's status; 0 when it got no answer. */
  status: number;
  code?: string;
  /** From the first attempt to the last answer. */
  ms: number;
  /** The signup a 2xx answer names. */
  signupId?: string;
  /** The key every attempt of this visitor carried (with `retries`). */
  idempotencyKey?: string;
  /** The status of each attempt that was sent again (0: the connection failed). */
  retried: number[];
  /** The answer said `Idempotent-Replayed: true`. */
  replayed: boolean;
}

interface Attempt {
  status: number;
  code?: string;
  signupId?: string;
  replayed: boolean;
}

const { url, appointmentId, tokens, spreadMs, retries, ca, calls } = workerData as BurstInput;
const signup: BurstCall = {
  method: "POST",
  path: "/api/signups",
  body: JSON.stringify({
    data: { type: "signups", relationships: { appointment: { data: { type: "appointments", id: appointmentId } } } },
  }),
};
const secure = url.startsWith("https:");
const agentOptions = { keepAlive: false, maxSockets: Number.POSITIVE_INFINITY };
const agent = secure ? new https.Agent({ ...agentOptions, ...(ca ? { ca } : {}) }) : new http.Agent(agentOptions);
const RETRYABLE = new Set([0, 502, 503, 504]);

function send(token: string, idempotencyKey: string | undefined, call: BurstCall): Promise<Attempt> {
  const body = call.body ?? "";
  return new Promise((resolve) => {
    const request = (secure ? https : http).request(
      `${url}${call.path}`,
      {
        method: call.method,
        agent,
        headers: {
          "content-type": "application/vnd.api+json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", () => resolve({ status: 0, code: "connection-error", replayed: false }));
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          const replayed = response.headers["idempotent-replayed"] === "true";
          let document: { data?: { id?: string }; errors?: { code?: string }[] } | undefined;
          try {
            document = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // nginx's own error pages are HTML.
          }
          if (status >= 200 && status < 300) {
            const signupId = document?.data?.id;
            resolve({ status, replayed, ...(signupId ? { signupId } : {}) });
          } else {
            resolve({ status, replayed, code: document?.errors?.[0]?.code ?? "unreadable" });
          }
        });
      },
    );
    request.on("error", () => resolve({ status: 0, code: "connection-error", replayed: false }));
    request.end(body);
  });
}

async function signUp(token: string, call: BurstCall): Promise<BurstAnswer> {
  const started = performance.now();
  const idempotencyKey = retries === undefined ? undefined : randomUUID();
  const retried: number[] = [];
  let attempt = await send(token, idempotencyKey, call);
  while (RETRYABLE.has(attempt.status) && retried.length < (retries ?? 0)) {
    retried.push(attempt.status);
    const pause = 50 * 2 ** (retried.length - 1);
    await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * pause));
    attempt = await send(token, idempotencyKey, call);
  }
  return {
    ...attempt,
    ms: performance.now() - started,
    retried,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

const arrival = (i: number) => {
  const call = calls?.[i] ?? signup;
  return spreadMs === 0
    ? signUp(tokens[i] as string, call)
    : new Promise<BurstAnswer>((resolve) =>
        setTimeout(() => resolve(signUp(tokens[i] as string, call)), (i * spreadMs) / tokens.length),
      );
};
const started = performance.now();
const answers = await Promise.all(tokens.map((_, i) => arrival(i)));
parentPort?.postMessage({ answers, elapsedMs: performance.now() - started });
