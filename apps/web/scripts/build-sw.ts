/**
 * The service worker's build, after the site's (`npm run build -w apps/web`): bundles
 * app/offline/sw.ts into build/client/sw.js with Vite. Vite 8's plugin for Serwist does not know
 * React Router's two builds, so this runs as a step of its own (docs/decisions/031-offline.md).
 *
 * The worker carries no list of the build's files (it keeps what the pages it keeps name), so its
 * first line names the build instead: a browser installs a new worker only when the script's bytes
 * change, and each new build of the site must reach the phones (its offline pages, and the files
 * kept pages no longer name let go of).
 */
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL("../", import.meta.url));
const clientDir = `${root}build/client`;

/** The build's hashed files' names: any change of the site's scripts or styles changes one. */
const version = createHash("sha256")
  .update(readdirSync(`${clientDir}/assets`).sort().join("\n"))
  .digest("base64url")
  .slice(0, 12);

await build({
  configFile: false,
  root,
  logLevel: "warn",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: clientDir,
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    sourcemap: false,
    lib: { entry: `${root}app/offline/sw.ts`, formats: ["iife"], name: "serviceWorker", fileName: () => "sw.js" },
    rolldownOptions: { output: { postBanner: `/* site build ${version} */` } },
  },
});
console.log(`sw.js: ${Math.round(statSync(`${clientDir}/sw.js`).size / 1024)} kB, site build ${version}`);
