import { mkdtempSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { SITE_URL } from "@sports/api/testing";
import { type DatabaseHandle, seedDemoData } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { createMailDelivery, createMailer, listOutbox, readOutboxMail } from "@sports/usecases";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "./app.ts";
import { isFromThisMachine, trustedProxies } from "./client-address.ts";
import { type Listener, listen } from "./listen.ts";
import { createLogger } from "./logger.ts";

/**
 * What an outside test of the running site found a stranger could do, each closed: reading the
 * development outbox from elsewhere, making the site write links to a host of the stranger's
 * choosing, and being sent off the site after logging in.
 */
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createServerApp>>;
const outboxDir = mkdtempSync(join(tmpdir(), "sports-events-security-"));
const listeners: Listener[] = [];
const PASSWORD = "a trail at dawn 2027";
const FORGED = { host: "evil.example", "x-site-origin": "https://evil.example", "x-forwarded-host": "evil.example" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db, { now: new Date() });
  const logger = createLogger("silent");
  const mails = createMailDelivery({
    db: database.db,
    mailer: createMailer({ outboxDir, from: "Sport Events <no-reply@sports.test>" }),
  });
  app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US" },
    siteUrl: () => SITE_URL,
    database,
    logger,
    onMailQueued: mails.nudge,
    outboxDir,
  });
});
afterAll(async () => {
  for (const listener of listeners) await listener.close();
  await database.close();
});

/** The app on a real socket, listening on every address of this machine. */
async function served(): Promise<number> {
  const listener = await listen(app.fetch, {
    host: "0.0.0.0",
    port: 0,
    shutdownTimeoutMs: 1_000,
    logger: createLogger("silent"),
  });
  listeners.push(listener);
  return Number(new URL(listener.url).port);
}

async function register(email: string, headers: Record<string, string> = {}) {
  const answer = await app.request("/api/users", {
    method: "POST",
    headers: { "content-type": "application/vnd.api+json", ...headers },
    body: JSON.stringify({
      data: {
        type: "users",
        attributes: { email, password: PASSWORD, givenName: "Ada", familyName: "Byron", acceptTerms: true },
      },
    }),
  });
  expect(answer.status).toBe(201);
}

describe("the development outbox (no SMTP_URL)", () => {
  const otherAddress = Object.values(networkInterfaces())
    .flat()
    .find((found) => found && found.family === "IPv4" && !found.internal)?.address;

  it("is read from this machine only", async () => {
    const port = await served();
    const outbox = (host: string, headers: Record<string, string> = {}) =>
      fetch(`http://${host}:${port}/outbox`, { headers }).then((answer) => answer.status);
    expect(await outbox("127.0.0.1")).toBe(200);
    // A proxy on this machine that TRUST_PROXY does not name forwards for anyone.
    expect(await outbox("127.0.0.1", { "x-forwarded-for": "203.0.113.5" })).toBe(404);
    expect(await outbox("127.0.0.1", { forwarded: "for=203.0.113.5" })).toBe(404);
    // The page of one mail too, and in-process requests, which come from no socket at all.
    expect((await fetch(`http://127.0.0.1:${port}/outbox/x`, { headers: { "x-real-ip": "203.0.113.5" } })).status).toBe(
      404,
    );
    expect((await app.request("/outbox")).status).toBe(404);
    if (!otherAddress) throw new Error("this machine has no address but loopback to test from");
    expect(await outbox(otherAddress)).toBe(404);
  });

  it("trusts a named proxy's word on whom it forwards for", () => {
    const loopback = trustedProxies(["loopback"]);
    const headers = (values: Record<string, string>) => new Headers(values);
    expect(isFromThisMachine("127.0.0.1", headers({}), undefined)).toBe(true);
    expect(isFromThisMachine("::1", headers({}), undefined)).toBe(true);
    expect(isFromThisMachine("::ffff:127.0.0.1", headers({}), undefined)).toBe(true);
    expect(isFromThisMachine("192.0.2.2", headers({}), undefined)).toBe(false);
    expect(isFromThisMachine(undefined, headers({}), undefined)).toBe(false);
    expect(isFromThisMachine("127.0.0.1", headers({ "x-forwarded-for": "127.0.0.1" }), loopback)).toBe(true);
    expect(isFromThisMachine("127.0.0.1", headers({ "x-forwarded-for": "203.0.113.5" }), loopback)).toBe(false);
  });
});

