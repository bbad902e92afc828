/**
 * The crowd of `npm run bench:opening`, in a worker thread so it does not share the server's event
 * loop. Each visitor is a logged-in runner with a browser's single keep-alive connection, and goes
 * through what the site's pages make them do when registration opens, as a browser without
 * JavaScript does it (the same requests the forms make):
 *
 * 1. `GET` the appointment's page;
 * 2. `POST` its "Sign up" form (`appointment={id}`, form-encoded, from the site's own origin), which
 *    answers a redirect to the signup's participants step, or back to the page, which says why not
 *    (followed, as a browser does: the step ends on that page);
 * 3. `GET` the participants step the redirect names.
 *
 * All at the same moment, or with `spreadMs` arriving one after another at an even rate. With
 * `only`, each visitor takes that one step and no other (for the participants step, the path
 * `steps` names for them), so that what each step costs the server can be measured by itself.
 */
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

export interface OpeningInput {
  url: string;
  /** The appointment page's path, and the appointment's id (the form's field). */
  pagePath: string;
  appointmentId: string;
  /** The session cookie's name, and each visitor's token. */
  cookieName: string;
  tokens: string[];
  spreadMs: number;
  /** Only this step, not the whole flow. */
  only?: OpeningStep;
  /** With `only: "participants"`: each visitor's participants step, as their "Sign up" led to it. */
  steps?: (string | undefined)[];
}

export type OpeningStep = "page" | "sign up" | "participants";

export interface OpeningAnswer {
  /** The status of each step taken, in order; a step that got no answer is 0. */
  statuses: Partial<Record<OpeningStep, number>>;
  ms: Partial<Record<OpeningStep, number>>;
  /** From the first request to the last answer. */
  totalMs: number;
  /** Whether the visitor reached the participants step of a signup of their own. */
  signedUp: boolean;
  /** The signup the redirect named, and the path of its participants step. */
  signupId?: string;
  stepPath?: string;
  /** Why the "Sign up" was refused, as the redirect back to the page named it (`?rifiuto=sold-out`). */
  refusal?: string;
}

const { url, pagePath, appointmentId, cookieName, tokens, spreadMs, only, steps } = workerData as OpeningInput;
const origin = new URL(url).origin;

interface Answer {
  status: number;
  location?: string;
}

function request(
  agent: http.Agent,
  token: string,
  method: string,
  path: string,
  body?: string,
): Promise<Answer & { ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {
      cookie: `${cookieName}=${token}`,
      accept: "text/html",
      "accept-language": "en-US",
    };
    if (body !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers["content-length"] = Buffer.byteLength(body);
      // What a browser sends with a form of the site's own page.
      headers.origin = origin;
      headers["sec-fetch-site"] = "same-origin";
    }
    const outgoing = http.request(`${url}${path}`, { method, agent, headers }, (response) => {
      response.on("data", () => {});
      response.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - started,
          ...(typeof response.headers.location === "string" ? { location: response.headers.location } : {}),
        }),
      );
    });
    outgoing.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    outgoing.end(body);
  });
}

const SIGNUP_STEP = /\/iscrizione\/([0-9a-f-]{36})$/;

async function visit(token: string, i: number): Promise<OpeningAnswer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  const answer: OpeningAnswer = { statuses: {}, ms: {}, totalMs: 0, signedUp: false };
  try {
    if (!only || only === "page") {
      const page = await request(agent, token, "GET", pagePath);
      answer.statuses.page = page.status;
      answer.ms.page = page.ms;
      if (page.status !== 200 || only) return answer;
    }
    let stepPath = steps?.[i];
    if (!only || only === "sign up") {
      const form = await request(agent, token, "POST", pagePath, `appointment=${encodeURIComponent(appointmentId)}`);
      answer.statuses["sign up"] = form.status;
      answer.ms["sign up"] = form.ms;
      const next = form.location ? new URL(form.location, url) : undefined;
      if (next && next.pathname === pagePath) {
        // Refused: back to the page, whose address names why (`?rifiuto=sold-out`, the site's
        // forms/refusals.ts). A browser follows the redirect, and the step ends on the page saying so.
        const back = await request(agent, token, "GET", next.pathname + next.search);
        answer.statuses["sign up"] = back.status;
        answer.ms["sign up"] = form.ms + back.ms;
        answer.refusal = [...next.searchParams.values()][0] ?? "";
        return answer;
      }
      const signupId = next ? SIGNUP_STEP.exec(next.pathname)?.[1] : undefined;
      if (!next || !signupId) return answer;
      answer.signupId = signupId;
      stepPath = answer.stepPath = next.pathname + next.search;
      if (only) return answer;
    }
    if (!stepPath) return answer;
    const step = await request(agent, token, "GET", stepPath);
    answer.statuses.participants = step.status;
    answer.ms.participants = step.ms;
    answer.signedUp = step.status === 200;
    return answer;
  } finally {
    answer.totalMs = performance.now() - started;
    agent.destroy();
  }
}

const arrival = (i: number) =>
  spreadMs === 0
    ? visit(tokens[i] as string, i)
    : new Promise<OpeningAnswer>((resolve) =>
        setTimeout(() => resolve(visit(tokens[i] as string, i)), (i * spreadMs) / tokens.length),
      );
const started = performance.now();
const answers = await Promise.all(tokens.map((_, i) => arrival(i)));
parentPort?.postMessage({ answers, elapsedMs: performance.now() - started });
