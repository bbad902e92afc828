import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The layering of docs/decisions/002 and 015: arrows point down only, and nothing imports itself in
 * a circle. Each area lists the workspace packages it may import (and, for its tests only, a few
 * more), and the outside libraries it must not; an import of anything else, of a package's
 * internals, a relative path that leaves the area, or a cycle of imports fails `npm test`.
 *
 *   apps/web/app ──▶ jsonapi
 *   apps/web/server (composition root) ──▶ api, usecases, db, domain, jsonapi
 *   api (HTTP adapters) ──▶ usecases ──▶ domain, db, payments, jsonapi
 *   db, payments ──▶ domain
 */
export const RULES: { area: string; may: string[]; testsMay?: string[]; never?: string[] }[] = [
  { area: "packages/domain", may: [], never: ["hono", "react", "drizzle-orm", "pg", "stripe", "nodemailer"] },
  { area: "packages/jsonapi", may: [], never: ["hono", "drizzle-orm", "pg"] },
  { area: "packages/db", may: ["@sports/domain"], never: ["hono", "react"] },
  { area: "packages/payments", may: ["@sports/domain"], never: ["hono", "react", "drizzle-orm"] },
  // The use cases: what the product does, for any caller; never the HTTP layer's business.
  {
    area: "packages/usecases",
    may: ["@sports/domain", "@sports/db", "@sports/payments", "@sports/jsonapi"],
    never: ["hono", "react", "react-router"],
  },
  // The HTTP layer reaches the database and the providers only through the use cases.
  {
    area: "packages/api",
    may: ["@sports/domain", "@sports/usecases", "@sports/jsonapi"],
    testsMay: ["@sports/db", "@sports/payments"],
    never: ["drizzle-orm", "pg", "stripe", "nodemailer"],
  },
  // The server is the composition root: it opens the database, starts the jobs and mounts the API.
  {
    area: "apps/web/server",
    may: ["@sports/api", "@sports/usecases", "@sports/db", "@sports/domain", "@sports/jsonapi"],
  },
  { area: "apps/web/app", may: ["@sports/jsonapi"], never: ["hono", "drizzle-orm", "pg"] },
];

/** Entry points other packages may use; the testing ones and `/postgres-admin` (creating and dropping databases) only from tests. */
const ENTRY_POINTS = new Set([
  "@sports/domain",
  "@sports/jsonapi",
  "@sports/db",
  "@sports/payments",
  "@sports/usecases",
  "@sports/api",
]);
const TEST_ENTRY_POINTS = new Set([
  "@sports/db/testing",
  "@sports/db/postgres-admin",
  "@sports/payments/testing",
  "@sports/usecases/testing",
  "@sports/api/testing",
]);

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

const isTestFile = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.includes("/testing/") ||
  /\/(testing|test-client)\.ts$/.test(file) ||
  file.includes("/e2e/");

/** The package an outside specifier names: `@scope/name` or `name`. */
const packageOf = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] ?? "");

export function violations(file: string, source: string, root: string): string[] {
  const rule = RULES.find(({ area }) => file.startsWith(`${area}/`));
  if (!rule) return [];
  const isTest = isTestFile(file);
  const found: string[] = [];
  for (const specifier of importsOf(source)) {
    if (specifier.startsWith(".")) {
      const target = relative(root, resolve(root, dirname(file), specifier));
      const leavesArea = !target.startsWith(`${rule.area}/`);
      const intoAnotherArea = RULES.some(({ area }) => area !== rule.area && target.startsWith(`${area}/`));
      if (leavesArea && (intoAnotherArea || !isTest))
        found.push(`${file}: "${specifier}" reaches outside ${rule.area}`);
    } else if (specifier.startsWith("@sports/")) {
      const name = packageOf(specifier);
      const allowed = rule.may.includes(name) || (isTest && (rule.testsMay ?? []).includes(name));
      const entry = ENTRY_POINTS.has(specifier) || (isTest && TEST_ENTRY_POINTS.has(specifier));
      if (!allowed) found.push(`${file}: ${rule.area} may not import ${name}`);
      else if (!entry) found.push(`${file}: "${specifier}" reaches into the internals of ${name}`);
    } else if (!isTest && (rule.never ?? []).includes(packageOf(specifier))) {
      found.push(`${file}: ${rule.area} may not import ${packageOf(specifier)}`);
    }
  }
  return found;
}

/**
 * The cycles among the given modules' relative imports (type-only ones included: a circle of types
 * is a circle of ideas too), each as the files around it. `imports` maps a file to the files it imports.
 */
export function cyclesOf(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's strongly connected components: every component of more than one file is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of imports.get(file) ?? []) {
      if (!imports.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (imports.get(file) ?? []).includes(file)) cycles.push(component.sort());
    }
  };
  for (const file of imports.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The files a source file imports by relative path, resolved against the files that exist. */
function relativeImports(file: string, source: string, root: string): string[] {
  return importsOf(source)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => relative(root, resolve(root, dirname(file), specifier)))
    .flatMap((target) =>
      [target, `${target}.ts`, `${target}.tsx`].filter((candidate) => existsSync(join(root, candidate))).slice(0, 1),
    );
}

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "build") continue;
    if (entry.name === "paraglide") continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const imports = new Map<string, string[]>();
  const problems = ["apps", "packages"].flatMap((top) =>
    [...sourceFiles(join(root, top))].flatMap((path) => {
      const file = relative(root, path);
      const source = readFileSync(path, "utf8");
      imports.set(file, relativeImports(file, source, root));
      return violations(file, source, root);
    }),
  );
  for (const cycle of cyclesOf(imports)) problems.push(`import cycle: ${cycle.join(" ↔ ")}`);
  if (problems.length > 0) {
    console.error(
      `Import rules broken (see docs/decisions/002-layout-and-import-rules.md and 015-use-cases.md):\n${problems.join("\n")}`,
    );
    process.exit(1);
  }
  console.log("Import rules hold, and no module imports itself in a circle.");
}