describe("the links the server writes", () => {
  it("start with the site's address, whatever Host or X-Site-Origin a request names", async () => {
    const email = "forged-host@example.org";
    await register(email, FORGED);
    await app.request("/api/password-resets", {
      method: "POST",
      headers: { "content-type": "application/vnd.api+json", ...FORGED },
      body: JSON.stringify({ data: { type: "password-resets", attributes: { email } } }),
    });
    for (let attempt = 0; attempt < 100 && (await listOutbox(outboxDir)).length < 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const texts = await Promise.all(
      (await listOutbox(outboxDir))
        .filter((mail) => mail.to === email)
        .map(async (entry) => (await readOutboxMail(outboxDir, entry.id))?.text ?? ""),
    );
    expect(texts.join("\n")).toMatch(/verifica=/);
    expect(texts.join("\n")).toMatch(/resetPassword\?token=/);
    const links = texts.join("\n").match(/https?:\/\/[^\s/]+/g) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(new Set(links)).toEqual(new Set([SITE_URL]));
  });

  it("in pages' canonical, alternate, Open Graph links, the sitemap and robots.txt too", async () => {
    const page = await (await app.request("/it-IT/evento", { headers: FORGED })).text();
    expect(page).not.toContain("evil.example");
    expect(page).toContain(`<link rel="canonical" href="${SITE_URL}/it-IT/evento"/>`);
    const sitemap = await (await app.request("/sitemap.xml", { headers: FORGED })).text();
    expect(sitemap).toContain(`<loc>${SITE_URL}/it-IT/evento</loc>`);
    expect(sitemap).not.toContain("evil.example");
    expect(await (await app.request("/robots.txt", { headers: FORGED })).text()).toContain(
      `Sitemap: ${SITE_URL}/sitemap.xml`,
    );
  });
});

describe("after logging in", () => {
  const HOSTILE = [
    "/.//evil.example",
    "/..//evil.example",
    "/%2e//evil.example",
    "/en-US/..//evil.example",
    "/a/../..//evil.example",
  ];
  const email = "redirect@example.org";
  let cookie = "";

  beforeAll(async () => {
    await register(email);
    const login = await app.request("/api/sessions", {
      method: "POST",
      headers: { "content-type": "application/vnd.api+json" },
      body: JSON.stringify({ data: { type: "sessions", attributes: { email, password: PASSWORD, setCookie: true } } }),
    });
    cookie = /^(session=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(cookie).not.toBe("");
  });

  it("the login form sends the visitor to a path of this site only", async () => {
    for (const redirectTo of HOSTILE) {
      const answer = await app.request("/it-IT/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
        body: new URLSearchParams({ email, password: PASSWORD, redirectTo }),
      });
      expect(answer.status, redirectTo).toBe(302);
      expect(answer.headers.get("location"), redirectTo).toBe("/it-IT");
    }
  });

  it("the login page sends a visitor already logged in to a path of this site only", async () => {
    for (const redirectTo of HOSTILE) {
      const answer = await app.request(`/login?${new URLSearchParams({ redirectTo })}`, { headers: { cookie } });
      expect(answer.status, redirectTo).toBe(302);
      expect(answer.headers.get("location"), redirectTo).toBe("/");
    }
    const fine = await app.request(`/login?${new URLSearchParams({ redirectTo: "/it-IT/modificaDati" })}`, {
      headers: { cookie },
    });
    expect(fine.headers.get("location")).toBe("/it-IT/modificaDati");
  });
});
