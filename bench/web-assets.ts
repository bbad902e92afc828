/**
 * The JavaScript a page of the site loads first, for `npm run bench:web`: the module scripts its HTML
 * names (`<script type="module" src>`, the imports of inline module scripts, `<link rel="modulepreload">`)
 * and their static imports, fetched from the running server and gzipped. See bench/README.md.
 */
import http from "node:http";
import { constants, gzipSync } from "node:zlib";

/** zlib's highest level: about what a build step's precompression would give. */
export const GZIP_LEVEL = constants.Z_BEST_COMPRESSION;

export interface ScriptFile {
  /** The path on the site, e.g. /assets/entry.client-BQZzIKqk.js. */
  path: string;
  bytes: number;
  gzipBytes: number;
  /** On the wire when the browser asks for gzip or brotli: what the server's compression gives. */
  servedBytes: number;
  servedEncoding: string;
  /** How the page reaches it: named by the HTML, or only imported by another of its modules. */
  via: "html" | "import";
}

export interface PageScripts {
  page: string;
  path: string;
  files: ScriptFile[];
  bytes: number;
  gzipBytes: number;
  servedBytes: number;
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** Module URLs in a piece of JavaScript: `import … from "x"`, `import "x"`, `export … from "x"`, `import("x")`. */
function importsIn(code: string, { dynamic }: { dynamic: boolean }): string[] {
  const found = [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g)].map(
    (m) => m[1] as string,
  );
  if (dynamic) found.push(...[...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] as string));
  return found;
}

/** The script URLs an HTML page names: module scripts, inline module imports and module preloads. */
export function scriptUrlsOf(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = match[1] as string;
    if (attribute(tag, "type")?.toLowerCase() !== "module") continue;
    const src = attribute(tag, "src");
    if (src) urls.push(src);
    // The inline module React Router writes: `import * as route0 from "…"` and `import("…entry.client…")`.
    else urls.push(...importsIn(match[2] as string, { dynamic: true }));
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (rel.includes("modulepreload") && href) urls.push(href);
  }
  return [...new Set(urls)];
}

interface Fetched {
  status: number;
  body: Buffer;
  encoding: string;
}

function get(url: string, headers: Record<string, string>): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: String(response.headers["content-encoding"] ?? "identity"),
          }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Fetches every file a page loads first (the HTML's scripts, then their static imports) and sizes it. */
export async function pageScripts(base: string, page: string, path: string, html: string): Promise<PageScripts> {
  const files: ScriptFile[] = [];
  const seen = new Set<string>();
  const queue: { url: URL; via: ScriptFile["via"] }[] = [];
  const enqueue = (href: string, from: URL, via: ScriptFile["via"]) => {
    const url = new URL(href, from);
    if (url.origin !== base || seen.has(url.pathname)) return;
    seen.add(url.pathname);
    queue.push({ url, via });
  };
  const pageUrl = new URL(path, base);
  for (const href of scriptUrlsOf(html)) enqueue(href, pageUrl, "html");
  if (queue.length === 0) throw new Error(`${path}: no module scripts found in the HTML`);

  for (let item = queue.shift(); item; item = queue.shift()) {
    const plain = await get(item.url.href, {});
    if (plain.status !== 200) throw new Error(`${item.url.pathname} (loaded by ${path}) answered ${plain.status}`);
    const served = await get(item.url.href, { "accept-encoding": "gzip, deflate, br" });
    files.push({
      path: item.url.pathname,
      bytes: plain.body.length,
      gzipBytes: gzipSync(plain.body, { level: GZIP_LEVEL }).length,
      servedBytes: served.body.length,
      servedEncoding: served.encoding,
      via: item.via,
    });
    // Static imports load before the module runs; dynamic ones (`import()`) only when called.
    for (const href of importsIn(plain.body.toString("utf8"), { dynamic: false })) enqueue(href, item.url, "import");
  }
  const sum = (f: (file: ScriptFile) => number) => files.reduce((total, file) => total + f(file), 0);
  return {
    page,
    path,
    files,
    bytes: sum((f) => f.bytes),
    gzipBytes: sum((f) => f.gzipBytes),
    servedBytes: sum((f) => f.servedBytes),
  };
}
