import { ALLOWED_METHODS } from "@sports/api";
import {
  type DatabaseHandle,
  type JobQueue,
  paymentCountsByState,
  signupCountsByState,
  unsentMailCounts,
} from "@sports/db";
import type { MiddlewareHandler } from "hono";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** The API's routes as patterns, most specific first, to name a request's route without its ids. */
const API_ROUTES = Object.keys(ALLOWED_METHODS)
  .map((path) => ({
    route: `/api${path}`,
    pattern: new RegExp(`^/api${path.replace(/:[a-zA-Z]+/g, "[^/]+")}/?$`),
  }))
  .sort((a, b) => b.route.split(":").length - a.route.split(":").length);

/**
 * The route a path belongs to, with a bounded set of values so the metrics stay small whatever
 * visitors ask for: the API's route patterns, the health endpoints, static files, and the pages.
 */
export function routeOf(path: string): string {
  if (path.startsWith("/api/")) {
    // A fixed path (`/api/events`) before a pattern matching it too (`/api/events/:id` does not).
    const exact = API_ROUTES.find(({ route }) => route === path);
    if (exact) return exact.route;
    return (
      API_ROUTES.filter(({ route }) => route.includes(":")).find(({ pattern }) => pattern.test(path))?.route ??
      "/api/other"
    );
  }
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return path;
  if (path.startsWith("/assets/") || /\.[a-z0-9]{2,5}$/i.test(path)) return "static";
  if (path.startsWith("/outbox")) return "/outbox";
  return "page";
}

export interface ServerMetrics {
  /** Counts and times every request by method, route and status. */
  middleware: MiddlewareHandler;
  /** The metrics in Prometheus' text format. */
  render(): Promise<{ contentType: string; body: string }>;
}

/**
 * `/metrics` for Prometheus: request rate and latency by route, signups by state, payments by
 * provider and state, the job queue's depth, the outbox's unsent mails, the database pool's use,
 * and the process's own (memory, CPU, event-loop lag). The counts from the database are read when
 * the metrics are scraped; each process reports its own requests, and any one reports the shared counts.
 */
export function createServerMetrics(options: {
  database: DatabaseHandle;
  jobs?: () => JobQueue | undefined;
}): ServerMetrics {
  const { database } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: "signups",
    help: "Signups by state.",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [state, count] of Object.entries(await signupCountsByState(database.db))) this.set({ state }, count);
    },
  });
  new Gauge({
    name: "payments",
    help: "Payments by provider and state (the outcome once settled).",
    labelNames: ["provider", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await paymentCountsByState(database.db)) {
        this.set({ provider: row.provider, state: row.state }, row.count);
      }
    },
  });
  new Gauge({
    name: "job_queue_depth",
    help: "Background jobs waiting or running, by queue.",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const jobs = options.jobs?.();
      if (!jobs) return;
      for (const [queue, depth] of Object.entries(await jobs.depth())) this.set({ queue }, depth);
    },
  });
  new Gauge({
    name: "outbox_mails_unsent",
    help: "Mails in the outbox not sent yet: pending (still tried) and failed (attempts used up).",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      const counts = await unsentMailCounts(database.db);
      this.set({ state: "pending" }, counts.pending);
      this.set({ state: "failed" }, counts.failed);
    },
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Database pool connections: total open, idle, and requests waiting for one.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      this.set({ state: "total" }, use.total);
      this.set({ state: "idle" }, use.idle);
      this.set({ state: "waiting" }, use.waiting);
    },
  });

  return {
    async middleware(c, next) {
      const stop = latency.startTimer();
      try {
        await next();
      } finally {
        const route = routeOf(c.req.path);
        stop({ method: c.req.method, route });
        requests.inc({ method: c.req.method, route, status: String(c.res.status) });
      }
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
