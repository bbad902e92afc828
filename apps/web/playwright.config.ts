import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { organiserOf } from "./e2e/organisers.ts";

/**
 * Browser journeys against the real server (built site, embedded database with the demo catalogue),
 * in the system's Chromium: Debian's package by default, or the one `CHROMIUM_PATH` names.
 *
 * Every journey comes from this machine's address, and registrations are throttled per address:
 * the servers multiply every limit by `TEST_THROTTLE_FACTOR` (refused in production), so one server
 * takes the whole suite's registrations. Each spec file that needs an organiser has its own address
 * (organisers.ts), all of them in `ORGANISER_EMAILS`. A server of its own is kept only for journeys
 * that change the demo catalogue's shared data in a way others would see (each says what), on
 * consecutive ports from `E2E_PORT`.
 */
const port = Number(process.env.E2E_PORT ?? 3210);

interface Server {
  name: string;
  /**
   * What its server is started with, beyond the defaults below. Its PUBLIC_URL is the address the
   * journeys' browser uses (127.0.0.1) unless a project browses it by another host.
   */
  env?: Record<string, string>;
}

interface Project {
  name: string;
  /** The server it runs against (by name): "site" unless told. */
  server?: string;
  /** The spec files this project runs; the first project runs the rest. */
  specs?: RegExp;
  /**
   * Whether the site's service worker may install. Blocked everywhere but where it is under test:
   * a page it controls reads kept copies offline, and requests it answers escape `page.route`.
   */
  serviceWorkers?: "allow" | "block";
  /**
   * The host the journeys browse by when it is not the server's PUBLIC_URL host (127.0.0.1): the
   * same server by another origin, so a journey proves the site keeps its visitors on theirs.
   */
  browseHost?: string;
}

const SERVERS: Server[] = [
  // Every journey's: one that changes an event changes its own copy of it (own-event.ts), so the
  // demo's events stay as every other journey expects them.
  { name: "site" },
];

const PROJECTS: Project[] = [
  { name: "site" },
  // The service worker installs: a project of its own, on the same server.
  { name: "offline", specs: /offline\.spec\.ts$/, serviceWorkers: "allow" },
  // Browsed by localhost while the server's PUBLIC_URL names 127.0.0.1: mails and providers' returns
  // lead there, the site's own redirects never.
  { name: "payments", specs: /\/payments\.spec\.ts$/, browseHost: "localhost" },
];

/** Every spec file's organiser (organisers.ts): each server makes them organisers once confirmed. */
const ORGANISER_EMAILS = readdirSync(fileURLToPath(new URL("e2e/", import.meta.url)))
  .filter((file) => file.endsWith(".spec.ts"))
  .map(organiserOf)
  .join(",");

/** `E2E_PROJECTS=payments,offline` runs those projects alone, starting only their servers. */
const only = process.env.E2E_PROJECTS?.split(",").map((name) => name.trim());
const chosen = PROJECTS.filter((project) => !only || only.includes(project.name));
const serverPort = (name = "site") => port + SERVERS.findIndex((server) => server.name === name);
const servers = SERVERS.filter((server) => chosen.some((project) => (project.server ?? "site") === server.name));

function server({ name, env = {} }: Server) {
  const listenOn = serverPort(name);
  const dataDir = mkdtempSync(join(tmpdir(), "sports-events-e2e-"));
  return {
    command: "node server/main.ts",
    url: `http://127.0.0.1:${listenOn}/readyz`,
    env: {
      PORT: String(listenOn),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DEFAULT_LOCALE: "en-US",
      // The address the journeys' browser uses (but the payments project's): every link the server writes starts with it.
      PUBLIC_URL: `http://127.0.0.1:${listenOn}`,
      // The whole suite's registrations, logins and resets come from this machine.
      TEST_THROTTLE_FACTOR: "100",
      ORGANISER_EMAILS,
      ...env,
    },
    reuseExistingServer: false,
    timeout: 60_000,
  };
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "../../test-results/e2e",
  fullyParallel: true,
  workers: 2,
  // A journey takes up to about 25 s by itself on a slow day of a shared 2-core machine, and the
  // suite runs two at once beside its servers: Playwright's 30 s (and 5 s for an
  // expectation), then 60 s, failed journeys that pass alone at the same speed on such a day. A
  // broken journey still fails, later.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [["list"]],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: chosen.map((project) => ({
    name: project.name,
    ...(project.specs
      ? { testMatch: project.specs }
      : { testIgnore: PROJECTS.flatMap((other) => (other.specs ? [other.specs] : [])) }),
    use: {
      baseURL: `http://${project.browseHost ?? "127.0.0.1"}:${serverPort(project.server)}`,
      serviceWorkers: project.serviceWorkers ?? "block",
    },
  })),
  webServer: servers.map(server),
});
