import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser journeys against the real server (built site, embedded database with the demo catalogue),
 * in the system's Chromium: Debian's package by default, or the one `CHROMIUM_PATH` names.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = mkdtempSync(join(tmpdir(), "sports-events-e2e-"));

export default defineConfig({
  testDir: "e2e",
  outputDir: "../../test-results/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    command: "node server/main.ts",
    url: `http://127.0.0.1:${port}/readyz`,
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", DEFAULT_LOCALE: "en-US" },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
