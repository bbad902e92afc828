import { findSessionUser } from "@sports/db";
import type { User } from "@sports/domain";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ApiEnv } from "../context.ts";
import { ApiError } from "../errors.ts";
import { hashToken, isTokenShaped } from "./secrets.ts";

/**
 * The session cookie is `__Host-session` (Secure, path /, no Domain, so no other site or subdomain
 * can set it), or plain `session` on http to this machine, where a Secure cookie cannot be set.
 */
export const SESSION_COOKIE = "session";
export const SESSION_DAYS = 30;

/**
 * The origin the visitor's browser sees. The site calls the API in process and says so in
 * `x-site-origin`; a browser cannot send that header cross-site without a CORS preflight, which
 * this API never grants.
 */
export function publicOrigin(c: Context): string {
  return c.req.header("x-site-origin") ?? new URL(c.req.url).origin;
}

/** Secure cookies everywhere except plain http to this machine. */
export function usesSecureCookies(c: Context): boolean {
  const origin = new URL(publicOrigin(c));
  return origin.protocol === "https:" || !["localhost", "127.0.0.1", "[::1]"].includes(origin.hostname);
}

export interface Session {
  user: User;
  tokenHash: string;
  /** How the request proved it: the site's cookie, or `Authorization: Bearer`. */
  via: "cookie" | "bearer";
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

/** Resolves the visitor's session, if any, into `c.var.session`; a wrong or expired token is just no session. */
export const resolveSession: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const presented = presentedToken(c);
  if (presented && isTokenShaped(presented.token)) {
    const tokenHash = hashToken(presented.token);
    const found = await findSessionUser(c.var.db, tokenHash, c.var.now);
    if (found) c.set("session", { user: found.user, tokenHash, via: presented.via });
  }
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
    (origin !== undefined && origin !== publicOrigin(c));
  if (crossSite) {
    throw new ApiError({
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
    throw new ApiError({
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
