import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { usesSecureCookies } from "../accounts/session.ts";
import type { ApiEnv } from "../context.ts";

/**
 * The site's copy of an admitted entry's pass (docs/decisions/072-waiting-room.md): set, HttpOnly,
 * when a request of the site's session (its cookie, not a Bearer token) reads its entry admitted,
 * and read by `POST /api/signups` when the document gives no `queuePass`. `__Host-queue-pass` on
 * https, plain `queue-pass` on http to this machine, as the session's cookie.
 */
export const QUEUE_PASS_COOKIE = "queue-pass";

export function setPassCookie(c: Context<ApiEnv>, pass: string | null, expiresAt: Date | null): void {
  if (!pass || !expiresAt || c.var.session?.via !== "cookie") return;
  const secure = usesSecureCookies(c);
  setCookie(c, QUEUE_PASS_COOKIE, pass, {
    path: "/",
    httpOnly: true,
    secure,
    sameSite: "Lax",
    expires: expiresAt,
    ...(secure ? { prefix: "host" as const } : {}),
  });
}

/** The pass the site's cookie carries, for a request of the site's session. */
function passFromCookie(c: Context<ApiEnv>): string | undefined {
  if (c.var.session?.via !== "cookie") return undefined;
  return usesSecureCookies(c) ? getCookie(c, QUEUE_PASS_COOKIE, "host") : getCookie(c, QUEUE_PASS_COOKIE);
}

/** A hold's pass, as the use case takes it: the document's `queuePass`, else the site's cookie. */
export function queuePassOf(c: Context<ApiEnv>, given: string | undefined): { queuePass?: string } {
  const pass = given ?? passFromCookie(c);
  return pass ? { queuePass: pass } : {};
}
