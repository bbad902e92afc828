import type { IncomingMessage } from "node:http";
import type { BlockList } from "node:net";
import { createApi, loggablePath } from "@sports/api";
import { type DatabaseHandle, ORGANISER, onAccountChange, onCatalogueChange } from "@sports/db";
import { CONSOLE_PATTERNS } from "@sports/jsonapi";
import type { LivePayments, ThrottleStore } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { asSentByVisitor, isFromThisMachine, trustedProxies, visitorAddress } from "./client-address.ts";
import { type Config, DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL, tileImageSource } from "./env.ts";
import { coverFiles, isBuiltFile, servedFiles } from "./files.ts";
import type { Logger } from "./logger.ts";
import type { ServerMetrics } from "./metrics.ts";
import { outboxPages } from "./outbox.ts";
import {
  carriesCredentials,
  createPageServing,
  PRIVATE_CACHE_CONTROL,
  SITE_CLIENT_HEADER,
  securityHeaders,
  setAll,
  withoutSiteHeaders,
} from "./pages/index.ts";

/** The status of an answer nobody read, the visitor having gone first (nginx's, in its logs). */
export const CLIENT_CLOSED_REQUEST = 499;

/** The console's check-in desk, in any language: the one page the camera is granted to. */
const CHECK_IN_PATH = new RegExp(`^(?:/[a-z]{2}-[A-Z]{2})?/${CONSOLE_PATTERNS.checkIn}/?$`);

/** What the server answers besides the pages: the API, health, metrics, the outbox and uploaded covers. */
const ELSEWHERE = /^\/(?:api|healthz|readyz|metrics|outbox|media)(?:\/|$)/;

/** A request's own values: its id, and the nonce of an answer that carries inline styles (the outbox's). */
export type ServerVariables = RequestIdVariables & { nonce?: string };

export interface ServerAppOptions {
  /** Without PAGE_CACHE_SECONDS, or with 0, every page is rendered for its visitor. */
  config: Pick<Config, "DEFAULT_LOCALE"> &
    Partial<
      Pick<
        Config,
        | "NODE_ENV"
        | "PAGE_CACHE_SECONDS"
        | "ORGANISER_EMAILS"
        | "TRUST_PROXY"
        | "MAP_TILE_URL"
        | "MAP_ATTRIBUTION"
        | "TEST_THROTTLE_FACTOR"
      >
    >;
  /**
   * The site's public address (`siteOrigin` in env.ts: PUBLIC_URL, else where it listens): every
   * absolute URL the server writes (mails, payment returns, canonical and alternate links, the
   * sitemap) starts with it, whatever `Host` a request names.
   */
  siteUrl: () => string;
  database: DatabaseHandle;
  logger: Logger;
  /** Called after a change wrote a mail into the outbox table: server.ts delivers it then. */
  onMailQueued?: () => void;
  /** Request metrics and the `/metrics` page (see metrics.ts); none when absent. */
  metrics?: ServerMetrics;
  /** When set, `/metrics` answers only `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Where throttling counters live (Redis with REDIS_URL); the database when absent. */
  throttleStore?: ThrottleStore;
  /**
   * The outbox's folder when mails go there (never in production): its pages are served at /outbox,
   * to requests from this machine only.
   */
  outboxDir?: string;
  /** The payment providers taking payments; the demonstration ones when absent. */
  payments?: LivePayments;
  /** True once shutdown has begun: readiness turns false so a proxy stops sending traffic. */
  isDraining?: () => boolean;
  mode?: "production" | "development" | "test";
}

/**
 * The visitor's address: for a request from the network, the socket's peer, or when that is a
 * proxy TRUST_PROXY names, the address it forwarded (`visitorAddress`); for the site's own
 * in-process calls to the API (no socket), what the site read from the request it answered.
 */
function clientAddressOf(proxies: BlockList | undefined) {
  return (c: Context): string | undefined => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming) return c.req.header(SITE_CLIENT_HEADER);
    const peer = incoming.socket.remoteAddress;
    return peer && visitorAddress(peer, c.req.header("x-forwarded-for"), proxies);
  };
}

