import { schema } from "@sports/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApi, type TestApi } from "../testing.ts";
import { VisitSessions } from "./session.ts";
import { accountClient } from "./test-client.ts";

let testApi: TestApi;
const { register } = accountClient(() => testApi);

beforeAll(async () => {
  testApi = await openTestApi();
});
afterAll(async () => {
  await testApi?.database.close();
});

const me = (cookie: string, env?: object) =>
  testApi.request("/api/users/me", { headers: { cookie, accept: "application/vnd.api+json" } }, env);

describe("the sessions of one visit of the site", () => {
  it("are looked up once for the page's reads, and only by that page", async () => {
    const runner = await register();
    const cookie = `session=${runner.token}`;
    const visit = { visitSessions: new VisitSessions() };
    expect((await me(cookie, visit)).status).toBe(200);

    // The session ends while the page is being answered: its other reads still see it as they began.
    await testApi.database.db.delete(schema.sessions).where(eq(schema.sessions.userId, runner.id));
    expect((await me(cookie, visit)).status).toBe(200);
    // Any other request, and the next page, look it up again.
    expect((await me(cookie)).status).toBe(401);
    expect((await me(cookie, { visitSessions: new VisitSessions() })).status).toBe(401);
  });

  it("are looked up again once the visit has made a change", async () => {
    const runner = await register();
    const cookie = `session=${runner.token}`;
    const visit = new VisitSessions();
    expect((await me(cookie, { visitSessions: visit })).status).toBe(200);
    await testApi.database.db.delete(schema.sessions).where(eq(schema.sessions.userId, runner.id));
    expect((await me(cookie, { visitSessions: visit })).status).toBe(200);
    // The site forgets what it looked up once a change of the visit is answered: the session is gone now.
    visit.forget();
    expect((await me(cookie, { visitSessions: visit })).status).toBe(401);
  });

  it("are the site's own: an environment that only looks like one is not read", async () => {
    const runner = await register();
    const cookie = `session=${runner.token}`;
    await testApi.database.db.delete(schema.sessions).where(eq(schema.sessions.userId, runner.id));
    const forged = { visitSessions: { of: async () => ({ user: { id: runner.id }, tokenHash: "x" }) } };
    expect((await me(cookie, forged)).status).toBe(401);
  });
});
