/**
 * The built site's files (hashed scripts and styles under /assets, the images, the service worker)
 * and the uploaded covers: what the server answers from disk or the database, not as a page.
 */
import { statSync } from "node:fs";
import { resolve, sep } from "node:path";
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

/** Every file the site serves has an extension; pages never do (React Router's `.data` are looked for and not found). */
const NAMES_A_FILE = /\.[A-Za-z0-9]+$/;

/** Whether `path` names a file of the built site on disk (`/assets/x.js`, `/sw.js`), never one outside it. */
export function isBuiltFile(path: string, root = clientDir): boolean {
  if (!NAMES_A_FILE.test(path)) return false;
  const file = resolve(root, `.${path}`);
  return file.startsWith(`${resolve(root)}${sep}`) && statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/** Answers a built file, with how long browsers may keep it; anything else goes on. */
export function servedFiles(root = clientDir): MiddlewareHandler {
  const staticFile = serveStatic({ root });
  return async (c, next) => {
    if (!NAMES_A_FILE.test(c.req.path)) return next();
    // Set before the file is read, since serveStatic builds its response at once; unset if no file matched.
    c.header("Cache-Control", cacheControlOfFile(c.req.path));
    return staticFile(c, async () => {
      c.header("Cache-Control", undefined);
      await next();
    });
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
