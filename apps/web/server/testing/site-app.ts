import { SITE_URL } from "@sports/api/testing";
import { type DatabaseHandle, schema, seedDemoData } from "@sports/db";
import { openTestDatabase } from "@sports/db/testing";
import type { Role } from "@sports/domain";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { createServerApp, type ServerAppOptions } from "../app.ts";
import { createLogger } from "../logger.ts";
import { buildDir } from "../pages/index.ts";
import { registeredRunner } from "./runner.ts";

/** What the server's tests of whole pages share: the app on the demo catalogue, its team, its built routes. */

export type SiteApp = Awaited<ReturnType<typeof createServerApp>>;

/** What a test may set of the app beyond the defaults: its config's other settings, and any other option. */
export type SiteOptions = Partial<Omit<ServerAppOptions, "config" | "database">> & {
  config?: Partial<ServerAppOptions["config"]>;
};

/**
 * The whole server app (site and API) on `database`: in English unless `config` says otherwise, at
 * the tests' `SITE_URL`, logging nothing. A second app on the same database (another page cache, say).
 */
export function siteAppOn(database: DatabaseHandle, options: SiteOptions = {}): Promise<SiteApp> {
  return createServerApp({
    siteUrl: () => SITE_URL,
    logger: createLogger("silent"),
    ...options,
    config: { DEFAULT_LOCALE: "en-US", ...options.config },
    database,
  });
}

/** `siteAppOn` a new test database holding the demo catalogue, seeded now. */
export async function openDemoSite(options: SiteOptions = {}): Promise<{ database: DatabaseHandle; app: SiteApp }> {
  const database = await openTestDatabase();
  try {
    await seedDemoData(database.db, { now: new Date() });
    return { database, app: await siteAppOn(database, options) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Someone of the team: registered through the API like any runner, then given `role` with the
 * address confirmed (the role counts only then). Answers their address, token and session cookie.
 */
export async function teamMember(
  site: { app: SiteApp; database: DatabaseHandle },
  givenName: string,
  role: Exclude<Role, "user">,
): Promise<{ email: string; token: string; cookie: string }> {
  const member = await registeredRunner(site.app, givenName);
  await site.database.db
    .update(schema.users)
    .set({ role, emailVerifiedAt: new Date() })
    .where(eq(schema.users.email, member.email));
  return { ...member, cookie: `session=${member.token}` };
}

/** The site's routes as built in apps/web/build (`npm run build`), for the tests that must cover each one. */
export async function builtRoutes(): Promise<ServerBuild["routes"]> {
  return ((await import(`${buildDir}/server/index.js`)) as ServerBuild).routes;
}
