import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, schema } from "@sports/db";
import { createPostgresDatabase, testDatabaseUrl } from "@sports/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "./testing/process.ts";

/**
 * The server process as production starts it (`NODE_ENV=production`), on the embedded database, or
 * on PostgreSQL when the suite runs there: what it refuses to start without, and what a
 * developer's conveniences become there.
 */
const PUBLIC_URL = "https://events.example.org";
const dataDir = mkdtempSync(join(tmpdir(), "sports-events-production-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PRODUCTION = {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  BANK_TRANSFER_IBAN: "IT60X0542811101000000123456",
  BANK_TRANSFER_BENEFICIARY: "ASD Trail Club",
};

/** A POST naming any `Host` it likes, which fetch() would not send. */
function postWithHost(url: string, path: string, host: string, body: unknown): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname,
        port,
        path,
        method: "POST",
        headers: {
          host,
          "x-site-origin": `https://${host}`,
          "x-forwarded-host": host,
          "content-type": "application/vnd.api+json",
        },
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on("error", reject);
    sent.end(JSON.stringify(body));
  });
}

describe("the server process with NODE_ENV=production", () => {
  it("refuses to start without PUBLIC_URL, with an http one, or with no payment provider", async () => {
    const withoutUrl = startServerProcess(PRODUCTION);
    expect(await withoutUrl.exited).toBe(1);
    expect(withoutUrl.stderr()).toContain("PUBLIC_URL: required with NODE_ENV=production");

    const plainHttp = startServerProcess({ ...PRODUCTION, PUBLIC_URL: "http://events.example.org" });
    expect(await plainHttp.exited).toBe(1);
    expect(plainHttp.stderr()).toContain("PUBLIC_URL: must be https with NODE_ENV=production");

    const withPath = startServerProcess({ ...PRODUCTION, PUBLIC_URL: "https://events.example.org/races" });
    expect(await withPath.exited).toBe(1);
    expect(withPath.stderr()).toContain("PUBLIC_URL: must be the site's origin only");

    const { BANK_TRANSFER_IBAN: _iban, BANK_TRANSFER_BENEFICIARY: _beneficiary, ...unpaid } = PRODUCTION;
    const noProvider = startServerProcess({ ...unpaid, PUBLIC_URL });
    expect(await noProvider.exited).toBe(1);
    expect(JSON.stringify(noProvider.logs)).toContain("No payment provider is configured");
  });

  it("without SMTP_URL serves no outbox, keeps mails unsent, and writes every link on PUBLIC_URL", async () => {
    const postgres = testDatabaseUrl ? await createPostgresDatabase(testDatabaseUrl, { migrated: false }) : undefined;
    const server = startServerProcess({
      ...PRODUCTION,
      PUBLIC_URL,
      ...(postgres ? { DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: "3" } : {}),
    });
    const email = "victim@example.org";
    try {
      const url = await server.listening;
      expect(server.logs.some((entry) => entry.mail === "unsent" && entry.level === 40)).toBe(true);
      expect(server.logs.some((entry) => "siteUrl" in entry)).toBe(false); // a developer's hint only
      for (const path of ["/outbox", "/outbox/", "/outbox/anything", "/pglite/PG_VERSION", "/../pglite/PG_VERSION"]) {
        const answer = await fetch(`${url}${path}`);
        expect(answer.status, path).toBe(404);
        expect(await answer.text(), path).not.toMatch(/SMTP_URL|Outbox/);
      }

      const registered = await postWithHost(url, "/api/users", "evil.example", {
        data: {
          type: "users",
          attributes: {
            email,
            password: "a trail at dawn 2027",
            givenName: "Vic",
            familyName: "Tim",
            acceptTerms: true,
          },
        },
      });
      expect(registered).toBe(201);
      const reset = await postWithHost(url, "/api/password-resets", "evil.example", {
        data: { type: "password-resets", attributes: { email } },
      });
      expect(reset).toBe(202);
      // The reset link is written just after the answer.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
    expect(existsSync(join(dataDir, "outbox"))).toBe(false);

    // The mails are in the outbox table, unsent, their links on PUBLIC_URL.
    const database = await openDatabase(postgres ? { url: postgres.url } : { dataDir: join(dataDir, "pglite") });
    try {
      const mails = await database.db.select().from(schema.outgoingMails);
      const toVictim = mails.filter((mail) => mail.to === email);
      expect(toVictim.map((mail) => mail.kind).sort()).toEqual(["reset-password", "verify-email"]);
      for (const mail of toVictim) {
        expect(mail.sentAt).toBeNull();
        expect(mail.text).not.toContain("evil.example");
        expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/en-US/(registrazione\\?verifica|resetPassword\\?token)=`));
      }
    } finally {
      await database.close();
      await postgres?.drop();
    }
  });
});
