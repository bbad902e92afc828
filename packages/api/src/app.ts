import { isRefusal, normalizeEmail } from "@sports/domain";
import {
  type AccountDeps,
  createThrottle,
  type Database,
  type LivePayments,
  livePayments,
  type ThrottleStore,
} from "@sports/usecases";
import { type Context, Hono } from "hono";
import { accountRoutes } from "./accounts/routes.ts";
import { resolveSession } from "./accounts/session.ts";
import { athleteRoutes } from "./athletes/routes.ts";
import { billingRoutes } from "./billing/routes.ts";
import { cardListRoutes } from "./cards/routes.ts";
import { courseRoutes } from "./catalogue/course-routes.ts";
import { catalogueRoutes } from "./catalogue/routes.ts";
import { clubEntryRoutes } from "./club-entries/routes.ts";
import { clubAthleteRoutes } from "./clubs/athlete-routes.ts";
import { clubRoutes } from "./clubs/routes.ts";
import { auditRoutes } from "./console/audit-routes.ts";
import { consoleCatalogueRoutes } from "./console/catalogue-routes.ts";
import { consoleClubRoutes } from "./console/club-entry-routes.ts";
import { coverRoutes } from "./console/cover-routes.ts";
import { dashboardRoutes } from "./console/dashboard-routes.ts";
import { discountCodeRoutes } from "./console/discount-code-routes.ts";
import { messageRoutes } from "./console/message-routes.ts";
import { raceDayRoutes } from "./console/race-day-routes.ts";
import { consoleSignupRoutes } from "./console/signup-routes.ts";
import { teamRoutes } from "./console/team-routes.ts";
import { consoleWaitingListRoutes } from "./console/waiting-list-routes.ts";
import type { ApiEnv, ApiLogger } from "./context.ts";
import { errorResponse, HttpError, httpError, internalError } from "./errors.ts";
import { loggablePath } from "./logging.ts";
import { checkMediaTypes, checkNoNulCharacters, resolveLocale } from "./negotiation.ts";
import { paymentRoutes } from "./payments/routes.ts";
import { httpErrorOf } from "./refusals.ts";
import { resultRoutes } from "./results/routes.ts";
import { signupRoutes } from "./signups/routes.ts";
import { transferRoutes } from "./transfers/routes.ts";
import { openingAlertRoutes } from "./waiting-list/opening-alert-routes.ts";
import { waitingListRoutes } from "./waiting-list/routes.ts";
import { standingRead, waitingRoomRoutes } from "./waiting-room/routes.ts";

export type { ApiLogger };

export interface ApiOptions {
  db: Database;
  /**
   * The site's public address (`PUBLIC_URL`, such as https://races.example.org): every absolute URL
   * the API writes (links in mails, the way back from a payment provider) is built on it, never on
   * what a request says of its own host.
   */
  siteUrl: () => string;
  logger?: ApiLogger;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /**
   * Called after a change that wrote a mail into the outbox (`outgoing_mails`) was committed: the
   * server delivers it then (packages/usecases/src/mail/delivery.ts); the mails job picks up whatever this misses.
   */
  onMailQueued?: () => void;
  /** The visitor's network address, for throttling; the server knows it from the socket. */
  clientAddress?: (c: Context) => string | undefined;
  /** Addresses whose accounts are organisers' (`ORGANISER_EMAILS`), once each is confirmed. */
  organiserEmails?: readonly string[];
  /** The payment providers taking payments; the demonstration ones when absent. */
  payments?: LivePayments;
  /** Where throttling counters live; the database when absent (REDIS_URL gives Redis). */
  throttleStore?: ThrottleStore;
  /** Multiplies every throttling limit (`TEST_THROTTLE_FACTOR`, for the browser suite); 1 when absent. */
  throttleFactor?: number;
  /** Told of places given back, in the transaction that gave them back (the use cases' `onPlacesFreed`). */
  onPlacesFreed?: AccountDeps["onPlacesFreed"];
}

