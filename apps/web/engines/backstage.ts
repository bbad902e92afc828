import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What happens off the engines' stage: the one server all three engines use (built site, embedded
 * database with the demo catalogue, its own data folder), and what the organiser does through the
 * API so the journeys can show the rest (docs/engines.md).
 */

export const ORGANISER = "organiser@example.org";
export const PASSWORD = "ridge before sunrise 2027";
export const EVENT = "cortina-crode-trail";
export const APPOINTMENT = "trail-32k";
/** The bibs the trail's 32 km gives: each runner gets the next free one when their payment arrives. */
export const FIRST_BIB = 5001;

const WEB = fileURLToPath(new URL("..", import.meta.url));
const JSON_API = { "Content-Type": "application/vnd.api+json", Accept: "application/vnd.api+json" };

export interface Server {
  origin: string;
  stop(): Promise<void>;
}

/** Starts the site on `port` with a data folder of its own, and waits until it is ready. */
export async function startServer(port: number): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), "sports-events-engines-"));
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    cwd: WEB,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DEFAULT_LOCALE: "en-US",
      PUBLIC_URL: origin,
      ORGANISER_EMAILS: ORGANISER,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    child.kill();
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Ended with the harness, however it ends (a signal included): no server outlives its run.
  const ended = () => child.kill();
  process.once("exit", ended);
  // A busy machine starts it slowly (the embedded database is made and seeded first).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}) before it was ready`);
    const ready = await fetch(`${origin}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the server was not ready within two minutes");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    async stop() {
      process.off("exit", ended);
      await stop();
    },
  };
}

/** A JSON:API client with one account's session cookie. */
export class Account {
  private cookie = "";
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  async call(method: string, path: string, data?: unknown): Promise<{ status: number; body: any }> {
    const answer = await fetch(`${this.origin}${path}`, {
      method,
      headers: { ...JSON_API, Cookie: this.cookie },
      ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
    });
    const cookies = answer.headers.getSetCookie().map((line) => line.split(";")[0]);
    if (cookies.length > 0) this.cookie = cookies.join("; ");
    const text = await answer.text();
    return { status: answer.status, body: text ? JSON.parse(text) : null };
  }

  async expect(status: number, method: string, path: string, data?: unknown) {
    const answer = await this.call(method, path, data);
    if (answer.status !== status)
      throw new Error(`${method} ${path}: ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

/** The newest mail to `to` in the server's outbox (its own pages while no SMTP is set), once it is there. */
async function mailTo(origin: string, to: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const outbox = await (await fetch(`${origin}/outbox`)).text();
    const row = outbox.split("</tr>").find((line) => line.includes(`<td>${to}</td>`));
    const link = /href="(\/outbox\/[^"]+)"/.exec(row ?? "")?.[1];
    if (link) return (await fetch(`${origin}${link}`)).text();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to}`);
}

/**
 * The organiser, registered and confirmed through the mailed link (an address of ORGANISER_EMAILS):
 * the trail's 32 km then takes two participants a signup, gives bibs and opens check-in now.
 */
export async function organiserPreparesTheTrail(origin: string): Promise<Account> {
  const organiser = new Account(origin);
  await organiser.expect(201, "POST", "/api/users", {
    type: "users",
    attributes: {
      givenName: "Olga",
      familyName: "Organiser",
      email: ORGANISER,
      password: PASSWORD,
      acceptTerms: true,
      setCookie: true,
    },
  });
  const token = /verifica=([\w-]+)/.exec(await mailTo(origin, ORGANISER))?.[1];
  await organiser.expect(200, "POST", `/api/email-verifications/${token}`);
  const event = await organiser.expect(200, "GET", `/api/events/${EVENT}?include=appointments`);
  await organiser.expect(200, "PATCH", `/api/events/${event.data.id}`, {
    type: "events",
    id: event.data.id,
    attributes: { participantsPerSignup: 2, checkInOpensDaysBefore: 365 },
  });
  const appointment = event.included.find(
    (resource: { type: string; attributes: { slug: string } }) =>
      resource.type === "appointments" && resource.attributes.slug === APPOINTMENT,
  );
  await organiser.expect(200, "PATCH", `/api/appointments/${appointment.id}`, {
    type: "appointments",
    id: appointment.id,
    attributes: { bibFirst: FIRST_BIB, bibLast: FIRST_BIB + 99 },
  });
  return organiser;
}

/** The organiser approves the certificates of a signup's participants (the desk checks them in only then). */
export async function approveCertificates(organiser: Account, signupId: string) {
  const signup = await organiser.expect(200, "GET", `/api/console/signups/${signupId}`);
  const participants = (signup.included ?? []).filter((resource: { type: string }) => resource.type === "participants");
  if (participants.length !== 2) throw new Error(`signup ${signupId} has ${participants.length} participants, not 2`);
  for (const participant of participants)
    await organiser.expect(200, "PATCH", `/api/console/participants/${participant.id}`, {
      type: "participants",
      id: participant.id,
      attributes: { certificateReview: "approved" },
    });
}
