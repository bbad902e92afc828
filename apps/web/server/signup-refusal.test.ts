import { SITE_URL } from "@sports/api/testing";
import { type DatabaseHandle, schema, seedDemoData } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "./app.ts";
import { createLogger } from "./logger.ts";
import { PAGE_CACHE_HEADER } from "./pages/index.ts";
import { RUNNER_PASSWORD, registeredRunner } from "./testing/runner.ts";
import { formPost, openAppointment } from "./testing/signup.ts";

/**
 * A "Sign up" the API refuses (here: the appointment sold out while the runner looked at it) leads
 * back to the button's page, which says why; that page is the same for everyone refused so, and is
 * kept like any other (docs/decisions/038-refused-signup.md).
 */

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof createServerApp>>;
let page: string;
let appointmentId: string;

/** The Italian for "no places were left when you tried", as the page's HTML writes it (its apostrophe escaped). */
const SOLD_OUT_IT = "Ci dispiace, quando hai provato a iscriverti a questo appuntamento non c&#x27;erano più posti.";

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db, { now: new Date() });
  app = await createServerApp({
    config: { DEFAULT_LOCALE: "en-US", PAGE_CACHE_SECONDS: 60 },
    siteUrl: () => SITE_URL,
    database,
    logger: createLogger("silent"),
  });
  ({ appointmentId, page } = await openAppointment(app, "/it-IT"));
  // Every place taken, as a crowd would take them: the page a runner has open still offers "Sign up".
  await database.db
    .update(schema.appointments)
    .set({ placesTaken: sql`${schema.appointments.capacity}` })
    .where(eq(schema.appointments.id, appointmentId));
});
afterAll(() => database.close());

/** A new runner's session, as their browser's cookie sends it. */
async function runnerCookie(givenName: string, email?: string): Promise<string> {
  return `session=${(await registeredRunner(app, givenName, email)).token}`;
}

/** The "Sign up" button's form, as a browser without JavaScript sends it. */
const signUp = (cookie: string) => app.request(page, formPost(cookie, { appointment: appointmentId }));

describe('a refused "Sign up"', () => {
  it("leads back to its page, which says why; the page is kept, and each runner still gets their own menu", async () => {
    const [ada, bea] = await Promise.all([runnerCookie("Adalgisa"), runnerCookie("Beatrice")]);
    const refused = await signUp(ada);
    expect(refused.status).toBe(302);
    const back = refused.headers.get("location");
    expect(back).toBe(`${page}?rifiuto=sold-out`);

    const first = await app.request(back as string, { headers: { cookie: ada } });
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain(`<p class="notice notice-warning" role="alert">${SOLD_OUT_IT}</p>`);
    expect(html).toContain("Adalgisa");

    // The next runner refused so gets the same page from memory, with their own name only.
    expect((await signUp(bea)).headers.get("location")).toBe(back);
    const second = await app.request(back as string, { headers: { cookie: bea } });
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const theirs = await second.text();
    expect(theirs).toContain(SOLD_OUT_IT);
    expect(theirs).toContain("Beatrice");
    expect(theirs).not.toContain("Adalgisa");
  });

  it("leads back to the page saying why when it was pressed logged out, and the login came first", async () => {
    const email = `carla-${Date.now()}@example.org`;
    await runnerCookie("Carla", email);
    const toLogin = await signUp("");
    expect(toLogin.status).toBe(302);
    const login = new URL(toLogin.headers.get("location") as string, "http://localhost");
    expect(login.searchParams.get("redirectTo")).toBe(page);
    expect(login.searchParams.has("signup")).toBe(true);
    const loggedIn = await app.request(login.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams({ email, password: RUNNER_PASSWORD, redirectTo: page, signup: "" }),
    });
    expect(loggedIn.status).toBe(302);
    expect(loggedIn.headers.get("location")).toBe(`${page}?rifiuto=sold-out`);
    expect(loggedIn.headers.get("set-cookie")).toMatch(/session=/);
  });

  it("says nothing for a reason it does not know, and nothing on the page without one", async () => {
    for (const address of [`${page}?rifiuto=${encodeURIComponent("<b>sold</b>")}`, page]) {
      const html = await (await app.request(address)).text();
      expect(html, address).not.toContain('role="alert"');
      expect(html, address).not.toContain("<b>sold</b>");
    }
  });
});
