import type { Database } from "@sports/db";
import type { Locale } from "@sports/domain";
import type { Session } from "./accounts/session.ts";

export interface ApiVariables {
  db: Database;
  /** The request URL, parsed once. */
  url: URL;
  /** The language of the answer's texts, also sent as `Content-Language`. */
  locale: Locale;
  /** The instant the request is answered at; one clock for the whole request. */
  now: Date;
  /** The logged-in visitor, when the request carries a live session (cookie or Bearer token). */
  session?: Session;
}

export type ApiEnv = { Variables: ApiVariables };
