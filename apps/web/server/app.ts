import type { IncomingMessage, ServerResponse } from "node:http";
import type { BlockList } from "node:net";
import { serveStatic } from "@hono/node-server/serve-static";
import { createApi, loggablePath } from "@sports/api";
import { type DatabaseHandle, findCoverFile, ORGANISER, onAccountChange, onCatalogueChange } from "@sports/db";
import { CONSOLE_PATTERNS } from "@sports/jsonapi";
import type { LivePayments, ThrottleStore } from "@sports/usecases";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { type SecureHeadersVariables, secureHeaders } from "hono/secure-headers";
import { carriesCredentials, PRIVATE_CACHE_CONTROL, withCachePolicy } from "./cache-policy.ts";
import { asSentByVisitor, isFromThisMachine, trustedProxies, visitorAddress } from "./client-address.ts";
import { type Config, DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL, tileImageSource } from "./env.ts";
import type { Logger } from "./logger.ts";
import type { ServerMetrics } from "./metrics.ts";
import { outboxPages } from "./outbox.ts";
import { createPageCache, type PageCache, type Render } from "./page-cache.ts";
import { clientDir, createSiteHandler, freshNonce, SITE_CLIENT_HEADER, withoutSiteHeaders } from "./site.ts";
import { rememberedVisitors } from "./visitors.ts";

/** The built site's files: hashed scripts and styles under /assets, and the images. */
export const publicDir = clientDir;

/** Files whose name carries a content hash never change, so browsers may keep them for a year. */
const HASHED_FILE = /[.-][A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2|svg|png|jpe?g|webp|avif)$/;
/** Every file the site serves has an extension; pages never do (React Router's `.data` are looked for and not found). */
const NAMES_A_FILE = /\.[A-Za-z0-9]+$/;
/** The service worker: a browser asks for it again on every navigation, and must never get yesterday's. */
const SERVICE_WORKER = "/sw.js";

/** How long browsers keep one of the site's files (docs/decisions/031-offline.md for the service worker). */
export function cacheControlOfFile(path: string): string {
  if (path === SERVICE_WORKER) return "no-cache";
  return HASHED_FILE.test(path) ? "public, max-age=31536000, immutable" : "public, max-age=3600";
}

/** The status of an answer nobody read, the visitor having gone first (nginx's, in its logs). */
export const CLIENT_CLOSED_REQUEST = 499;

/** The console's check-in desk, in any language: the one page the camera is granted to. */
const CHECK_IN_PATH = new RegExp(`^(?:/[a-z]{2}-[A-Z]{2})?/${CONSOLE_PATTERNS.checkIn}/?$`);

