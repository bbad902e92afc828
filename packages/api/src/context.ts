import type { Database } from "@sports/db";
import type { Locale, PaymentProviderId } from "@sports/domain";
import type { LivePayments } from "@sports/payments";
import type { Context } from "hono";
import type { Session } from "./accounts/session.ts";

export interface ApiVariables {
  db: Database;
  /** The request URL, parsed once. */
  url: URL;
  /** The language of the answer's texts, also sent as `Content-Language`. */
  locale: Locale;
  /** The instant the request is answered at; one clock for the whole request. */
  now: Date;
  /** The payment providers taking payments now. */
  payments: LivePayments;
  /** Call after committing a change that wrote a mail into the outbox: it is delivered then. */
  mailQueued: () => void;
  /** The logged-in visitor, when the request carries a live session (cookie or Bearer token). */
  session?: Session;
}

export type ApiEnv = { Variables: ApiVariables };

/** The payment methods the site has live. */
export function liveMethods(c: Context<ApiEnv>): PaymentProviderId[] {
  return [...c.var.payments.providers.keys()];
}
