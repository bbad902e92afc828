/**
 * The crowd of `npm run bench:burst`, in a worker thread so it does not share the server's event
 * loop: every visitor opens their own connection and sends one signup, all at the same moment or,
 * with `spreadMs`, arriving one after another at an even rate over that time.
 */
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

interface Input {
  url: string;
  appointmentId: string;
  tokens: string[];
  spreadMs: number;
}

export interface BurstAnswer {
  status: number;
  code?: string;
  ms: number;
}

const { url, appointmentId, tokens, spreadMs } = workerData as Input;
const body = JSON.stringify({
  data: { type: "signups", relationships: { appointment: { data: { type: "appointments", id: appointmentId } } } },
});
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function signUp(token: string): Promise<BurstAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      `${url}/api/signups`,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/vnd.api+json",
          "content-length": Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const ms = performance.now() - started;
          const status = response.statusCode ?? 0;
          let code: string | undefined;
          if (status >= 400) {
            try {
              code = JSON.parse(Buffer.concat(chunks).toString("utf8")).errors?.[0]?.code;
            } catch {
              code = "unreadable";
            }
          }
          resolve({ status, ms, ...(code ? { code } : {}) });
        });
      },
    );
    request.on("error", () => resolve({ status: 0, code: "connection-error", ms: performance.now() - started }));
    request.end(body);
  });
}

const arrival = (i: number) =>
  spreadMs === 0
    ? signUp(tokens[i] as string)
    : new Promise<BurstAnswer>((resolve) =>
        setTimeout(() => resolve(signUp(tokens[i] as string)), (i * spreadMs) / tokens.length),
      );
const started = performance.now();
const answers = await Promise.all(tokens.map((_, i) => arrival(i)));
parentPort?.postMessage({ answers, elapsedMs: performance.now() - started });