export interface ServerAppOptions {
  /** Without PAGE_CACHE_SECONDS, or with 0, every page is rendered for its visitor. */
  config: Pick<Config, "DEFAULT_LOCALE"> &
    Partial<
      Pick<
        Config,
        "NODE_ENV" | "PAGE_CACHE_SECONDS" | "ORGANISER_EMAILS" | "TRUST_PROXY" | "MAP_TILE_URL" | "MAP_ATTRIBUTION"
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

/** This answer's CSP nonce source, as Hono's `NONCE` does it but drawn with `freshNonce`; the page reads the same. */
function NONCE(c: Context): string {
  let nonce: string | undefined = c.get("secureHeadersNonce");
  if (!nonce) {
    nonce = freshNonce();
    c.set("secureHeadersNonce", nonce);
  }
  return `'nonce-${nonce}'`;
}

/** The one process's HTTP surface: health, the API under /api, static files and the pages. */
export async function createServerApp(options: ServerAppOptions) {
  const { database, logger } = options;
  if (options.outboxDir && options.config.NODE_ENV === "production") {
    throw new Error("The outbox pages show every mail's links: they never run with NODE_ENV=production.");
  }
  const mapTiles = {
    url: options.config.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL,
    attribution: options.config.MAP_ATTRIBUTION ?? DEFAULT_MAP_ATTRIBUTION,
  };
  const tileSource = tileImageSource(mapTiles.url);
  const proxies = trustedProxies(options.config.TRUST_PROXY ?? []);
  const clientAddress = clientAddressOf(proxies);
  const app = new Hono<{ Variables: RequestIdVariables & SecureHeadersVariables }>();
  // Behind a proxy that terminated TLS, every handler sees the https URL the visitor used; the
  // headers by which the site speaks to the API in process are never taken from the network.
  const dispatch = app.fetch;
  app.fetch = (request, env, executionContext) => {
    const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const sent = incoming ? withoutSiteHeaders(request) : request;
    return dispatch(asSentByVisitor(sent, incoming?.socket.remoteAddress, proxies), env, executionContext);
  };

  app.use(requestId());
  if (options.metrics) app.use(options.metrics.middleware);
  // A request's line holds no credential (its path is made loggable), so it skips the logger's
  // redaction: the line took about 2 µs with it and 0.8 µs without (a kept page's answer, 55 µs).
  const requestLog = logger.child({}, { redact: { paths: [] } });
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const aborted = c.req.raw.signal.aborted;
    const level = c.res.status >= 500 ? "error" : "info";
    requestLog[level](
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
  // A page kept and fresh is answered here, whole, past the middleware below: its answer has the
  // headers they put around the page, learnt from one that went through them (decision 039).
  // (The cache is made below, with the site it keeps pages of.)
  let pages: PageCache | undefined;
  const onceWritten = (c: Context, answer: Response) => {
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const cache = pages;
    if (cache && outgoing) outgoing.once("finish", () => cache.written(answer));
  };
  app.use(async (c, next) => {
    if (!pages) return next();
    const kept = await pages.keptAnswer(c.req.raw, freshNonce, c.get("requestId"));
    if (kept) {
      onceWritten(c, kept);
      return kept;
    }
    await next();
    pages.learn(c.res, c.get("secureHeadersNonce") ?? "");
  });
  app.use(compress());
  // The check-in desk alone may use the camera, for the tickets' QR codes (the console's check-in
  // screen, under every language prefix); the rest of the site keeps it denied below.
  app.use(async (c, next) => {
    await next();
    if (!CHECK_IN_PATH.test(c.req.path)) return;
    const policy = c.res.headers.get("Permissions-Policy");
    if (policy) c.res.headers.set("Permissions-Policy", policy.replace("camera=()", "camera=(self)"));
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        styleSrc: ["'self'", NONCE],
        // Course maps' tiles come from their configured source (MAP_TILE_URL), and only as images.
        imgSrc: ["'self'", "data:", ...(tileSource ? [tileSource] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        // A form's redirect is held to this too: paying by card without JavaScript posts the recap,
        // which redirects to Stripe's hosted Checkout.
        formAction: ["'self'", "https://checkout.stripe.com"],
      },
      referrerPolicy: "strict-origin-when-cross-origin",
      crossOriginEmbedderPolicy: false,
      // Powerful features the site does not use are denied, so an injected script or a framed page
      // cannot ask for them. The camera is granted to `self` on the check-in desk only (above);
      // geolocation (a map) is to come: it will be granted then, not before. Clipboard writes stay allowed
      // (copying bank transfer details), and card payments happen on Stripe's own page.
      permissionsPolicy: {
        camera: false,
        microphone: false,
        geolocation: false,
        payment: false,
        usb: false,
        serial: false,
        hid: false,
        bluetooth: false,
        midi: false,
        accelerometer: false,
        gyroscope: false,
        magnetometer: false,
        displayCapture: false,
        screenWakeLock: false,
        idleDetection: false,
        xrSpatialTracking: false,
        browsingTopics: false,
      },
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

  const { metrics } = options;
  if (metrics) {
    app.get("/metrics", async (c) => {
      if (options.metricsToken && c.req.header("authorization") !== `Bearer ${options.metricsToken}`) {
        return c.text("Unauthorized", 401, { "WWW-Authenticate": "Bearer" });
      }
      const { contentType, body } = await metrics.render();
      return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
    });
  }

  const api = createApi({
    db: database.db,
    siteUrl: options.siteUrl,
    logger,
    ...(options.onMailQueued ? { onMailQueued: options.onMailQueued } : {}),
    ...(options.throttleStore ? { throttleStore: options.throttleStore } : {}),
    clientAddress,
    organiserEmails: options.config.ORGANISER_EMAILS ?? [],
    ...(options.payments ? { payments: options.payments } : {}),
  });
  // An API answer that says nothing of caching is read fresh every time (places left change by the second).
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control"))
      c.res.headers.set("Cache-Control", carriesCredentials(c.req.raw) ? PRIVATE_CACHE_CONTROL : "no-cache");
  });
  app.route("/api", api);

  if (options.outboxDir) {
    // A mail's links log into its recipient's account: only whoever runs the site, on its machine, reads them.
    app.use("/outbox/*", async (c, next) => {
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      if (!isFromThisMachine(incoming?.socket.remoteAddress, c.req.raw.headers, proxies)) return c.notFound();
      return next();
    });
    app.route("/outbox", outboxPages(options.outboxDir));
  }

  // Uploaded cover images, each size a file that never changes: a new upload has a new id (packages/domain/src/cover.ts).
  app.get("/media/covers/:file", async (c) => {
    const file = await findCoverFile(database.db, c.req.param("file"));
    if (!file) return c.text("Not found", 404, { "Cache-Control": "no-cache" });
    return c.body(new Uint8Array(file.content), 200, {
      "Content-Type": file.mediaType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  });

  const staticFile = serveStatic({ root: publicDir });
  app.use("*", (c, next) => {
    // Only a path that names a file (`/assets/x.js`, `/favicon.svg`) is looked for on disk.
    if (!NAMES_A_FILE.test(c.req.path)) return next();
    // Set before the file is read, since serveStatic builds its response at once; unset if no file matched.
    c.header("Cache-Control", cacheControlOfFile(c.req.path));
    return staticFile(c, async () => {
      c.header("Cache-Control", undefined);
      await next();
    });
  });

  const site = await createSiteHandler({
    api,
    siteUrl: options.siteUrl,
    defaultLocale: options.config.DEFAULT_LOCALE,
    apiBaseUrl: "/",
    organiser: ORGANISER,
    mapTiles,
    mode: options.mode ?? "production",
    // Outside production, every document the API hands the site is checked to be plain JSON (handover.ts).
    checkHandovers: (options.config.NODE_ENV ?? process.env.NODE_ENV) !== "production",
  });
  const cacheSeconds = options.config.PAGE_CACHE_SECONDS ?? 0;
  // Logged-in visitors get the pages kept for everyone too, their frame filled in (decision 033);
  // who a session is, is remembered until the database says their account changed (visitors.ts).
  const visitors = rememberedVisitors(site.visitorOf);
  pages =
    cacheSeconds > 0
      ? createPageCache({
          ttlMs: cacheSeconds * 1000,
          frame: {
            sameForEveryVisitor: site.sameForEveryVisitor,
            visitorOf: visitors.visitorOf,
            parts: site.frameParts,
          },
        })
      : undefined;
  const cache = pages;
  if (cache) {
    onCatalogueChange(database.db, cache.clear);
    onAccountChange(database.db, visitors.forget);
  }
  app.all("*", async (c) => {
    const nonce = c.get("secureHeadersNonce") ?? "";
    const render: Render = async (request, answerNonce) =>
      withCachePolicy(request, await site(request, answerNonce, clientAddress(c)), cacheSeconds);
    const page = await (cache ? cache.answer(c.req.raw, nonce, render) : render(c.req.raw, nonce));
    // A handler's own Response does not get the headers set before it (the request id's).
    page.headers.set("X-Request-Id", c.get("requestId"));
    onceWritten(c, page);
    return page;
  });

  app.notFound((c) => c.text("Not found", 404));
  app.onError((error, c) => {
    logger.error({ err: error, reqId: c.var.requestId }, "unexpected error");
    return c.text("Internal server error", 500);
  });

  return app;
}
