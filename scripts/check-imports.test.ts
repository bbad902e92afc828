import { describe, expect, it } from "vitest";
import { violations } from "./check-imports.ts";

const root = "/repo";
const check = (file: string, source: string) => violations(file, source, root);

describe("import rules", () => {
  it("lets each layer import the layers below it", () => {
    expect(
      check(
        "packages/api/src/app.ts",
        'import { listEvents } from "@sports/db";\nimport type { Locale } from "@sports/domain";',
      ),
    ).toEqual([]);
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

  it("refuses reaching into a package's internals or out of an area by a relative path", () => {
    expect(check("packages/api/src/x.ts", 'import { events } from "@sports/db/src/schema.ts";')).toEqual([
      'packages/api/src/x.ts: "@sports/db/src/schema.ts" reaches into the internals of @sports/db',
    ]);
    expect(check("packages/api/src/x.ts", 'import { events } from "../../db/src/schema.ts";')).toHaveLength(1);
    expect(check("packages/api/src/x.ts", 'import { events } from "@sports/db/testing";')).toHaveLength(1);
    expect(check("packages/api/src/x.test.ts", 'import { insertEvent } from "@sports/db/testing";')).toEqual([]);
    const admin = 'import { withAdminClient } from "@sports/db/postgres-admin";';
    expect(check("apps/web/server/x.ts", admin)).toHaveLength(1);
    expect(check("apps/web/server/x.test.ts", admin)).toEqual([]);
  });
});
