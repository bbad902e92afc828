/**
 * A measured round of `npm run bench:queue`, in a worker thread: the `calls` given, `concurrency`
 * at a time on as many connections kept open (queue-requests.ts), and what each answered.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type Fault, requests } from "./queue-requests.ts";

export interface RoundCall {
  method: "GET" | "POST";
  path: string;
  token?: string;
}

export interface RoundInput {
  url: string;
  ca: string;
  calls: RoundCall[];
  concurrency: number;
  retries: number;
}

export interface RoundResult {
  ms: number[];
  statuses: Record<string, number>;
  /** Queue entries' states answered, and kept pages' `x-page-cache` outcomes. */
  outcomes: Record<string, number>;
  faults: Fault[];
}

const input = workerData as RoundInput;
const { keptAlive, call, faults } = requests(input);
const result: RoundResult = { ms: [], statuses: {}, outcomes: {}, faults };
const agent = keptAlive(input.concurrency);
let next = 0;
await Promise.all(
  Array.from({ length: input.concurrency }, async () => {
    for (let n = next++; n < input.calls.length; n = next++) {
      const { method, path, token } = input.calls[n] as RoundCall;
      const kind = method === "POST" ? "join" : path.startsWith("/api/") ? "read" : "page";
      const answer = await call(agent, kind, method, path, token, "");
      result.ms.push(answer.ms);
      result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
      const state = answer.document?.data?.attributes?.state;
      const outcome = typeof state === "string" ? state : (answer.pageCache ?? "none");
      result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1;
    }
  }),
);
parentPort?.postMessage(result);
