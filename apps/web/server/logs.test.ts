import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SITE_URL } from "@sports/api/testing";
import type { DatabaseHandle } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { createMailDelivery, createMailer, listOutbox, readOutboxMail } from "@sports/usecases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_CLOSED_REQUEST, createServerApp } from "./app.ts";
import { listen } from "./listen.ts";
import { createLogger } from "./logger.ts";

/**
 * What the server logs of accounts, read from its real log lines: every authentication attempt is
 * there, and no password, session token, cookie or mailed token ever is.
 */
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createServerApp>>;
const lines: string[] = [];
const outboxDir = mkdtempSync(join(tmpdir(), "sports-events-logs-"));

beforeAll(async () => {
  database = await openTestDatabase();
  const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
  const mailer = createMailer({ outboxDir, from: "Sport Events <no-reply@sports.test>" });
  const mails = createMailDelivery({ db: database.db, mailer, logger });
  app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US" },
    siteUrl: () => SITE_URL,
    database,
    onMailQueued: mails.nudge,
    outboxDir,
    logger,
  });
});
afterAll(() => database.close());

const ORIGIN = "http://localhost";
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  app.request(path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
const sessionCookieOf = (response: Response) => /^(session=[^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];

async function mailedToken(to: string, subject: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const entry of await listOutbox(outboxDir)) {
      const mail =
        entry.to === to && subject.test(entry.subject) ? await readOutboxMail(outboxDir, entry.id) : undefined;
      const token = mail && /[?&](?:token|verifica)=([\w-]+)/.exec(mail.text)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

describe("the account logs", () => {
  it("record every attempt and never a secret", async () => {
    const email = "log-reader@example.org";
    const password = "first secret passphrase";
    const wrong = "a wrong secret guess";
    const newPassword = "second secret passphrase";

    const registered = await post("/registrazione", {
      givenName: "Ada",
      familyName: "Lovelace",
      email,
      password,
      acceptTerms: "on",
    });
    expect(registered.status).toBe(302);
    const firstSession = sessionCookieOf(registered);
    expect(firstSession).toBeDefined();
    expect((await app.request("/modificaDati", { headers: { cookie: firstSession as string } })).status).toBe(200);
    expect((await post("/login", { intent: "logout" }, firstSession)).status).toBe(302);

    expect((await post("/login", { email, password: wrong })).status).toBe(200);
    const login = await post("/login", { email, password });
    expect(login.status).toBe(302);
    const secondSession = sessionCookieOf(login);

    expect((await post("/resetPassword", { email })).status).toBe(200);
    const resetToken = await mailedToken(email, /Reset/);
    expect((await app.request(`/resetPassword?token=${resetToken}`)).status).toBe(200);
    expect((await post("/resetPassword", { token: resetToken, password: newPassword })).status).toBe(302);
    const verification = await mailedToken(email, /Confirm/);

    const logs = lines.join("\n");
    for (const secret of [password, wrong, newPassword, firstSession, secondSession, resetToken, verification]) {
      expect(logs).not.toContain(secret?.replace(/^session=/, ""));
    }
    const events = lines
      .map((line) => JSON.parse(line) as { msg: string; event?: string })
      .filter((line) => line.msg === "authentication")
      .map((line) => line.event);
    expect(events).toEqual(["registered", "logout", "login-failed", "login", "reset-requested", "password-reset"]);
  });
});

describe("a form upload the visitor cuts short", () => {
  it("is logged at info as aborted, never as the server's error", async () => {
    const listener = await listen(app.fetch, {
      host: "127.0.0.1",
      port: 0,
      shutdownTimeoutMs: 1_000,
      logger: createLogger("silent"),
    });
    const before = lines.length;
    try {
      const socket = connect(Number(new URL(listener.url).port), "127.0.0.1");
      await once(socket, "connect");
      const part = 'Content-Disposition: form-data; name="file"; filename="certificate.pdf"';
      // A megabyte announced, a few kilobytes sent: the login page's action is reading the form when the connection goes.
      socket.write(
        "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=cut\r\n" +
          `Content-Length: 1000000\r\n\r\n--cut\r\n${part}\r\n\r\n${"%PDF".repeat(1_000)}`,
      );
      await sleep(100);
      socket.destroy();
      const logged = () =>
        lines
          .slice(before)
          .map((line) => JSON.parse(line))
          .filter((line) => line.path === "/login");
      for (let waited = 0; logged().length === 0 && waited < 5_000; waited += 20) await sleep(20);
      expect(logged()).toEqual([
        expect.objectContaining({ level: 30, msg: "request aborted", aborted: true, status: CLIENT_CLOSED_REQUEST }),
      ]);
      expect(lines.slice(before).filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
    } finally {
      await listener.close();
    }
  });
});
