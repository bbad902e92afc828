import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cacheControlOfFile, isBuiltFile } from "./files.ts";

describe("the built files", () => {
  const root = mkdtempSync(join(tmpdir(), "built-files-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets", "entry-D3adB33f.js"), "export {};");
  writeFileSync(join(tmpdir(), "outside.js"), "");

  it("are the files on disk under the build, found when they appear, and nothing else", () => {
    expect(isBuiltFile("/assets/entry-D3adB33f.js", root)).toBe(true);
    expect(isBuiltFile("/assets/missing.js", root)).toBe(false);
    expect(isBuiltFile("/evento", root)).toBe(false);
    expect(isBuiltFile("/assets", root)).toBe(false);
    expect(isBuiltFile(`/../${"outside.js"}`, root)).toBe(false);
    writeFileSync(join(root, "sw-next.js"), "");
    expect(isBuiltFile("/sw-next.js", root)).toBe(true);
  });

  it("are kept a year when their name carries a hash, the service worker never", () => {
    expect(cacheControlOfFile("/assets/entry-D3adB33f.js")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlOfFile("/favicon.svg")).toBe("public, max-age=3600");
    expect(cacheControlOfFile("/sw.js")).toBe("no-cache");
  });
});
