import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REMEMBERED_PATHS, withRememberedMatches } from "./route-matches.ts";

/** React Router's own matcher module, rewritten and loaded from a file of its own (its import pointed back at React Router). */
async function rememberingMatcher() {
  const require = createRequire(import.meta.url);
  const routerDir = join(dirname(require.resolve("react-router")), "lib", "router");
  const source = readFileSync(join(routerDir, "matcher.js"), "utf8");
  const rewritten = withRememberedMatches(source).replace(
    'from "./utils.js"',
    `from ${JSON.stringify(pathToFileURL(join(routerDir, "utils.js")).href)}`,
  );
  const file = join(mkdtempSync(join(tmpdir(), "route-matches-")), "matcher.js");
  writeFileSync(file, rewritten);
  const { V6RegExMatcher } = (await import(pathToFileURL(file).href)) as {
    V6RegExMatcher: new (
      basename: string,
    ) => {
      update(routes: unknown[]): void;
      match(location: string | { pathname: string }, allowPartial?: boolean): Match[] | null;
    };
  };
  return V6RegExMatcher;
}

interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  route: { id: string };
}

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "events", path: "evento" },
      { id: "event", path: "evento/:slug" },
      { id: "it-IT", path: "it-IT", children: [{ id: "it-IT/event", path: "evento/:slug" }] },
      { id: "not-found", path: "*" },
    ],
  },
];

describe("React Router's matcher in the server build", () => {
  it("answers a path as React Router does, each caller with a copy of its own", async () => {
    const Matcher = await rememberingMatcher();
    const matcher = new Matcher("/");
    matcher.update(routes);
    const first = matcher.match("/it-IT/evento/lake-run?x=1#top");
    expect(first?.map((m) => m.route.id)).toEqual(["root", "it-IT", "it-IT/event"]);
    expect(first?.at(-1)?.params).toEqual({ slug: "lake-run" });
    // A caller writing on its answer changes nobody else's.
    const last = first?.at(-1) as Match;
    last.params.slug = "written over";
    last.pathname = "/elsewhere";
    const again = matcher.match({ pathname: "/it-IT/evento/lake-run" });
    expect(again).not.toBe(first);
    expect(again?.at(-1)?.params).toEqual({ slug: "lake-run" });
    expect(again?.at(-1)?.pathname).toBe("/it-IT/evento/lake-run");
    expect(again?.at(-1)?.route).toBe(first?.at(-1)?.route);
    // Every match of one answer shares its parameters, as React Router's do.
    expect(again?.[0]?.params).toBe(again?.at(-1)?.params);

    expect(matcher.match("/evento")?.at(-1)?.route.id).toBe("events");
    expect(matcher.match("/nowhere/at/all")?.at(-1)?.route.id).toBe("not-found");
  });

  it("matches again once its routes change, and forgets when full", async () => {
    const Matcher = await rememberingMatcher();
    const matcher = new Matcher("/");
    matcher.update(routes);
    expect(matcher.match("/evento")?.at(-1)?.route.id).toBe("events");
    matcher.update([{ id: "only", path: "evento" }]);
    expect(matcher.match("/evento")?.at(-1)?.route.id).toBe("only");
    expect(matcher.match("/evento/x")).toBeNull();
    for (let i = 0; i <= REMEMBERED_PATHS; i++) matcher.match(`/evento/${i}`);
    expect(matcher.match("/evento")?.at(-1)?.route.id).toBe("only");
  });

  it("refuses a matcher it does not recognise", () => {
    expect(() => withRememberedMatches("export class Other {}")).toThrow(/not the one expected/);
  });
});
