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

/**
 * The layers inside apps/web/app, top first: a file may import its own layer and the layers under
 * it, never one above. Each layer holds folders and files at the app's root by name; a file outside
 * every layer fails until it is placed. Folders of one layer may import each other, but not in a
 * circle: `console/` importing `forms/` and `forms/` importing `console/` tangles the two.
 */
export const APP_LAYERS: readonly { layer: string; holds: readonly string[] }[] = [
  // What React Router runs: the route table, the root route, its entry on the server, and layouts and pages.
  { layer: "pages", holds: ["routes.ts", "root.tsx", "entry.server.tsx", "entry.client.tsx", "layouts", "routes"] },
  // What pages are made of: components, forms, and each feature's loaders' and actions' helpers.
  { layer: "parts", holds: ["console", "components", "forms", "signup", "payments", "waiting-room"] },
  // What the whole site runs on: API calls and records, login, languages, the browser, offline.
  { layer: "tools", holds: ["lib", "auth", "i18n", "behaviour", "offline"] },
  // What a request carries and the rules of access every layer may read.
  { layer: "context", holds: ["context.ts", "context.testing.ts", "access.ts"] },
  // Generated: the messages (Paraglide) and the routes' types (React Router's typegen).
  { layer: "generated", holds: ["paraglide", "+types"] },
];

const APP = "apps/web/app/";

/** The folder, or the file at the app's root, that a path of apps/web/app belongs to. */
const appPartOf = (path: string) => path.slice(APP.length).split("/")[0] ?? "";
const layerOf = (part: string) => APP_LAYERS.findIndex(({ holds }) => holds.includes(part));

function layerViolations(file: string, source: string, root: string): string[] {
  const part = appPartOf(file);
  const layer = layerOf(part);
  // A test beside no module of a layer (one of the route table's, say) is judged by nothing here.
  if (layer < 0) return isTestFile(file) ? [] : [`${file}: ${APP}${part} is on no layer of APP_LAYERS`];
  const found: string[] = [];
  for (const specifier of importsOf(source).filter((specifier) => specifier.startsWith("."))) {
    const target = relative(root, resolve(root, dirname(file), specifier));
    if (!target.startsWith(APP)) continue;
    // A target on no layer is no module (a stylesheet); a module on none is refused where it stands.
    const targetLayer = layerOf(appPartOf(target));
    if (targetLayer >= 0 && targetLayer < layer)
      found.push(
        `${file}: "${specifier}" imports up, from ${APP_LAYERS[layer]?.layer} into ${APP_LAYERS[targetLayer]?.layer}`,
      );
  }
  return found;
}

/** The circles among apps/web/app's folders (and files at its root), from its modules' imports (tests left out). */
export function appPartCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const parts = new Map<string, Set<string>>();
  for (const [file, targets] of imports) {
    if (!file.startsWith(APP) || isTestFile(file)) continue;
    const from = appPartOf(file);
    const to = parts.get(from) ?? new Set<string>();
    parts.set(from, to);
    for (const target of targets) if (target.startsWith(APP) && appPartOf(target) !== from) to.add(appPartOf(target));
  }
  return cyclesOf(new Map([...parts].map(([part, targets]) => [part, [...targets]])));
}

/**
 * Wings: folders entered through one file only. The page wing (docs/decisions/056-one-page-wing.md)
 * decides how every page is answered; the rest of the server, the benchmarks and the scripts use
 * what its index.ts hands out, never its rooms directly.
 */
export const WINGS: readonly { folder: string; entrance: string }[] = [
  { folder: "apps/web/server/pages", entrance: "index.ts" },
];

/** Imports from outside a wing of anything in it but its entrance. */
export function wingViolations(file: string, source: string, root: string): string[] {
  const found: string[] = [];
  for (const specifier of importsOf(source).filter((specifier) => specifier.startsWith("."))) {
    const target = relative(root, resolve(root, dirname(file), specifier));
    for (const { folder, entrance } of WINGS) {
      const inside = target.startsWith(`${folder}/`) && !file.startsWith(`${folder}/`);
      if (inside && target !== `${folder}/${entrance}`)
        found.push(`${file}: "${specifier}" goes into ${folder} past its entrance, ${entrance}`);
    }
  }
  return found;
}

/** The longest a source file may be, and an API route adapter (a `routes.ts` or `…-routes.ts` of packages/api). */
export const MAX_LINES = 400;
export const MAX_ROUTE_LINES = 200;

/** Files that may be longer: the schema, the demonstration data and the mails' texts read best whole. */
const LONG_FILES: readonly RegExp[] = [
  /^packages\/db\/src\/schema\.ts$/,
  /^packages\/db\/src\/demo\/(events|pages)-[\w-]+\.ts$/,
  /^packages\/usecases\/src\/mail\/(texts|templates)\.ts$/,
];

const isRouteAdapter = (file: string) => /^packages\/api\/src\/(.+\/)?([\w-]+-)?routes\.ts$/.test(file);

/** Whether a file is longer than its kind may be: tests and generated files are not measured. */
export function sizeViolations(file: string, source: string): string[] {
  if (isTestFile(file) || file.includes("/paraglide/")) return [];
  const lines = source.split("\n").length - (source.endsWith("\n") ? 1 : 0);
  if (isRouteAdapter(file) && lines > MAX_ROUTE_LINES)
    return [`${file}: ${lines} lines, over the ${MAX_ROUTE_LINES} an API route adapter may have`];
  if (lines <= MAX_LINES || LONG_FILES.some((allowed) => allowed.test(file))) return [];
  return [`${file}: ${lines} lines, over the ${MAX_LINES} a source file may have`];
}

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
  if (file.startsWith(APP)) found.push(...layerViolations(file, source, root));
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
      return [
        ...violations(file, source, root),
        ...wingViolations(file, source, root),
        ...sizeViolations(file, source),
      ];
    }),
  );
  for (const top of ["scripts", "bench"])
    for (const path of sourceFiles(join(root, top))) {
      const [file, source] = [relative(root, path), readFileSync(path, "utf8")];
      problems.push(...wingViolations(file, source, root), ...sizeViolations(file, source));
    }
  for (const cycle of cyclesOf(imports)) problems.push(`import cycle: ${cycle.join(" ↔ ")}`);
  for (const cycle of appPartCycles(imports)) problems.push(`apps/web/app's parts in a circle: ${cycle.join(" ↔ ")}`);
  if (problems.length > 0) {
    console.error(
      `Import and size rules broken (see docs/decisions/002-layout-and-import-rules.md and 015-use-cases.md):\n${problems.join("\n")}`,
    );
    process.exit(1);
  }
  console.log("Import and size rules hold, and no module or folder imports itself in a circle.");
}
