import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { REWRITES, withRememberedRouteTables } from "./route-tables.ts";

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
/** The folders the rewritten modules were written to, removed after the tests. */
const written: string[] = [];
afterAll(() => {
  for (const folder of written) rmSync(folder, { recursive: true, force: true });
});

/** React Router's own `lib/` directory, of the build `flavour`. */
function libOf(flavour: "production" | "development"): string {
  return join(dirname(require.resolve("react-router")), "..", flavour, "lib");
}

/**
 * React Router's `dom/server.js` rewritten, loaded from a file of its own whose relative imports
 * point back at React Router (its bare ones, React, resolve from the repository's node_modules).
 */
async function rewrittenStaticRouter() {
  const lib = libOf("production");
  const original = join(lib, "dom", "server.js");
  const rewritten = (withRememberedRouteTables("dom/server.js", readFileSync(original, "utf8")) as string).replace(
    /from "(\.{1,2}\/[^"]+)"/g,
    (_import, path: string) => `from ${JSON.stringify(pathToFileURL(resolve(dirname(original), path)).href)}`,
  );
  const cache = join(ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, "route-tables-"));
  written.push(folder);
  const file = join(folder, "server.js");
  writeFileSync(file, rewritten);
  return (await import(pathToFileURL(file).href)) as {
    createStaticRouter(
      routes: unknown[],
      context: unknown,
    ): {
      routes: { id: string; children?: unknown[] }[];
      manifest: Record<string, unknown>;
      state: { matches: { route: unknown }[] };
    };
  };
}

const routes = [{ id: "root", path: "/", children: [{ id: "events", path: "evento" }] }];

/** What `createStaticRouter` reads of a static handler's context for a page matching `ids`. */
function contextMatching(ids: string[]) {
  return {
    basename: "/",
    location: { pathname: "/evento", search: "", hash: "", state: null, key: "default" },
    matches: ids.map((id) => ({ params: {}, pathname: "/evento", pathnameBase: "/", route: { id } })),
    loaderData: {},
    actionData: null,
    errors: null,
    _match: () => null,
  };
}

describe("React Router's route tables in the server build", () => {
  it("recognises the React Router installed, in both of its builds", () => {
    for (const flavour of ["production", "development"] as const)
      for (const { file, helper } of REWRITES) {
        const source = readFileSync(join(libOf(flavour), file), "utf8");
        expect(withRememberedRouteTables(file, source)).toContain(helper);
      }
  });

  it("builds a table's data routes once, frozen, and each router matches into them", async () => {
    const { createStaticRouter } = await rewrittenStaticRouter();
    const first = createStaticRouter(routes, contextMatching(["root", "events"]));
    const second = createStaticRouter(routes, contextMatching(["root"]));
    expect(second.routes).toBe(first.routes);
    expect(second.manifest).toBe(first.manifest);
    expect(first.routes[0]?.id).toBe("root");
    expect(first.state.matches.map((match) => match.route)).toEqual([first.manifest.root, first.manifest.events]);
    expect(second.state.matches.map((match) => match.route)).toEqual([first.manifest.root]);
    // React Router only reads them; a write would throw rather than reach the next page.
    expect(Object.isFrozen(first.routes)).toBe(true);
    expect(Object.isFrozen(first.routes[0])).toBe(true);
    expect(Object.isFrozen(first.routes[0]?.children?.[0])).toBe(true);
    expect(Object.isFrozen(first.manifest)).toBe(true);
    // Another table (another build) gets routes of its own.
    const other = createStaticRouter([{ id: "root", path: "/" }], contextMatching(["root"]));
    expect(other.routes).not.toBe(first.routes);
    expect(other.routes[0]?.children).toBeUndefined();
  });

  it("leaves React Router's other modules alone and refuses a module it does not recognise", () => {
    expect(withRememberedRouteTables("router/router.js", "anything")).toBeNull();
    expect(() => withRememberedRouteTables("dom/server.js", "export function createStaticRouter() {}")).toThrow(
      /not the one expected/,
    );
  });
});