/** The paths this API serves and the methods each allows; any other method on them is a 405. */
export const ALLOWED_METHODS: Record<string, string> = {
  "/waiting-list-entries": "GET, HEAD, POST",
  "/waiting-list-entries/:id": "GET, HEAD, DELETE",
  "/opening-alerts": "GET, HEAD, POST",
  "/opening-alerts/:id": "GET, HEAD, DELETE",
  "/transfers": "GET, HEAD, POST",
  "/console/transfers": "GET, HEAD, POST",
  "/events": "GET, HEAD, POST",
  "/events/:id": "GET, HEAD, PATCH, DELETE",
  "/events/:id/appointments": "GET, HEAD, POST",
  "/events/:id/stays": "GET, HEAD, POST",
  "/appointments/:id": "GET, HEAD, PATCH, DELETE",
  "/appointments/:id/course": "GET, HEAD, PUT, DELETE",
  "/appointments/:id/course.gpx": "GET, HEAD",
  "/pages": "POST",
  "/pages/:slug": "GET, HEAD, PATCH",
  "/users": "POST",
  "/users/me": "GET, HEAD, PATCH, DELETE",
  "/sessions": "POST",
  "/sessions/current": "DELETE",
  "/password-resets": "POST",
  "/password-resets/:token": "PATCH",
  "/email-verifications/:token": "POST",
  "/team-invitations/:token": "POST",
  // A club's athlete's own link (docs/api.md#athletes-links).
  "/athlete-links/:token": "GET, HEAD, PATCH",
  "/athlete-links/:token/certificates": "POST",
  "/signups": "GET, HEAD, POST",
  "/signups/:id": "GET, HEAD, PATCH",
  "/signups/:id/participants": "PATCH",
  "/signups/:id/participants/:participantId": "DELETE",
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
  // The organiser's console (docs/api.md#the-organisers-console).
  "/audit-entries": "GET, HEAD",
  "/events/:id/start-lists": "GET, HEAD",
  "/appointments/:id/start-list.csv": "GET, HEAD",
  "/appointments/:id/results": "GET, HEAD",
  "/appointments/:id/results.csv": "GET, HEAD",
  "/appointments/:id/results.xlsx": "GET, HEAD",
  "/appointments/:id/results.xml": "GET, HEAD",
  "/appointments/:id/result-imports": "POST",
  "/result-imports/:id": "PATCH",
  "/results/:id": "GET, HEAD, PATCH",
  "/results/:id/diploma.pdf": "GET, HEAD",
  "/users/me/results": "GET, HEAD",
  "/diplomas/:code": "GET, HEAD",
  // Billing (docs/api.md#billing).
  "/organisation": "GET, HEAD, PATCH",
  "/signups/:id/billing-documents": "GET, HEAD",
  "/billing-documents": "GET, HEAD",
  "/billing-documents/export.zip": "GET, HEAD",
  "/billing-documents/notifications": "POST",
  "/billing-documents/:id/replacement": "POST",
  "/billing-documents/:file": "GET, HEAD",
  // Federation cards (docs/api.md#federation-cards).
  "/events/:id/card-lists": "GET, HEAD, POST",
  "/card-lists/:id": "PATCH",
  // Club entries (docs/api.md#club-entries).
  "/appointments/:id/club-entries": "POST",
  "/club-entries/:id": "GET, HEAD, PATCH",
  "/club-entries/:id/missing": "GET, HEAD",
  "/club-entries/:id/missing/:participantId/link": "POST",
  "/clubs/:id/club-entries": "GET, HEAD",
  // Clubs in the organiser's console (docs/api.md#clubs-in-the-console).
  "/events/:id/club-entries": "GET, HEAD",
  "/clubs/:id/messages": "POST",
  "/appointments/:id/start-list.xlsx": "GET, HEAD",
  "/appointments/:id/bib-assignments": "POST",
  "/participants": "GET, HEAD",
  "/participants/:id": "PATCH",
  "/check-ins": "POST",
  "/check-ins/:id": "DELETE",
  "/events/:id/check-in-tallies": "GET, HEAD",
  "/appointments/:id/signups": "GET, HEAD",
  "/events/:id/signups": "GET, HEAD",
  "/events/:id/participants": "GET, HEAD",
  "/console/signups/:id": "GET, HEAD",
  "/console/signups/:id/notes": "POST",
  "/console/signups/:id/refunds": "POST",
  "/console/signups/:id/cancellation": "POST",
  "/console/signups/:id/mails": "POST",
  "/console/participants/:id": "PATCH",
  "/console/participants/:id/certificate": "GET, HEAD",
  "/team-members": "GET, HEAD, POST",
  "/team-members/:member": "DELETE",
  "/dashboard": "GET, HEAD",
  "/events/:id/dashboard": "GET, HEAD",
  "/appointments/:id/message-audience": "GET, HEAD",
  "/appointments/:id/messages": "POST",
  "/appointments/:id/waiting-list-entries": "GET, HEAD",
  "/events/:id/cover": "PUT",
  "/console/events": "GET, HEAD",
  "/console/events/:id": "GET, HEAD",
  "/console/events/:id/preview": "GET, HEAD",
  "/console/appointments/:id": "GET, HEAD",
  "/console/pages": "GET, HEAD",
  "/console/stays/:id": "GET, HEAD",
  "/console/pages/:slug": "GET, HEAD",
  "/stays/:id": "PATCH, DELETE",
  "/stays/:id/room-types": "POST",
  "/room-types/:id": "PATCH, DELETE",
  "/discount-codes": "GET, HEAD, POST",
  "/discount-codes/:id": "PATCH, DELETE",
  // Clubs (docs/api.md#clubs).
  "/clubs": "GET, HEAD, POST",
  "/clubs/:id": "GET, HEAD, PATCH",
  "/clubs/:id/athletes": "GET, HEAD, POST",
  "/clubs/:id/athletes/:athleteId": "GET, HEAD, PATCH, DELETE",
  "/clubs/:id/manager-invitations": "POST",
  "/club-manager-invitations": "POST",
};

