/**
 * The submissions that end a session, in a module that imports nothing: the page's first-load
 * script carries it (register.ts), and so does the service worker (sw.ts). The two addresses are
 * `ROUTE_PATTERNS.login` and `ROUTE_PATTERNS.profile` (packages/jsonapi/src/site-paths.ts), held
 * equal by rules.test.ts.
 */
export const SESSION_END_PATHS = { logout: "/login", deletion: "/modificaDati" } as const;

/** What a page posts to the service worker when its visitor logs out or deletes their account. */
export const CLEAR_PAGES_MESSAGE = "clear-pages";

/**
 * Whether a submission to `pathname` (a document's address, or React Router's `.data` request for
 * it, under any language prefix) with this `intent` ends the session: a logout, or the profile's
 * account deletion.
 */
export function endsSession(pathname: string, intent: FormDataEntryValue | null): boolean {
  const path = pathname
    .replace(/\.data$/, "")
    .replace(/\/_root$/, "")
    .replace(/^\/[a-z]{2}-[A-Z]{2}(?=\/)/, "");
  if (path === SESSION_END_PATHS.logout) return intent === "logout";
  if (path === SESSION_END_PATHS.deletion) return intent === "delete";
  return false;
}
