import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { organiserPreparesTheTrail, startServer } from "./backstage.ts";
import { JOURNEYS, type World } from "./journeys.ts";
import { puppeteerTab } from "./puppeteer-tab.ts";
import type { Engine, Tab } from "./tab.ts";
import { webdriverTab } from "./webdriver-tab.ts";

/**
 * `npm run test:engines`: the shared journeys (journeys.ts) in Chromium, Firefox and WebKit, one
 * engine after the other against one server (docs/engines.md). `ENGINES=firefox,webkit` picks
 * engines; `ENGINES_PORT` the server's port (the WebKit driver listens on the next one).
 */

const ALL: Engine[] = ["chromium", "firefox", "webkit"];
const engines = (process.env.ENGINES?.split(",").map((name) => name.trim()) ?? ALL) as Engine[];
const unknown = engines.filter((engine) => !ALL.includes(engine));
if (unknown.length > 0) throw new Error(`unknown engines: ${unknown.join(", ")}`);
const port = Number(process.env.ENGINES_PORT ?? 3250);
/**
 * What an engine logs that is no fault of the page (docs/engines.md): Firefox logs React Router's
 * route discovery, cut off when the page is left before it has answered.
 */
const NOISE: Partial<Record<Engine, RegExp>> = { firefox: /^Failed to fetch manifest patches/ };
/** Where a failed journey's last sight is kept. */
const SHOTS = fileURLToPath(new URL("../../../test-results/engines", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
/** A phone's screen: most runners come on one. */
const PHONE = { width: 390, height: 844 };

function open(engine: Engine, origin: string): Promise<Tab> {
  if (engine === "webkit") return webdriverTab(origin, port + 1, PHONE);
  return puppeteerTab(engine, origin, PHONE);
}

// A signal ends the run through process.exit, so every "exit" listener (the children's) runs.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

const server = await startServer(port);
let passed = 0;
let failed = 0;
const started = Date.now();
try {
  const organiser = await organiserPreparesTheTrail(server.origin);
  for (const engine of engines) {
    const opening = Date.now();
    const tab = await open(engine, server.origin);
    console.log(`${engine}: started in ${Date.now() - opening} ms`);
    const world: World = { organiser, family: engine[0]?.toUpperCase() + engine.slice(1) };
    try {
      for (const journey of JOURNEYS) {
        const start = Date.now();
        try {
          await journey.run(tab, world);
          const errors = (tab.errors() ?? []).filter(
            (error) => !journey.expectedErrors?.test(error) && !NOISE[engine]?.test(error),
          );
          if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join(" | ")}`);
          passed++;
          console.log(`  ✓ ${engine}: ${journey.name} (${Date.now() - start} ms)`);
        } catch (error) {
          failed++;
          const shot = join(SHOTS, `${engine}-${JOURNEYS.indexOf(journey) + 1}.png`);
          await tab.screenshot().then(
            (png) => writeFileSync(shot, png),
            () => undefined,
          );
          console.log(
            `  ✗ ${engine}: ${journey.name} (${Date.now() - start} ms)\n    ${String(error)}\n    what the tab showed: ${shot}`,
          );
        } finally {
          tab.errors()?.splice(0);
        }
      }
    } finally {
      await tab.close();
    }
  }
} finally {
  await server.stop();
}
console.log(`\nengines: ${engines.join(", ")} in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
