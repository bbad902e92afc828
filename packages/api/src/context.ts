import type { Locale, PaymentProviderId, User } from "@sports/domain";
import type { AccountDeps } from "@sports/usecases";
import type { Context } from "hono";

/** A logged-in visitor, as the request proved it. */
export interface Session {
  user: User;
  tokenHash: string;
  /** How the request proved it: the site's cookie, or `Authorization: Bearer`. */
  via: "cookie" | "bearer";
}

export interface ApiLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ApiVariables {
  /** What the use cases this request calls work with: one clock for the whole request. */
  deps: AccountDeps;
  /** The request URL, parsed once. */
  url: URL;
  /** The language of the answer's texts, also sent as `Content-Language`. */
  locale: Locale;
  /** The logged-in visitor, when the request carries a live session (cookie or Bearer token). */
  session?: Session;
}

export type ApiEnv = { Variables: ApiVariables };

/** The payment methods the site has live. */
export function liveMethods(c: Context<ApiEnv>): PaymentProviderId[] {
  return [...c.var.deps.payments.providers.keys()];
}
