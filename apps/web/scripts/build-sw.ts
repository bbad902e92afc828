/**
 * The service worker's build, after the site's (`npm run build -w apps/web`): bundles
 * app/offline/sw.ts into build/client/sw.js with Vite, then lets Serwist's injectManifest write in
 * the list of files to precache (the hashed scripts and styles of this build, the icons) with
 * their revisions. Vite 8's plugin for Serwist does not know React Router's two builds, so this
 * runs as a step of its own (docs/decisions/031-offline.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { injectManifest } from "@serwist/build";
import { build } from "vite";

const root = fileURLToPath(new URL("../", import.meta.url));
const clientDir = `${root}build/client`;
const swFile = `${clientDir}/sw.js`;

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
  },
});

interface ManifestRoute {
  id: string;
  parentId?: string;
  [key: string]: unknown;
}

/** The /assets files a route or the entry names (its module, imports, styles, split modules). */
function filesOf(entry: Record<string, unknown>): string[] {
  return Object.values(entry)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === "string" && value.startsWith("/assets/"));
}

/**
 * The scripts only the organiser's console loads (its route modules, and what they import on
 * demand, such as the check-in desk's QR reader): never opened offline, so not precached. Read
 * from React Router's browser manifest of this build.
 */
function consoleOnlyFiles(): Set<string> {
  const assets = readdirSync(`${clientDir}/assets`);
  const MARK = "window.__reactRouterManifest=";
  const manifestFile = assets.find(
    (name) => name.startsWith("manifest-") && readFileSync(`${clientDir}/assets/${name}`, "utf8").startsWith(MARK),
  );
  if (!manifestFile) throw new Error("React Router's browser manifest is missing from build/client/assets");
  const text = readFileSync(`${clientDir}/assets/${manifestFile}`, "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{")).replace(/;\s*$/, "")) as {
    entry: Record<string, unknown>;
    routes: Record<string, ManifestRoute>;
  };
  const inConsole = (route: ManifestRoute | undefined): boolean =>
    route !== undefined && (route.id.endsWith("layout-console") || inConsole(manifest.routes[route.parentId ?? ""]));
  const site = new Set(filesOf(manifest.entry));
  const console = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    for (const file of filesOf(route)) (inConsole(route) ? console : site).add(file);
  }
  const only = new Set([...console].filter((file) => !site.has(file)));
  // A file no route names is imported on demand; it is the console's when only console files import it.
  const named = new Set([...site, ...console, `/assets/${manifestFile}`]);
  for (const name of assets.map((file) => `/assets/${file}`).filter((file) => !named.has(file))) {
    const base = name.slice("/assets/".length);
    const importers = assets.filter(
      (file) => file.endsWith(".js") && readFileSync(`${clientDir}/assets/${file}`, "utf8").includes(base),
    );
    if (importers.length > 0 && importers.every((file) => only.has(`/assets/${file}`))) only.add(name);
  }
  return only;
}

const leftOut = consoleOnlyFiles();
const { count, size, warnings } = await injectManifest({
  swSrc: swFile,
  swDest: swFile,
  globDirectory: clientDir,
  globPatterns: ["assets/**/*.{js,css}", "favicon.svg", "icons/*.png"],
  // Every screen's scripts but the console's: offline, a kept page may lead to any of them.
  maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  manifestTransforms: [
    (entries) => ({ manifest: entries.filter((entry) => !leftOut.has(`/${entry.url}`)), warnings: [] }),
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`sw.js: ${count} files precached, ${Math.round(size / 1024)} kB`);
