import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { needsBuild, STAMP, sourcesDigest } from "./build-when-changed.ts";

const INPUTS = ["apps/web/app", "packages", "package-lock.json"];
let root: string;

function write(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function checkout() {
  root = mkdtempSync(join(tmpdir(), "build-when-changed-"));
  write("apps/web/app/root.tsx", "export default 1;");
  write("packages/domain/src/price.ts", "export const vat = 22;");
  write("package-lock.json", "{}");
  return sourcesDigest(root, INPUTS);
}

/** A finished build of the sources as they are, as `npm start` leaves it. */
function built(digest: string) {
  write("apps/web/build/server/index.js", "export {};");
  write(STAMP, `${digest}\n`);
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm start's build", () => {
  it("is skipped on a restart with the sources unchanged, even touched", () => {
    const digest = checkout();
    expect(needsBuild(root, digest)).toBe(true);
    built(digest);
    utimesSync(join(root, "apps/web/app/root.tsx"), new Date(), new Date(Date.now() + 60_000));
    expect(sourcesDigest(root, INPUTS)).toBe(digest);
    expect(needsBuild(root, sourcesDigest(root, INPUTS))).toBe(false);
  });

  it("runs again when a source changes, appears or goes, but not for what builds write", () => {
    const digest = checkout();
    built(digest);
    write("apps/web/app/paraglide/messages.js", "generated");
    write("packages/db/node_modules/x/index.js", "installed");
    expect(needsBuild(root, sourcesDigest(root, INPUTS))).toBe(false);
    write("packages/domain/src/price.ts", "export const vat = 10;");
    expect(needsBuild(root, sourcesDigest(root, INPUTS))).toBe(true);
    write("packages/domain/src/price.ts", "export const vat = 22;");
    write("apps/web/app/new-page.tsx", "export default 2;");
    expect(needsBuild(root, sourcesDigest(root, INPUTS))).toBe(true);
  });

  it("runs again when the last build did not finish", () => {
    const digest = checkout();
    write(STAMP, `${digest}\n`);
    expect(needsBuild(root, digest)).toBe(true);
  });
});
