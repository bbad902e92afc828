/**
 * The built site's files (hashed scripts and styles under /assets, the images, the service worker)
 * and the uploaded covers: what the server answers from disk or the database, not as a page.
 */
import { readdirSync } from "node:fs";
import { relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type DatabaseHandle, findCoverFile } from "@sports/db";
import type { Env, Hono, MiddlewareHandler } from "hono";
import { clientDir } from "./pages/index.ts";

/** Files whose name carries a content hash never change, so browsers may keep them for a year. */
const HASHED_FILE = /[.-][A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2|svg|png|jpe?g|webp|avif)$/;
/** The service worker: a browser asks for it again on every navigation, and must never get yesterday's. */
const SERVICE_WORKER = "/sw.js";

/** How long browsers keep one of the site's files (docs/decisions/031-offline.md for the service worker). */
export function cacheControlOfFile(path: string): string {
  if (path === SERVICE_WORKER) return "no-cache";
  return HASHED_FILE.test(path) ? "public, max-age=31536000, immutable" : "public, max-age=3600";
}

/** The paths of the files a build holds (`/assets/x.js`), read once: a build never changes while it is served. */
export function builtFiles(root = clientDir): Set<string> {
  const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Set(files.map((entry) => `/${relative(root, `${entry.parentPath}/${entry.name}`).replaceAll("\\", "/")}`));
}

/** Answers the built files among `files`, each with how long browsers may keep it. */
export function servedFiles(files: Set<string>, root = clientDir): MiddlewareHandler {
  const staticFile = serveStatic({ root });
  return async (c, next) => {
    if (!files.has(c.req.path)) return next();
    c.header("Cache-Control", cacheControlOfFile(c.req.path));
    return staticFile(c, next);
  };
}

/** Uploaded cover images, each size a file that never changes: a new upload has a new id (packages/domain/src/cover.ts). */
export function coverFiles<E extends Env>(app: Hono<E>, database: DatabaseHandle): void {
  app.get("/media/covers/:file", async (c) => {
    const file = await findCoverFile(database.db, c.req.param("file"));
    if (!file) return c.text("Not found", 404, { "Cache-Control": "no-cache" });
    return c.body(new Uint8Array(file.content), 200, {
      "Content-Type": file.mediaType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  });
}
