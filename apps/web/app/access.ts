import { ROUTE_PATTERNS } from "@sports/jsonapi";

/**
 * Who may open which screen, declared once beside the route table. The patterns are the site's paths
 * shared with the server (packages/jsonapi/src/site-paths.ts), which routes.ts builds its routes
 * from; the authentication guard (auth/guard.ts) reads this for every request.
 */
export const ACCOUNT_PATHS = {
  login: ROUTE_PATTERNS.login,
  registration: ROUTE_PATTERNS.registration,
  resetPassword: ROUTE_PATTERNS.resetPassword,
  profile: ROUTE_PATTERNS.profile,
  noAuth: ROUTE_PATTERNS.noAuth,
} as const;

/** Route patterns (as in routes.ts, without the language prefix) of the screens that need a logged-in visitor. */
export const NEEDS_LOGIN: readonly string[] = [
  ROUTE_PATTERNS.profile,
  ROUTE_PATTERNS.transfer,
  ROUTE_PATTERNS.ticket,
  ROUTE_PATTERNS.clubs,
  ROUTE_PATTERNS.club,
  ROUTE_PATTERNS.signup,
  ROUTE_PATTERNS.signupRecap,
  ROUTE_PATTERNS.signupStays,
  ROUTE_PATTERNS.paymentResult,
  ROUTE_PATTERNS.demoPayment,
  ROUTE_PATTERNS.clubEntry,
  ROUTE_PATTERNS.waitingRoom,
];

/**
 * A route's `handle`, as the server reads it (server/pages/site.ts): whether its page is the same for
 * every visitor but for the frame (the header's account corner and the notices under it), so the
 * server may render it once for everyone and fill the frame in for each visitor
 * (docs/decisions/033-kept-pages-for-everyone.md). Only a route whose loader and page read nothing
 * of the visitor says so; a function decides by the address (an organiser's preview is their own).
 */
export interface PageHandle {
  sameForEveryVisitor?: boolean | ((url: URL) => boolean);
}

/** The handle of a catalogue page: the same for every visitor. */
export const SAME_FOR_EVERY_VISITOR: PageHandle = { sameForEveryVisitor: true };

const isControlCharacter = (character: string) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127;

/**
 * Where a visitor may be sent back to after logging in: a path of this site only. The target is
 * normalised as a browser would (dot segments, `%2e`) and judged as it comes out: anything that
 * would leave the site (another host, `//host`, `/\host`, a scheme, a control character, even
 * after normalising: `/.//evil.example` is `//evil.example`) falls back to `fallback`.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !isSitePath(target)) return fallback;
  try {
    const url = new URL(target, "http://site.invalid");
    const path = url.pathname + url.search + url.hash;
    return url.origin === "http://site.invalid" && isSitePath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** A path of this site as written: one leading slash, no backslash, whitespace or control character. */
function isSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  return !/[\\\s]/.test(path) && ![...path].some(isControlCharacter);
}
