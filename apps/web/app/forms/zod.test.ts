import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const APP = fileURLToPath(new URL("..", import.meta.url));

function* modules(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && entry.name !== "paraglide") yield* modules(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

describe("zod in the app", () => {
  it("is taken from forms/zod.ts by every module that builds a schema, so none probes eval in the browser", () => {
    const direct = [...modules(APP)]
      .filter((path) => relative(APP, path) !== join("forms", "zod.ts"))
      .filter((path) => /^import\s+(?!type\b)[^;]*from\s+"zod"/m.test(readFileSync(path, "utf8")))
      .map((path) => relative(APP, path));
    expect(direct).toEqual([]);
  });
});
