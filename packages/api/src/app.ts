import type { Database } from "@sports/db";
import { normalizeEmail } from "@sports/domain";
import { type LivePayments, livePayments } from "@sports/payments";
import { type Context, Hono } from "hono";
import { accountRoutes } from "./accounts/routes.ts";
import { loggablePath } from "./accounts/secrets.ts";
import { resolveSession } from "./accounts/session.ts";
import { createThrottle, type ThrottleStore } from "./accounts/throttle.ts";
import { ApiErrors } from "./body.ts";
import { catalogueRoutes } from "./catalogue/routes.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, errorResponse, internalError } from "./errors.ts";
import { checkMediaTypes, checkNoNulCharacters, resolveLocale } from "./negotiation.ts";
import { paymentRoutes } from "./payments/routes.ts";
import { signupRoutes } from "./signups/routes.ts";

export interface ApiLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ApiOptions {
  db: Database;
  logger?: ApiLogger;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /**
   * Called after a change that wrote a mail into the outbox (`outgoing_mails`) was committed: the
   * server delivers it then (see mail/delivery.ts); the mails job picks up whatever this misses.
   */
  onMailQueued?: () => void;
  /** The visitor's network address, for throttling; the server knows it from the socket. */
  clientAddress?: (c: Context) => string | undefined;
  /** Addresses whose accounts are organisers' (`ORGANISER_EMAILS`): they get the role at registration. */
  organiserEmails?: readonly string[];
  /** The payment providers taking payments; the demonstration ones when absent. */
  payments?: LivePayments;
  /** Where throttling counters live; the database when absent (REDIS_URL gives Redis). */
  throttleStore?: ThrottleStore;
}

/** The paths this API serves and the methods each allows; any other method on them is a 405. */
export const ALLOWED_METHODS: Record<string, string> = {
  "/events": "GET, HEAD",
  "/events/:id": "GET, HEAD",
  "/events/:id/appointments": "GET, HEAD",
  "/events/:id/stays": "GET, HEAD",
  "/appointments/:id": "GET, HEAD",
  "/pages/:slug": "GET, HEAD",
  "/users": "POST",
  "/users/me": "GET, HEAD, PATCH, DELETE",
  "/sessions": "POST",
  "/sessions/current": "DELETE",
  "/password-resets": "POST",
  "/password-resets/:token": "PATCH",
  "/email-verifications/:token": "POST",
  "/signups": "GET, HEAD, POST",
  "/signups/:id": "GET, HEAD, PATCH",
  "/signups/:id/participants": "PATCH",
  "/signups/:id/stay-bookings": "PATCH",
  "/signups/:id/certificates": "POST",
  "/signups/:id/certificates/:certificateId": "GET, HEAD",
  "/signups/:id/calendar": "GET, HEAD",
  "/users/me/participants": "GET, HEAD",
  "/payments": "POST",
  "/payments/:id": "GET, HEAD",
  "/webhooks/:provider": "POST",
  "/demo-payments/:id": "POST",
  "/signups/:id/payments": "POST",
};

/** The JSON:API surface, to be mounted under `/api`. */
export function createApi(options: ApiOptions) {
  const api = new Hono<ApiEnv>();
  const now = options.now ?? (() => new Date());
  const payments = options.payments ?? livePayments({});
  const mailQueued = options.onMailQueued ?? (() => {});

  api.use(async (c, next) => {
    const url = new URL(c.req.url);
    c.set("db", options.db);
    c.set("payments", payments);
    c.set("mailQueued", mailQueued);
    c.set("url", url);
    c.set("now", now());
    checkMediaTypes(c.req.raw);
    checkNoNulCharacters(url);
    const locale = resolveLocale(c.req.raw, url);
    c.set("locale", locale);
    await resolveSession(c, next);
    c.header("Content-Language", locale);
    c.header("Vary", "Accept, Accept-Language");
  });

  api.route("/", catalogueRoutes());
  api.route(
    "/",
    accountRoutes({
      throttle: createThrottle(options.throttleStore ?? { db: options.db }),
      clientAddress: (c) => options.clientAddress?.(c) ?? "unknown",
      organiserEmails: new Set((options.organiserEmails ?? []).map(normalizeEmail)),
      ...(options.logger ? { logger: options.logger } : {}),
    }),
  );

  const logging = options.logger ? { logger: options.logger } : {};
  api.route("/", signupRoutes(logging));
  api.route("/", paymentRoutes(logging));

  for (const [path, allow] of Object.entries(ALLOWED_METHODS)) {
    api.all(path, () => {
      throw new ApiError({
        status: 405,
        code: "method-not-allowed",
        title: "Method not allowed",
        detail: `Use ${allow}.`,
        headers: { Allow: allow },
      });
    });
  }

  api.all("*", (c) => {
    throw new ApiError({ status: 404, code: "not-found", title: "Not found", detail: `No endpoint ${c.req.path}.` });
  });

  api.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, [error]);
    if (error instanceof ApiErrors) return errorResponse(c, error.errors);
    options.logger?.error({ err: error, path: loggablePath(c.req.path) }, "unexpected error in the API");
    return errorResponse(c, [internalError()]);
  });

  return api;
}
