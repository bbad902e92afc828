import type { IncomingMessage } from "node:http";
import { serveStatic } from "@hono/node-server/serve-static";
import { createApi, type LivePayments, loggablePath, type Mailer } from "@sports/api";

import { type DatabaseHandle, onCatalogueChange } from "@sports/db";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { NONCE, type SecureHeadersVariables, secureHeaders } from "hono/secure-headers";
import type { Config } from "./env.ts";
import type { Logger } from "./logger.ts";
import { outboxPages } from "./outbox.ts";
import { createPageCache, type Render } from "./page-cache.ts";
import { clientDir, createSiteHandler, SITE_CLIENT_HEADER } from "./site.ts";

/** The built site's files: hashed scripts and styles under /assets, and the images. */
export const publicDir = clientDir;

/** Files whose name carries a content hash never change, so browsers may keep them for a year. */
const HASHED_FILE = /[.-][A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2|svg|png|jpe?g|webp|avif)$/;

export interface ServerAppOptions {
  /** Without PAGE_CACHE_SECONDS, or with 0, every page is rendered for its visitor. */
  config: Pick<Config, "DEFAULT_LOCALE"> & Partial<Pick<Config, "PAGE_CACHE_SECONDS" | "ORGANISER_EMAILS">>;
  database: DatabaseHandle;
  logger: Logger;
  /** Where account mails go (server.ts picks SMTP or the outbox from the configuration). */
  mailer: Mailer;
  /** The outbox's folder when mails go there: its pages are served at /outbox. */
  outboxDir?: string;
  /** The payment providers taking payments; the demonstration ones when absent. */
  payments?: LivePayments;
  /** True once shutdown has begun: readiness turns false so a proxy stops sending traffic. */
  isDraining?: () => boolean;
  mode?: "production" | "development" | "test";
}

/**
 * The visitor's address: the socket's peer for a request from the network; for the site's own
 * in-process calls to the API (no socket), what the site read from the socket it answered.
 */
function clientAddress(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming ? incoming.socket.remoteAddress : c.req.header(SITE_CLIENT_HEADER);
}

/** The one process's HTTP surface: health, the API under /api, static files and the pages. */
export async function createServerApp(options: ServerAppOptions) {
  const { database, logger } = options;
  const app = new Hono<{ Variables: RequestIdVariables & SecureHeadersVariables }>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const level = c.res.status >= 500 ? "error" : "info";
    logger[level](
      {
        reqId: c.var.requestId,
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  });
  app.use(compress());
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        styleSrc: ["'self'", NONCE],
        imgSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        // A form's redirect is held to this too: paying by card without JavaScript posts the recap,
        // which redirects to Stripe's hosted Checkout.
        formAction: ["'self'", "https://checkout.stripe.com"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.get("/healthz", (c) => c.json({ status: "up" }));
  app.get("/readyz", async (c) => {
    if (options.isDraining?.()) return c.json({ status: "draining" }, 503);
    try {
      await database.ping();
      return c.json({ status: "ready", database: database.kind });
    } catch (error) {
      logger.warn({ err: error }, "database not reachable");
      return c.json({ status: "unavailable", database: database.kind }, 503);
    }
  });

  const api = createApi({
    db: database.db,
    logger,
    mailer: options.mailer,
    clientAddress,
    organiserEmails: options.config.ORGANISER_EMAILS ?? [],
    ...(options.payments ? { payments: options.payments } : {}),
  });
  app.route("/api", api);

  if (options.outboxDir) app.route("/outbox", outboxPages(options.outboxDir));

  const staticFile = serveStatic({ root: publicDir });
  app.use("*", (c, next) => {
    // Set before the file is read, since serveStatic builds its response at once; unset if no file matched.
    c.header(
      "Cache-Control",
      HASHED_FILE.test(c.req.path) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    );
    return staticFile(c, async () => {
      c.header("Cache-Control", undefined);
      await next();
    });
  });

  const site = await createSiteHandler({
    api,
    defaultLocale: options.config.DEFAULT_LOCALE,
    apiBaseUrl: "/",
    mode: options.mode ?? "production",
  });
  const cacheSeconds = options.config.PAGE_CACHE_SECONDS ?? 0;
  const pages = cacheSeconds > 0 ? createPageCache({ ttlMs: cacheSeconds * 1000 }) : undefined;
  if (pages) onCatalogueChange(database.db, pages.clear);
  app.all("*", (c) => {
    const nonce = c.get("secureHeadersNonce") ?? "";
    const render: Render = (request, answerNonce) => site(request, answerNonce, clientAddress(c));
    return pages ? pages.answer(c.req.raw, nonce, render) : render(c.req.raw, nonce);
  });

  app.notFound((c) => c.text("Not found", 404));
  app.onError((error, c) => {
    logger.error({ err: error, reqId: c.var.requestId }, "unexpected error");
    return c.text("Internal server error", 500);
  });

  return app;
}