/** The one process's HTTP surface: health, the API under /api, the built files and the pages. */
export async function createServerApp(options: ServerAppOptions) {
  const { database, logger, config } = options;
  if (options.outboxDir && config.NODE_ENV === "production") {
    throw new Error("The outbox pages show every mail's links: they never run with NODE_ENV=production.");
  }
  const mapTiles = {
    url: config.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL,
    attribution: config.MAP_ATTRIBUTION ?? DEFAULT_MAP_ATTRIBUTION,
  };
  const security = securityHeaders({ tileSource: tileImageSource(mapTiles.url), cameraPath: CHECK_IN_PATH });
  const proxies = trustedProxies(config.TRUST_PROXY ?? []);
  const clientAddress = clientAddressOf(proxies);
  const app = new Hono<{ Variables: ServerVariables }>();
  seenAsTheVisitorSentIt(app, proxies);
  everyRequest(app, options);

  const api = createApi({
    db: database.db,
    siteUrl: options.siteUrl,
    logger,
    ...(options.onMailQueued ? { onMailQueued: options.onMailQueued } : {}),
    ...(options.throttleStore ? { throttleStore: options.throttleStore } : {}),
    throttleFactor: config.TEST_THROTTLE_FACTOR ?? 1,
    clientAddress,
    organiserEmails: config.ORGANISER_EMAILS ?? [],
    ...(options.payments ? { payments: options.payments } : {}),
  });
  const cacheSeconds = config.PAGE_CACHE_SECONDS ?? 0;
  const pages = await createPageServing({
    site: {
      api,
      siteUrl: options.siteUrl,
      defaultLocale: config.DEFAULT_LOCALE,
      apiBaseUrl: "/",
      organiser: ORGANISER,
      mapTiles,
      mode: options.mode ?? "production",
      // Outside production, every document the API hands the site is checked to be plain JSON (handover.ts).
      checkHandovers: (config.NODE_ENV ?? process.env.NODE_ENV) !== "production",
    },
    cacheSeconds,
    securityHeaders: security,
    servedElsewhere: (path) => ELSEWHERE.test(path) || isBuiltFile(path),
    clientAddress,
  });
  if (cacheSeconds > 0) {
    onCatalogueChange(database.db, pages.catalogueChanged);
    onAccountChange(database.db, pages.accountChanged);
  }
  // Every page is answered by the page wing, whole: the middleware below is for everything else.
  app.use(pages.entrance);
  app.use(compress());
  app.use(async (c, next) => {
    await next();
    setAll(c.res.headers, security(c.get("nonce"), c.req.path));
  });

  operations(app, options);
  // An API answer that says nothing of caching is read fresh every time (places left change by the second).
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control"))
      c.res.headers.set("Cache-Control", carriesCredentials(c.req.raw) ? PRIVATE_CACHE_CONTROL : "no-cache");
  });
  app.route("/api", api);
  if (options.outboxDir) outbox(app, options.outboxDir, proxies);
  coverFiles(app, database);
  app.use(servedFiles());

  app.notFound((c) => c.text("Not found", 404));
  app.onError((error, c) => {
    logger.error({ err: error, reqId: c.var.requestId }, "unexpected error");
    return c.text("Internal server error", 500);
  });
  return app;
}

type ServerApp = Hono<{ Variables: ServerVariables }>;

/**
 * Behind a proxy that terminated TLS, every handler sees the https URL the visitor used; the headers
 * by which the site speaks to the API in process are never taken from the network.
 */
function seenAsTheVisitorSentIt(app: ServerApp, proxies: BlockList | undefined): void {
  const dispatch = app.fetch;
  app.fetch = (request, env, executionContext) => {
    const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const sent = incoming ? withoutSiteHeaders(request) : request;
    return dispatch(asSentByVisitor(sent, incoming?.socket.remoteAddress, proxies), env, executionContext);
  };
}

/** What every request gets, a page or not: its id, its metrics and log line, and 499 when its visitor left. */
function everyRequest(app: ServerApp, options: ServerAppOptions): void {
  app.use(requestId());
  if (options.metrics) app.use(options.metrics.middleware);
  const { logger } = options;
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const aborted = c.req.raw.signal.aborted;
    const level = c.res.status >= 500 ? "error" : "info";
    logger[level](
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: loggablePath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(aborted ? { aborted } : {}),
      },
      aborted ? "request aborted" : "request",
    );
  });
  // A visitor who went away before the answer (an upload cut short) reads none: whatever the
  // handlers made of what came, it is logged and counted as 499, "client closed request" as nginx
  // says it, never as the server's error.
  app.use(async (c, next) => {
    await next();
    if (c.req.raw.signal.aborted) c.res = new Response(null, { status: CLIENT_CLOSED_REQUEST });
  });
}

/** Health, readiness and metrics, for whoever runs the site. */
function operations(app: ServerApp, options: ServerAppOptions): void {
  app.get("/healthz", (c) => c.json({ status: "up" }));
  app.get("/readyz", async (c) => {
    if (options.isDraining?.()) return c.json({ status: "draining" }, 503);
    try {
      await options.database.ping();
      return c.json({ status: "ready", database: options.database.kind });
    } catch (error) {
      options.logger.warn({ err: error }, "database not reachable");
      return c.json({ status: "unavailable", database: options.database.kind }, 503);
    }
  });
  const { metrics, metricsToken } = options;
  if (!metrics) return;
  app.get("/metrics", async (c) => {
    if (metricsToken && c.req.header("authorization") !== `Bearer ${metricsToken}`) {
      return c.text("Unauthorized", 401, { "WWW-Authenticate": "Bearer" });
    }
    const { contentType, body } = await metrics.render();
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
}

/** The outbox's pages: a mail's links log into its recipient's account, so only this machine reads them. */
function outbox(app: ServerApp, outboxDir: string, proxies: BlockList | undefined): void {
  app.use("/outbox/*", async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!isFromThisMachine(incoming?.socket.remoteAddress, c.req.raw.headers, proxies)) return c.notFound();
    return next();
  });
  app.route("/outbox", outboxPages(outboxDir));
}
