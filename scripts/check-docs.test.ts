import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isSuperseded, missingPaths, namedPaths } from "./check-docs.ts";

describe("the docs check", () => {
  it("reads the paths a text names, leaving out punctuation, patterns and placeholders", () => {
    const text =
      "See `packages/api/src/app.ts`, docs/decisions/007 and (apps/web/server/). Not packages/x/{a,b}.ts, " +
      "bench/*.ts, apps/web/app/forms/console-*.ts, docs/decisions/NNN-title.md or apps/web/app/routes/<name>.tsx.";
    expect(namedPaths(text).sort()).toEqual(["apps/web/server", "docs/decisions/007", "packages/api/src/app.ts"]);
  });

  it("fails on a path that is gone, skips a superseded decision, and takes a decision by its number", () => {
    const root = mkdtempSync(join(tmpdir(), "check-docs-"));
    mkdirSync(join(root, "docs/decisions"), { recursive: true });
    mkdirSync(join(root, "scripts"));
    writeFileSync(join(root, "scripts/here.ts"), "");
    writeFileSync(join(root, "README.md"), "Run scripts/here.ts, see docs/decisions/001.");
    writeFileSync(join(root, "docs/decisions/001-old.md"), "# 001\n\nSuperseded by 002.\n\nIn packages/gone.ts.");
    writeFileSync(join(root, "docs/decisions/002-new.md"), "# 002\n\nThe code is in packages/moved.ts.");
    expect(isSuperseded("# 001\n\nSuperseded in part by 002.")).toBe(true);
    expect(missingPaths(root)).toEqual([{ doc: join("docs", "decisions", "002-new.md"), path: "packages/moved.ts" }]);
  });
});
