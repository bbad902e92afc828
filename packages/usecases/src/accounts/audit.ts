import type { Deps } from "../deps.ts";

/** What the "authentication" log lines record (apps/web/server/logs.test.ts reads them). */
export type AuthenticationEvent =
  | "registered"
  | "login"
  | "login-failed"
  | "logout"
  | "password-changed"
  | "reset-requested"
  | "password-reset"
  | "email-verified"
  | "account-deleted";

/**
 * Logs an authentication event with the client's address: every attempt leaves a line, and no
 * line ever holds a password, a session token or a mailed token (only ids and whether an address
 * was known).
 */
export function audit(
  deps: Pick<Deps, "logger">,
  event: AuthenticationEvent,
  clientAddress: string,
  details: { userId: string } | { knownEmail: false },
): void {
  deps.logger?.info({ event, ip: clientAddress, ...details }, "authentication");
}
