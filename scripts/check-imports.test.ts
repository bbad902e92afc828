import { describe, expect, it } from "vitest";
import { cyclesOf, violations } from "./check-imports.ts";

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
});
