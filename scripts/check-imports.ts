import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The layering of docs/decisions/002: arrows point down only. Each area lists the workspace packages
 * it may import; an import of any other, of a package's internals, or a relative path that leaves
 * the area, fails `npm test`.
 */
export const RULES: { area: string; may: string[] }[] = [
  { area: "packages/domain", may: [] },
  { area: "packages/jsonapi", may: [] },
  { area: "packages/db", may: ["@sports/domain"] },
  { area: "packages/payments", may: ["@sports/domain"] },
  { area: "packages/api", may: ["@sports/domain", "@sports/db", "@sports/payments", "@sports/jsonapi"] },
  // The server is the composition root: it opens the database and mounts the API.
  { area: "apps/web/server", may: ["@sports/api", "@sports/db", "@sports/domain", "@sports/jsonapi"] },
  { area: "apps/web/app", may: ["@sports/jsonapi"] },
];

/**
 * Entry points other packages may use; `/testing` and `/postgres-admin` (creating and dropping databases)
 * only from tests.
 */
const ENTRY_POINTS = new Set(["@sports/domain", "@sports/jsonapi", "@sports/db", "@sports/payments", "@sports/api"]);
const TEST_ENTRY_POINTS = new Set(["@sports/db/testing", "@sports/db/postgres-admin", "@sports/api/testing"]);

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

export function violations(file: string, source: string, root: string): string[] {
  const rule = RULES.find(({ area }) => file.startsWith(`${area}/`));
  if (!rule) return [];
  const isTest = /\.test\.tsx?$/.test(file) || file.includes("/testing/") || /\/testing\.ts$/.test(file);
  const found: string[] = [];
  for (const specifier of importsOf(source)) {
    if (specifier.startsWith(".")) {
      const target = relative(root, resolve(root, dirname(file), specifier));
      const leavesArea = !target.startsWith(`${rule.area}/`);
      const intoAnotherArea = RULES.some(({ area }) => area !== rule.area && target.startsWith(`${area}/`));
      if (leavesArea && (intoAnotherArea || !isTest))
        found.push(`${file}: "${specifier}" reaches outside ${rule.area}`);
    } else if (specifier.startsWith("@sports/")) {
      const name = specifier.split("/").slice(0, 2).join("/");
      const entry = ENTRY_POINTS.has(specifier) || (isTest && TEST_ENTRY_POINTS.has(specifier));
      if (!rule.may.includes(name)) found.push(`${file}: ${rule.area} may not import ${name}`);
      else if (!entry) found.push(`${file}: "${specifier}" reaches into the internals of ${name}`);
    }
  }
  return found;
}

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "build") continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const problems = ["apps", "packages"].flatMap((top) =>
    [...sourceFiles(join(root, top))].flatMap((path) => {
      const file = relative(root, path);
      return violations(file, readFileSync(path, "utf8"), root);
    }),
  );
  if (problems.length > 0) {
    console.error(`Import rules broken (see docs/decisions/002-layout-and-import-rules.md):\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log("Import rules hold.");
}
