import { type LiveSession, sessionOf } from "@sports/usecases";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ApiEnv, Session } from "../context.ts";
import { httpError } from "../errors.ts";

export type { Session };

/**
 * The session cookie is `__Host-session` (Secure, path /, no Domain, so no other site or subdomain
 * can set it), or plain `session` on http to this machine, where a Secure cookie cannot be set.
 */
export const SESSION_COOKIE = "session";

/**
 * The header in which the site, calling the API in process, passes on the origin of the request it
 * answers. The server drops it from every request that comes from the network (apps/web/server/app.ts).
 */
export const SITE_ORIGIN_HEADER = "x-site-origin";

/**
 * The origin the visitor's browser sent this request to: what its `Origin` must match, and whether
 * its cookies can be Secure. Never used to write a link: those are built on the site's configured
 * address (`siteUrl`), whatever the request says of itself.
 */
export function requestOrigin(c: Context): string {
  return c.req.header(SITE_ORIGIN_HEADER) ?? new URL(c.req.url).origin;
}

/** Secure cookies everywhere except plain http to this machine. */
export function usesSecureCookies(c: Context): boolean {
  const origin = new URL(requestOrigin(c));
  return origin.protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(origin.hostname);
}

/** The session token a request carries: `Authorization: Bearer …` first, then the site's cookie. */
function presentedToken(c: Context): { token: string; via: Session["via"] } | undefined {
  const authorization = c.req.header("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match?.[1] ? { token: match[1], via: "bearer" } : undefined;
  }
  const cookie = usesSecureCookies(c) ? getCookie(c, SESSION_COOKIE, "host") : getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : undefined;
}

/**
 * The sessions looked up while the site answers one request (apps/web/server/pages/site.ts): a page's
 * guard, its action and its loaders each ask the API in process, with the same visitor's token,
 * within a few milliseconds. The site passes one of these as the environment of those requests, so
 * the session is read once rather than once per request: a request is judged by the session as it
 * stood when the site's guard looked it up, as a request from the network is judged by the session
 * as it stood when it arrived. A change (any method but GET and HEAD) may end or change a session
 * (a logout, a new password): once it has been answered, the site calls `forget`, and what the
 * visit asks after it looks the session up again. A request from the network never carries one:
 * its environment is the server's.
 */
export class VisitSessions {
  #found = new Map<string, Promise<LiveSession | undefined>>();

  /** The session of `token`, looked up by `lookUp` the first time this visit asks. */
  of(token: string, lookUp: () => Promise<LiveSession | undefined>): Promise<LiveSession | undefined> {
    let found = this.#found.get(token);
    if (!found) {
      found = lookUp();
      this.#found.set(token, found);
    }
    return found;
  }

  /** Forgets every session looked up so far: the next request of this visit looks its own up again. */
  forget(): void {
    if (this.#found.size > 0) this.#found = new Map();
  }
}

/** Resolves the visitor's session, if any, into `c.var.session`; a wrong or expired token is just no session. */
export const resolveSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const presented = presentedToken(c);
  const visit = (c.env as { visitSessions?: unknown } | undefined)?.visitSessions;
  const lookUp = (token: string) => sessionOf(c.var.deps, token);
  const found =
    presented &&
    (await (visit instanceof VisitSessions
      ? visit.of(presented.token, () => lookUp(presented.token))
      : lookUp(presented.token)));
  if (presented && found) c.set("session", { user: found.user, tokenHash: found.tokenHash, via: presented.via });
  await next();
};

/**
 * CSRF defence for cookie-authenticated changes: a browser's cross-site request says so in
 * `Sec-Fetch-Site`, and its `Origin` is not ours. Bearer tokens need no such check (a browser never
 * adds them by itself); clients that send neither header are not browsers.
 */
export function refuseCrossSite(c: Context): void {
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  const crossSite =
    (site !== undefined && site !== "same-origin" && site !== "none") ||
    (origin !== undefined && origin !== requestOrigin(c));
  if (crossSite) {
    throw httpError({
      status: 403,
      code: "cross-site-request",
      title: "Cross-site request refused",
      detail: "This change must come from the site itself.",
    });
  }
}

/** The logged-in user, or a 401; cookie-authenticated changes must also come from the site. */
export function requireSession(c: Context<ApiEnv>): Session {
  const session = c.var.session;
  if (!session) {
    throw httpError({
      status: 401,
      code: "not-authenticated",
      title: "Not logged in",
      detail: "Log in to do this.",
      headers: { "WWW-Authenticate": 'Bearer realm="sports-events"' },
    });
  }
  if (session.via === "cookie" && c.req.method !== "GET" && c.req.method !== "HEAD") refuseCrossSite(c);
  return session;
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  const secure = usesSecureCookies(c);
  setCookie(c, SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    secure,
    sameSite: "Lax",
    expires: expiresAt,
    ...(secure ? { prefix: "host" as const } : {}),
  });
}

export function clearSessionCookie(c: Context): void {
  const secure = usesSecureCookies(c);
  deleteCookie(c, SESSION_COOKIE, {
    path: "/",
    secure,
    ...(secure ? { prefix: "host" as const } : {}),
  });
}
