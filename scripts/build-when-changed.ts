import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm start`'s build: the site is built again only when what it is built from changed since the
 * last build, so a restart goes straight to serving. What it is built from is digested by content
 * (SHA-256 of every file's path and bytes, in a fixed order), not by dates, so a checkout or a copy
 * that touches files without changing them does not rebuild; the digest is written beside the build
 * once the build succeeded, and a build that failed or never finished leaves none.
 */

/** What the site's build reads, from the repository's root: folders walked whole, and single files. */
export const BUILD_INPUTS = [
  "apps/web/app",
  "apps/web/messages",
  "apps/web/public",
  "apps/web/vite",
  "apps/web/scripts",
  "apps/web/project.inlang/settings.json",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "apps/web/package.json",
  "packages",
  "package-lock.json",
  "tsconfig.json",
];

/** What the build writes or tools keep inside those folders: never an input. */
const NOT_INPUTS = new Set(["node_modules", "paraglide", ".react-router", "cache", "dist", "build"]);

/** Where the digest of the sources of the build in apps/web/build is kept. */
export const STAMP = "apps/web/build/.sources-sha256";

/** Every file under `path` (or `path` itself, a file), relative to `root`, in a fixed order. */
function filesOf(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split("/").some((part) => NOT_INPUTS.has(part)));
}

/** The digest of what the build reads under `root`: changes with any file's content, path, addition or removal. */
export function sourcesDigest(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash("sha256");
  const files = inputs.flatMap((input) => filesOf(root, input)).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether the build under `root` is missing, unfinished, or made from other sources than `digest`. */
export function needsBuild(root: string, digest: string): boolean {
  const stamp = join(root, STAMP);
  if (!existsSync(stamp) || !existsSync(join(root, "apps/web/build/server/index.js"))) return true;
  return readFileSync(stamp, "utf8").trim() !== digest;
}

/** Builds with `npm run build` when needed, then records what it was built from; exits with the build's failure. */
function main(): void {
  const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
  const digest = sourcesDigest(root);
  if (!needsBuild(root, digest)) {
    console.log("The site's build is up to date with its sources: not building it again.");
    return;
  }
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(join(root, STAMP), `${digest}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
