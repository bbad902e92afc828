import { SITE_URL } from "@sports/api/testing";
import { type DatabaseHandle, seedDemoData } from "@sports/db";
import { openTestDatabase, statementsSent } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "./app.ts";
import { createLogger } from "./logger.ts";
import { registeredRunner } from "./testing/runner.ts";
import { formPost, openAppointment } from "./testing/signup.ts";

/**
 * A request to the site reads the visitor's session from the database once, however many requests
 * to the API its guard, action and loaders make, and once more after a change it made
 * (`VisitSessions`, packages/api/src/accounts/session.ts; apps/web/server/pages/site.ts).
 */

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createServerApp>>;
let appointmentPage: string;
let appointmentId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db, { now: new Date() });
  app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US", PAGE_CACHE_SECONDS: 0 },
    siteUrl: () => SITE_URL,
    database,
    logger: createLogger("silent"),
  });
  ({ appointmentId, page: appointmentPage } = await openAppointment(app));
});
afterAll(() => database.close());

/** How many times the database was asked for a session while `request` was answered, and the answer. */
async function sessionReads(request: () => Response | Promise<Response>): Promise<{ reads: number; answer: Response }> {
  const { result: answer, sent } = await statementsSent(database.db, async () => {
    const answer = await request();
    await answer.clone().arrayBuffer();
    return answer;
  });
  return { reads: sent.filter((statement) => /from "sessions"/i.test(statement)).length, answer };
}

describe("the visitor's session, read once a request", () => {
  it("is read once for a page, its guard and its loaders", async () => {
    const cookie = `session=${(await registeredRunner(app, "Ada")).token}`;
    const { reads, answer } = await sessionReads(() => app.request(appointmentPage, { headers: { cookie } }));
    expect(answer.status).toBe(200);
    expect(reads).toBe(1);
  });

  it('is read once for a "Sign up": the guard\'s read serves the hold', async () => {
    const cookie = `session=${(await registeredRunner(app, "Bea")).token}`;
    const { reads, answer } = await sessionReads(() =>
      app.request(appointmentPage, formPost(cookie, { appointment: appointmentId })),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/\/iscrizione\/[0-9a-f-]{36}$/);
    expect(reads).toBe(1);
  });

  it("is read again after a change, for the page the change answers", async () => {
    const cookie = `session=${(await registeredRunner(app, "Cleo")).token}`;
    const { reads, answer } = await sessionReads(() =>
      app.request(
        "/modificaDati",
        formPost(cookie, {
          intent: "personal-data",
          givenName: "Clelia",
          familyName: "Rossi",
          preferredLocale: "en-US",
        }),
      ),
    );
    expect(answer.status).toBe(200);
    // The page after the change is read with the session as it is now, and shows the new name.
    expect(await answer.text()).toContain("Clelia");
    expect(reads).toBe(2);
  });
});
