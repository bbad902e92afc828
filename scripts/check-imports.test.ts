import { describe, expect, it } from "vitest";
import { appPartCycles, cyclesOf, sizeViolations, violations, wingViolations } from "./check-imports.ts";

const root = "/repo";
const check = (file: string, source: string) => violations(file, source, root);

describe("import rules", () => {
  it("lets each layer import the layers below it", () => {
    expect(
      check(
        "packages/api/src/app.ts",
        'import { holdPlaces } from "@sports/usecases";\nimport type { Locale } from "@sports/domain";',
      ),
    ).toEqual([]);
    expect(check("packages/usecases/src/x.ts", 'import { holdSignup } from "@sports/db";')).toEqual([]);
    expect(check("packages/db/src/x.ts", 'import { pickText } from "@sports/domain";')).toEqual([]);
    expect(check("apps/web/app/root.tsx", 'import type { Document } from "@sports/jsonapi";')).toEqual([]);
  });

  it("refuses an arrow pointing up or sideways", () => {
    expect(check("packages/domain/src/x.ts", 'import { listEvents } from "@sports/db";')).toEqual([
      "packages/domain/src/x.ts: packages/domain may not import @sports/db",
    ]);
    expect(check("packages/jsonapi/src/x.ts", 'export * from "@sports/domain";')).toHaveLength(1);
    expect(check("apps/web/app/routes/home.tsx", 'const db = await import("@sports/db");')).toHaveLength(1);
    expect(check("packages/db/src/x.ts", 'import { createApi } from "@sports/api";')).toHaveLength(1);
  });

  it("keeps the HTTP layer off the database and the use cases off HTTP", () => {
    expect(check("packages/api/src/x.ts", 'import { listEvents } from "@sports/db";')).toEqual([
      "packages/api/src/x.ts: packages/api may not import @sports/db",
    ]);
    expect(check("packages/api/src/x.ts", 'import { sql } from "drizzle-orm";')).toHaveLength(1);
    expect(check("packages/usecases/src/x.ts", 'import { Hono } from "hono";')).toEqual([
      "packages/usecases/src/x.ts: packages/usecases may not import hono",
    ]);
    expect(check("packages/usecases/src/x.ts", 'import { createApi } from "@sports/api";')).toHaveLength(1);
    // Tests of the HTTP layer may look at the rows a request left.
    expect(check("packages/api/src/x.test.ts", 'import { schema } from "@sports/db";')).toEqual([]);
  });

  it("finds every circle of imports, type-only ones included", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts", "e.ts"]],
      ["e.ts", []],
      ["f.ts", ["f.ts"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["f.ts"]]);
    expect(
      cyclesOf(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("refuses reaching into a package's internals or out of an area by a relative path", () => {
    expect(check("packages/api/src/x.ts", 'import type { Deps } from "@sports/usecases/src/deps.ts";')).toEqual([
      'packages/api/src/x.ts: "@sports/usecases/src/deps.ts" reaches into the internals of @sports/usecases',
    ]);
    expect(check("packages/api/src/x.ts", 'import { events } from "../../db/src/schema.ts";')).toHaveLength(1);
    expect(check("packages/api/src/x.ts", 'import { events } from "@sports/db/testing";')).toHaveLength(1);
    expect(check("packages/api/src/x.test.ts", 'import { insertEvent } from "@sports/db/testing";')).toEqual([]);
    const admin = 'import { withAdminClient } from "@sports/db/postgres-admin";';
    expect(check("apps/web/server/x.ts", admin)).toHaveLength(1);
    expect(check("apps/web/server/x.test.ts", admin)).toEqual([]);
  });

  it("keeps apps/web/app's layers pointing down: pages, parts, tools, context", () => {
    // Down, or within a layer: allowed.
    expect(check("apps/web/app/routes/event.tsx", 'import { EventCard } from "../components/event-card.tsx";')).toEqual(
      [],
    );
    expect(check("apps/web/app/root.tsx", 'import { authGuard } from "./auth/guard.ts";')).toEqual([]);
    expect(check("apps/web/app/console/x.tsx", 'import { SubmitButton } from "../forms/submit-button.tsx";')).toEqual(
      [],
    );
    expect(check("apps/web/app/lib/x.ts", 'import type { Visitor } from "../context.ts";')).toEqual([]);
    expect(check("apps/web/app/context.ts", 'import type { Locale } from "./paraglide/runtime.js";')).toEqual([]);
    expect(check("apps/web/app/root.tsx", 'import appCss from "./app.css?url";')).toEqual([]);
    // Up: refused, with the layers named.
    expect(check("apps/web/app/lib/x.tsx", 'import { AccountMenu } from "../components/account-menu.tsx";')).toEqual([
      'apps/web/app/lib/x.tsx: "../components/account-menu.tsx" imports up, from tools into parts',
    ]);
    expect(check("apps/web/app/components/x.tsx", 'import { useRootData } from "../root.tsx";')).toEqual([
      'apps/web/app/components/x.tsx: "../root.tsx" imports up, from parts into pages',
    ]);
    expect(check("apps/web/app/context.ts", 'import type { Locale } from "./i18n/locale.ts";')).toHaveLength(1);
    expect(check("apps/web/app/auth/guard.test.ts", 'import { x } from "../console/x.ts";')).toHaveLength(1);
  });

  it("places every module of apps/web/app on a layer", () => {
    expect(check("apps/web/app/widgets/x.ts", "")).toEqual([
      "apps/web/app/widgets/x.ts: apps/web/app/widgets is on no layer of APP_LAYERS",
    ]);
    expect(check("apps/web/app/site-paths.test.ts", 'import { x } from "./routes/x.ts";')).toEqual([]);
  });

  it("refuses apps/web/app's folders importing each other in a circle, tests left out", () => {
    const graph = new Map([
      ["apps/web/app/console/a.tsx", ["apps/web/app/forms/b.ts", "apps/web/app/console/c.ts"]],
      ["apps/web/app/console/c.ts", []],
      ["apps/web/app/forms/b.ts", ["apps/web/app/lib/d.ts"]],
      ["apps/web/app/lib/d.ts", []],
      ["apps/web/app/forms/b.test.ts", ["apps/web/app/console/a.tsx"]],
    ]);
    expect(appPartCycles(graph)).toEqual([]);
    graph.set("apps/web/app/forms/e.ts", ["apps/web/app/console/c.ts"]);
    expect(appPartCycles(graph)).toEqual([["console", "forms"]]);
  });

  it("keeps files short, API route adapters shorter", () => {
    const lines = (count: number) => "x\n".repeat(count);
    expect(sizeViolations("packages/db/src/x.ts", lines(400))).toEqual([]);
    expect(sizeViolations("packages/db/src/x.ts", lines(401))).toEqual([
      "packages/db/src/x.ts: 401 lines, over the 400 a source file may have",
    ]);
    expect(sizeViolations("apps/web/app/routes/x.tsx", `${lines(400)}x`)).toHaveLength(1);
    expect(sizeViolations("packages/api/src/signups/routes.ts", lines(200))).toEqual([]);
    expect(sizeViolations("packages/api/src/signups/routes.ts", lines(201))).toEqual([
      "packages/api/src/signups/routes.ts: 201 lines, over the 200 an API route adapter may have",
    ]);
    expect(sizeViolations("packages/api/src/console/catalogue-routes.ts", lines(250))).toHaveLength(1);
    // Only the HTTP layer's adapters: other files named so, and the adapters' helpers, have the common limit.
    expect(sizeViolations("apps/web/app/routes.ts", lines(250))).toEqual([]);
    expect(sizeViolations("packages/api/src/console/catalogue.ts", lines(250))).toEqual([]);
  });

  it("measures neither tests nor generated messages, and lets the allowlisted files run long", () => {
    const long = "x\n".repeat(900);
    expect(sizeViolations("packages/db/src/signups/signups.test.ts", long)).toEqual([]);
    expect(sizeViolations("apps/web/e2e/signup.spec.ts", long)).toEqual([]);
    expect(sizeViolations("apps/web/app/paraglide/messages/it-IT.js", long)).toEqual([]);
    expect(sizeViolations("packages/db/src/schema.ts", long)).toEqual([]);
    expect(sizeViolations("packages/db/src/demo/events-road.ts", long)).toEqual([]);
    expect(sizeViolations("packages/usecases/src/mail/texts.ts", long)).toEqual([]);
    expect(sizeViolations("packages/db/src/demo/seed.ts", long)).toHaveLength(1);
    expect(sizeViolations("packages/db/src/schema-extra.ts", long)).toHaveLength(1);
  });
});

describe("the page wing", () => {
  const wing = (file: string, source: string) => wingViolations(file, source, root);

  it("is entered through its index only, from the server, the benchmarks and the scripts", () => {
    expect(wing("apps/web/server/app.ts", 'import { createPageServing } from "./pages/index.ts";')).toEqual([]);
    expect(wing("apps/web/server/app.ts", 'import { KeptPages } from "./pages/kept-pages.ts";')).toEqual([
      'apps/web/server/app.ts: "./pages/kept-pages.ts" goes into apps/web/server/pages past its entrance, index.ts',
    ]);
    // Written so that this file's own source names no such import.
    const compression = "../apps/web/server/pages/compression.ts";
    expect(wing("bench/web.ts", `import { compressed } from "${compression}";`)).toHaveLength(1);
  });

  it("lets its own rooms import each other", () => {
    expect(wing("apps/web/server/pages/index.ts", 'import { KeptPages } from "./kept-pages.ts";')).toEqual([]);
  });
});
