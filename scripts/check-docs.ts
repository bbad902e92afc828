import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The docs name files that exist: every path of the repository named in the README, in docs/ and
 * in a decision still in force must be there. A decision is never rewritten to follow the code
 * (docs/decisions/README.md): one whose files moved is superseded by a new one, which says so at
 * the old one's top, and from then on the old one is history and not checked. `npm test` runs this.
 */

/** Where a path of the repository starts: the folders at its top that hold code, docs and tools. */
const TOP = ["apps", "packages", "docs", "scripts", "bench", "deploy", ".ci"];
const PATH = new RegExp(
  `(?<![\\w./-])(?:${TOP.map((top) => top.replace(".", "\\.")).join("|")})/[\\w.+@/-]*[\\w/]`,
  "g",
);

/** The paths a text names, as written (trailing punctuation left out); patterns and placeholders are no paths. */
export function namedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PATH)) {
    const end = (match.index ?? 0) + match[0].length;
    // `{a,b}`, `*`, `<name>`, `NNN` or `…` in or right after it: a pattern or a placeholder, not a file.
    if (/^[\w.-]*[{*<…]/.test(text.slice(end)) || /NNN|\.\.\./.test(match[0])) continue;
    found.add(match[0].replace(/\/$/, ""));
  }
  return [...found];
}

/** A decision that says at its top that another one replaces it, whole or in part. */
export function isSuperseded(text: string): boolean {
  return /^superseded\b/im.test(text.split("\n").slice(0, 6).join("\n"));
}

/** The docs to check, relative to the root: the README, docs/ (decisions in force only). */
export function checkedDocs(root: string): string[] {
  const docs = ["README.md", "bench/README.md"];
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) docs.push(path);
    }
  };
  walk("docs");
  return docs.filter((doc) => existsSync(join(root, doc)) && !isSuperseded(readFileSync(join(root, doc), "utf8")));
}

/** Whether `path` names something in the repository; `docs/decisions/007` names decision 007 by its number. */
function exists(root: string, path: string): boolean {
  if (existsSync(join(root, path))) return true;
  const decision = /^docs\/decisions\/(\d{3})$/.exec(path)?.[1];
  return (
    decision !== undefined && readdirSync(join(root, "docs/decisions")).some((name) => name.startsWith(`${decision}-`))
  );
}

/** Each doc's paths that name nothing in the repository. */
export function missingPaths(root: string): { doc: string; path: string }[] {
  const missing: { doc: string; path: string }[] = [];
  for (const doc of checkedDocs(root)) {
    for (const path of namedPaths(readFileSync(join(root, doc), "utf8"))) {
      if (!exists(root, path)) missing.push({ doc, path });
    }
  }
  return missing;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), "../..");
  const missing = missingPaths(root);
  for (const { doc, path } of missing)
    console.error(`${relative(root, join(root, doc))}: names ${path}, which does not exist`);
  if (missing.length > 0) {
    console.error(
      "A doc names a file that is not there: fix the README or docs/, or supersede the decision with a new one (docs/decisions/README.md).",
    );
    process.exit(1);
  }
  console.log("Every path the README, docs/ and the decisions in force name exists.");
}
