import {
  changePlaces,
  recordTransition,
  releaseHoldings,
  retakeHoldings,
  type SignupRecord,
  type Transaction,
  withLockedSignup,
} from "@sports/db";
import { refuse, type Transition } from "@sports/domain";
import type { Deps } from "../deps.ts";
import { issueTickets } from "./tickets.ts";

/** The signup's columns a transition may set besides its state. */
export type TransitionColumns = Parameters<typeof recordTransition>[2];

/**
 * Applies a transition of the domain's state machine to a signup locked in `tx`, honouring the
 * capacity effects it declares, then records it with its audit entry. The one place where places are
 * taken or given back once a signup exists (its first places are taken by the hold's own statement):
 * - `releasesPlaces`: its places and room nights go back, and `onPlacesFreed` hears of it;
 * - `retakesPlaces`: they are taken again, all or none, or the transition is refused `sold-out`
 *   (what it changed is undone; the caller's transaction stays usable);
 * - otherwise a change of `places` (one per participant) takes the extra places, or refuses
 *   `sold-out`, or gives the spare ones back.
 * A signup it confirms has its participants' ticket codes and bibs given in the same transaction.
 */
export async function applyTransition(
  deps: Pick<Deps, "onPlacesFreed">,
  tx: Transaction,
  locked: SignupRecord,
  transition: Transition,
  columns: TransitionColumns = {},
): Promise<SignupRecord> {
  if (transition.releasesPlaces) {
    await releaseHoldings(tx, locked);
    await deps.onPlacesFreed?.(tx, { appointmentId: locked.appointmentId, places: locked.places, signupId: locked.id });
  } else if (transition.retakesPlaces) {
    if (!(await retakeHoldings(tx, locked))) refuse("sold-out", "The places this signup held are gone.");
  } else {
    const delta = transition.signup.places - locked.places;
    await changePlaces(tx, locked.appointmentId, delta);
    if (delta < 0)
      await deps.onPlacesFreed?.(tx, { appointmentId: locked.appointmentId, places: -delta, signupId: locked.id });
  }
  const recorded = await recordTransition(tx, transition, columns);
  if (recorded.state === "confirmed" && locked.state !== "confirmed") await issueTickets(tx, recorded);
  return recorded;
}

/** Runs `change` on the signup locked in its own transaction; refuses `not-found` when there is no such signup. */
export async function withSignup<T>(
  deps: Pick<Deps, "db">,
  signupId: string,
  change: (tx: Transaction, locked: SignupRecord) => Promise<T>,
): Promise<T> {
  const result = await withLockedSignup(deps.db, signupId, async (tx, locked) => ({ value: await change(tx, locked) }));
  if (!result) refuse("not-found", `No signup ${signupId}.`);
  return result.value;
}
