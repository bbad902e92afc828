import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser journeys against the real server (built site, embedded database with the demo catalogue),
 * in the system's Chromium: Debian's package by default, or the one `CHROMIUM_PATH` names.
 *
 * Registrations are throttled per client address (10 an hour), and every journey comes from this
 * machine's address, so journeys that register accounts are spread over several servers, each with
 * its own data and its own budget: one project per server, on consecutive ports from `E2E_PORT`.
 * The first project ("site") runs every spec no other project claims. A journey that registers goes
 * in a project whose server still has room (count its registrations), or in a new one.
 */
const port = Number(process.env.E2E_PORT ?? 3210);

interface Project {
  name: string;
  /** The spec files this project runs; the first project runs the rest. */
  specs?: RegExp;
  /** What its server is started with, beyond the defaults below. */
  env?: Record<string, string>;
  /**
   * Whether the site's service worker may install. Blocked everywhere but where it is under test:
   * a page it controls reads kept copies offline, and requests it answers escape `page.route`.
   */
  serviceWorkers?: "allow" | "block";
  /**
   * The host of the server's PUBLIC_URL when it is not the one the journeys browse by (127.0.0.1):
   * the same server by another origin, so a journey proves the site keeps its visitors on theirs.
   */
  publicHost?: string;
}

const PROJECTS: Project[] = [
  { name: "site" },
  // Payments need an organiser (who marks bank transfers paid); the record store's one visitor too.
  // Its PUBLIC_URL names localhost: mails and providers' returns lead there, the site's own redirects never.
  {
    name: "payments",
    specs: /(payments|record-store)\.spec\.ts$/,
    env: { ORGANISER_EMAILS: "organiser@example.org" },
    publicHost: "localhost",
  },
  // Moving around the site: logging in, the phone header and a signup with the connection lost (four registrations).
  { name: "navigation", specs: /navigation\.spec\.ts$/ },
  // The signup steps' journeys register accounts of their own (up to 10).
  { name: "signup-steps", specs: /signup-steps\.spec\.ts$/ },
  // The event page's table of appointments: one visitor signs up from a row.
  { name: "event-page", specs: /event-page\.spec\.ts$/ },
  // After the payment: bank transfer, the recap's choices, cancelling and its refund (it registers four people).
  { name: "after-signup", specs: /after-signup\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  // Race day: two runners pay, the organiser downloads start lists and checks them in (camera and bib).
  {
    name: "console-race-day",
    specs: /console-race-day\.spec\.ts$/,
    env: { ORGANISER_EMAILS: "organiser@example.org" },
  },
  // The console's signups and certificates: two runners and the organiser.
  { name: "console-signups", specs: /console-signups\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  // The console's team, an event's overview, a message to participants and a cover image.
  { name: "console-team", specs: /console-team\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  { name: "console-events", specs: /console-events\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  // The waiting list: the organiser (capacity) and two runners on phones.
  { name: "waiting-list", specs: /waiting-list\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  // Discount codes at the recap: the organiser (who makes the codes) and two runners on phones.
  { name: "discount-codes", specs: /discount-codes\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  // The organiser's whole race, on a desktop and a phone: the organiser, a staff member and three runners each.
  { name: "console-journey", specs: /console-journey\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  {
    name: "certificate-later",
    specs: /certificate-later\.spec\.ts$/,
    env: { ORGANISER_EMAILS: "organiser@example.org" },
  },
  // A race's results: a runner with a bib, and the organiser who imports the timing file.
  {
    name: "console-results",
    specs: /console-results\.spec\.ts$/,
    env: { ORGANISER_EMAILS: "organiser@example.org" },
  },
  // A race's course: the organiser uploads its GPX, the public page shows it.
  { name: "course", specs: /course\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  // Transfers: the organiser (the event's setting and the console) and four runners.
  { name: "transfers", specs: /transfers\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  // A race's public results: the organiser signs up, imports and publishes; a visitor browses them.
  { name: "results", specs: /\/results\.spec\.ts$/, env: { ORGANISER_EMAILS: "organiser@example.org" } },
  // Pages kept for every visitor: four runners logged in on the kept event list (decision 033).
  { name: "kept-pages", specs: /kept-pages\.spec\.ts$/ },
  // Installing and working offline: the service worker at work, one runner logged in and out.
  { name: "offline", specs: /offline\.spec\.ts$/, serviceWorkers: "allow" },
  // Billing: a business pays (its invoice), the organiser corrects the fiscal identity and records the SdI's receipt.
  {
    name: "console-billing",
    specs: /console-billing\.spec\.ts$/,
    env: { ORGANISER_EMAILS: "organiser@example.org" },
  },
  // Billing details at the recap and the invoice on My signups: a club's treasurer (one registration).
  { name: "billing", specs: /\/billing\.spec\.ts$/ },
];

/** `E2E_PROJECTS=payments,navigation` runs those projects alone, starting only their servers. */
const only = process.env.E2E_PROJECTS?.split(",").map((name) => name.trim());
const chosen = PROJECTS.map((project, index) => ({ project, index })).filter(
  ({ project }) => !only || only.includes(project.name),
);

function server(listenOn: number, { env = {}, publicHost = "127.0.0.1" }: Project) {
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
      // The address the journeys' browser uses (unless `publicHost`): every link the server writes starts with it.
      PUBLIC_URL: `http://${publicHost}:${listenOn}`,
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
  // suite runs two at once beside a server per project: Playwright's 30 s (and 5 s for an
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
  projects: chosen.map(({ project, index }) => ({
    name: project.name,
    ...(project.specs
      ? { testMatch: project.specs }
      : { testIgnore: PROJECTS.flatMap((other) => (other.specs ? [other.specs] : [])) }),
    use: { baseURL: `http://127.0.0.1:${port + index}`, serviceWorkers: project.serviceWorkers ?? "block" },
  })),
  webServer: chosen.map(({ project, index }) => server(port + index, project)),
});
