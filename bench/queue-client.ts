/**
 * The crowd of `npm run bench:queue`, in a worker thread so it does not share the bench's event loop
 * (its requests: queue-requests.ts). Visitor i joins the event's waiting room at `joinAt[i]`, then
 * reads its entry again after the `meta.refreshAfter` each answer gives, until the answer is final:
 * admitted, it signs up with its pass; sold out, it is done. A pass refused as used or lapsed (its
 * hold died with a process) sends it back to join again, as the room's page does. Each visitor keeps
 * its one connection open. Meanwhile a prober loads the event's public page anonymously at
 * `pageRate` a second.
 */
import type https from "node:https";
import { parentPort, workerData } from "node:worker_threads";
import { type Answer, errorCode, type Fault, requests, sleep } from "./queue-requests.ts";

export interface CrowdInput {
  url: string;
  ca: string;
  eventId: string;
  appointmentId: string;
  tokens: string[];
  /** When (epoch ms) each visitor joins. */
  joinAt: number[];
  retries: number;
  /** After this (epoch ms) a visitor still waiting gives up. */
  deadline: number;
  pagePath: string;
  /** Anonymous page loads a second, from `probeFrom` (epoch ms) until the crowd is done. */
  pageRate: number;
  probeFrom: number;
}

export type FinalAnswer = "signed-up" | "sold-out";

export interface VisitorRecord {
  /** Epoch ms: when it was to join, and when its first join request went. */
  joinAt: number;
  joinSentAt?: number;
  /** The join's answer (201 or 200); another status when it never got in. */
  joinStatus?: number;
  entryId?: string;
  /** The first place it was told, and the place of its last turn if it joined again. */
  place?: number;
  lastPlace?: number;
  /** Epoch ms: the first answer that said `admitted`. */
  admittedSeenAt?: number;
  final?: FinalAnswer;
  /** Why it has no final answer. */
  stuck?: string;
  signupId?: string;
  signupStatus?: number;
  /** Its signup was answered by a replay of an earlier attempt (`Idempotent-Replayed`). */
  replayed?: boolean;
  /** Joins after a pass refused as used or lapsed, with the refusal's code. */
  rejoined: string[];
  reads: number;
  /** Epoch ms: its final answer, or when it gave up. */
  doneAt?: number;
}

export interface CrowdResult {
  visitors: VisitorRecord[];
  /** Every read of an entry: when it went (epoch ms), how long its answer took, whether it said waiting. */
  reads: { at: number[]; ms: number[]; waiting: boolean[] };
  pages: { at: number[]; ms: number[]; status: number[]; hit: boolean[] };
  faults: Fault[];
  elapsedMs: number;
  /** The CPU milliseconds this thread (the crowd, its TLS and its prober) used, and the requests it sent. */
  cpuMs: number;
  requests: number;
}

export interface CrowdProgress {
  type: "progress";
  joined: number;
  admitted: number;
  signedUp: number;
  soldOut: number;
  done: number;
  reads: number;
  faults: number;
}

const input = workerData as CrowdInput;
const { keptAlive, call, faults, sent } = requests(input);