/** The JSON:API surface, to be mounted under `/api`. */
export function createApi(options: ApiOptions) {
  const api = new Hono<ApiEnv>();
  const now = options.now ?? (() => new Date());
  const shared = {
    db: options.db,
    payments: options.payments ?? livePayments({}),
    mailQueued: options.onMailQueued ?? (() => {}),
    throttle: createThrottle(options.throttleStore ?? { db: options.db }, { factor: options.throttleFactor ?? 1 }),
    organiserEmails: new Set((options.organiserEmails ?? []).map(normalizeEmail)),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.onPlacesFreed ? { onPlacesFreed: options.onPlacesFreed } : {}),
  };

  api.use(async (c, next) => {
    const url = new URL(c.req.url);
    c.set("url", url);
    c.set("deps", { ...shared, now: now(), siteUrl: options.siteUrl() });
    checkMediaTypes(c.req.raw);
    checkNoNulCharacters(url);
    const locale = resolveLocale(c.req.raw, url);
    c.set("locale", locale);
    await next();
    c.header("Content-Language", locale);
    c.header("Vary", "Accept, Accept-Language");
  });
  // A waiting entry's read with its signed standing needs no session (docs/decisions/074).
  api.get("/queue-entries/:id", standingRead);
  api.use(resolveSession);

  api.route("/", catalogueRoutes());
  api.route("/", courseRoutes());
  api.route("/", accountRoutes({ clientAddress: (c) => options.clientAddress?.(c) ?? "unknown" }));
  api.route("/", signupRoutes());
  api.route("/", athleteRoutes());
  api.route("/", paymentRoutes());
  api.route("/", auditRoutes());
  api.route("/", raceDayRoutes());
  api.route("/", consoleSignupRoutes());
  api.route("/", teamRoutes());
  api.route("/", dashboardRoutes());
  api.route("/", messageRoutes());
  api.route("/", coverRoutes());
  api.route("/", resultRoutes());
  api.route("/", billingRoutes());
  api.route("/", cardListRoutes());
  api.route("/", clubEntryRoutes());
  api.route("/", consoleClubRoutes());
  api.route("/", consoleCatalogueRoutes());
  api.route("/", waitingListRoutes());
  api.route("/", openingAlertRoutes());
  api.route("/", waitingRoomRoutes());
  api.route("/", consoleWaitingListRoutes());
  api.route("/", transferRoutes());
  api.route("/", discountCodeRoutes());
  api.route("/", clubRoutes());
  api.route("/", clubAthleteRoutes());

  for (const [path, allow] of Object.entries(ALLOWED_METHODS)) {
    api.all(path, () => {
      throw httpError({
        status: 405,
        code: "method-not-allowed",
        title: "Method not allowed",
        detail: `Use ${allow}.`,
        headers: { Allow: allow },
      });
    });
  }

  api.all("*", (c) => {
    throw httpError({ status: 404, code: "not-found", title: "Not found", detail: `No endpoint ${c.req.path}.` });
  });

  // Every refusal of the product answers through refusals.ts; anything else unexpected is a logged 500.
  api.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error);
    if (isRefusal(error)) return errorResponse(c, httpErrorOf(error));
    options.logger?.error({ err: error, path: loggablePath(c.req.path) }, "unexpected error in the API");
    return errorResponse(c, internalError());
  });

  return api;
}
