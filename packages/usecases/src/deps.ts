import type { Database, Transaction } from "@sports/db";
import type { LivePayments } from "@sports/payments";
import type { Throttle } from "./accounts/throttle.ts";

export interface UseCaseLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Places an appointment got back, told in the transaction that gave them back. */
export interface PlacesFreed {
  appointmentId: string;
  places: number;
  /** The signup that held them; none when the organiser raised the capacity. */
  signupId?: string;
}

/**
 * What every use case works with, besides its actor and its input: built once per request (the API)
 * or per run (a job), so one clock serves the whole of it.
 */
export interface Deps {
  db: Database;
  /** The moment the use case acts at. */
  now: Date;
  /** The site's public address (`PUBLIC_URL`): every link a use case writes starts with it. */
  siteUrl: string;
  /** The payment providers taking payments now. */
  payments: LivePayments;
  /** To call after committing a change that wrote a mail into the outbox: it is delivered then. */
  mailQueued: () => void;
  logger?: UseCaseLogger;
  /**
   * Told, inside the transaction that gave them back, of places an appointment got back (a lapsed
   * hold, a cancellation, fewer participants): `applyTransition` (signups/transitions.ts) is the one
   * place that gives places back, and this the one place to hear of it. A raised capacity is told
   * to the waiting list alone (console/update-appointment.ts).
   */
  onPlacesFreed?: (tx: Transaction, freed: PlacesFreed) => Promise<void>;
}

/** What the account use cases need besides: the login and reset limits, and who becomes an organiser. */
export interface AccountDeps extends Deps {
  throttle: Throttle;
  /** `ORGANISER_EMAILS`, normalised: confirming one of these addresses makes its account an organiser. */
  organiserEmails: ReadonlySet<string>;
}