async function crowd(crowdInput: CrowdInput): Promise<CrowdResult> {
  const { eventId, appointmentId, tokens, joinAt, deadline } = crowdInput;
  const reads: CrowdResult["reads"] = { at: [], ms: [], waiting: [] };
  const pages: CrowdResult["pages"] = { at: [], ms: [], status: [], hit: [] };
  const visitors: VisitorRecord[] = joinAt.map((at) => ({ joinAt: at, rejoined: [], reads: 0 }));

  /** Where the entry stands, from a join's or a read's answer; undefined when it is not one. */
  function standing(record: VisitorRecord, answer: Answer) {
    const data = answer.document?.data;
    if (answer.status !== 200 && answer.status !== 201) return undefined;
    const attributes = data?.attributes ?? {};
    const state = String(attributes.state);
    if (typeof attributes.place === "number") {
      record.place ??= attributes.place;
      record.lastPlace = attributes.place;
    }
    if (state === "admitted") record.admittedSeenAt ??= Date.now();
    return {
      id: String(data?.id),
      // The entry's own address: with its signed standing while it waits (decision 074).
      self: data?.links?.self ?? `/api/queue-entries/${data?.id}`,
      state,
      pass: typeof attributes.pass === "string" ? attributes.pass : undefined,
      refreshAfter: Number(answer.document?.meta?.refreshAfter ?? 30),
    };
  }

  async function join(agent: https.Agent, record: VisitorRecord, token: string) {
    record.joinSentAt ??= Date.now();
    const answer = await call(agent, "join", "POST", `/api/events/${eventId}/queue-entries`, token, "");
    record.joinStatus = answer.status;
    const found = standing(record, answer);
    if (!found) record.stuck = `join answered ${answer.status} ${errorCode(answer)}`.trim();
    else record.entryId = found.id;
    return found;
  }

  async function visitor(i: number): Promise<void> {
    const record = visitors[i] as VisitorRecord;
    const token = tokens[i] as string;
    // The visitor's browser: one connection, kept open between its requests.
    const agent = keptAlive(1);
    await sleep(record.joinAt - Date.now());
    let entry = await join(agent, record, token);
    while (entry) {
      if (entry.state === "sold-out") {
        record.final = "sold-out";
        return;
      }
      if (entry.state === "admitted") {
        const body = JSON.stringify({
          data: {
            type: "signups",
            attributes: { queuePass: entry.pass },
            relationships: { appointment: { data: { type: "appointments", id: appointmentId } } },
          },
        });
        const answer = await call(agent, "signup", "POST", "/api/signups", token, body);
        record.signupStatus = answer.status;
        const code = errorCode(answer);
        if (answer.status === 201 || answer.status === 200) {
          record.final = "signed-up";
          record.replayed = answer.replayed;
          if (answer.document?.data?.id) record.signupId = answer.document.data.id;
          return;
        }
        if (answer.status === 409 && code === "sold-out") {
          record.final = "sold-out";
          return;
        }
        if (answer.status === 403 && (code === "queue-pass-used" || code === "queue-pass-expired")) {
          record.rejoined.push(code);
          entry = await join(agent, record, token);
          continue;
        }
        record.stuck = `signup answered ${answer.status} ${code}`.trim();
        return;
      }
      if (entry.state === "expired") {
        record.rejoined.push("expired");
        entry = await join(agent, record, token);
        continue;
      }
      if (entry.state !== "waiting") {
        record.stuck = `read as ${entry.state}`;
        return;
      }
      if (Date.now() + entry.refreshAfter * 1000 > deadline) {
        record.stuck = "still waiting at the deadline";
        return;
      }
      await sleep(entry.refreshAfter * 1000);
      const at = Date.now();
      const answer = await call(agent, "read", "GET", entry.self, token);
      record.reads++;
      const read = standing(record, answer);
      reads.at.push(at);
      reads.ms.push(answer.ms);
      reads.waiting.push(read?.state === "waiting");
      if (!read) record.stuck = `read answered ${answer.status} ${errorCode(answer)}`.trim();
      entry = read;
    }
  }

  let done = false;
  const pageLoads: Promise<void>[] = [];
  const pageAgent = keptAlive(16);
  const prober = (async () => {
    await sleep(crowdInput.probeFrom - Date.now());
    for (let n = 0; !done; n++) {
      const at = Date.now();
      pageLoads.push(
        call(pageAgent, "page", "GET", crowdInput.pagePath).then((answer) => {
          pages.at.push(at);
          pages.ms.push(answer.ms);
          pages.status.push(answer.status);
          pages.hit.push(answer.pageCache === "hit");
        }),
      );
      await sleep(crowdInput.probeFrom + ((n + 1) * 1000) / crowdInput.pageRate - Date.now());
    }
  })();

  const report = setInterval(() => {
    const progress: CrowdProgress = {
      type: "progress",
      joined: visitors.filter((v) => v.entryId).length,
      admitted: visitors.filter((v) => v.admittedSeenAt).length,
      signedUp: visitors.filter((v) => v.final === "signed-up").length,
      soldOut: visitors.filter((v) => v.final === "sold-out").length,
      done: visitors.filter((v) => v.final || v.stuck).length,
      reads: reads.at.length,
      faults: faults.length,
    };
    parentPort?.postMessage(progress);
  }, 10_000);
  const started = performance.now();
  const cpuBefore = process.threadCpuUsage();
  const sentBefore = sent();
  await Promise.all(
    visitors.map((record, i) =>
      visitor(i).then(() => {
        record.doneAt = Date.now();
      }),
    ),
  );
  const elapsedMs = performance.now() - started;
  done = true;
  clearInterval(report);
  await prober;
  await Promise.all(pageLoads);
  const cpu = process.threadCpuUsage(cpuBefore);
  return {
    visitors,
    reads,
    pages,
    faults,
    elapsedMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    requests: sent() - sentBefore,
  };
}

parentPort?.postMessage(await crowd(input));
