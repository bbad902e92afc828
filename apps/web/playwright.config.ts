import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser journeys against the real server (built site, embedded database with the demo catalogue),
 * in the system's Chromium: Debian's package by default, or the one `CHROMIUM_PATH` names.
 *
 * Two servers, each with its own data: registrations are throttled per client address (10 an hour)
 * and the site's journeys spend them all on the first, so the payment journeys (payments.spec.ts)
 * run on a second one, which also names an organiser (who marks bank transfers paid). The record
 * store's journey (record-store.spec.ts) registers its one visitor there too.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const paymentsPort = Number(process.env.E2E_PAYMENTS_PORT ?? port + 1);
const PAYMENTS_SPEC = /(payments|record-store)\.spec\.ts$/;

function server(listenOn: number, env: Record<string, string> = {}) {
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
      // The address the journeys' browser uses: every link the server writes starts with it.
      PUBLIC_URL: `http://127.0.0.1:${listenOn}`,
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
  projects: [
    { name: "site", testIgnore: PAYMENTS_SPEC, use: { baseURL: `http://127.0.0.1:${port}` } },
    { name: "payments", testMatch: PAYMENTS_SPEC, use: { baseURL: `http://127.0.0.1:${paymentsPort}` } },
  ],
  webServer: [server(port), server(paymentsPort, { ORGANISER_EMAILS: "organiser@example.org" })],
});
