import {
  changePlaces,
  giveCodeUseBack,
  recordTransition,
  releaseHoldings,
  retakeHoldings,
  type SignupRecord,
  setSignupDiscountCode,
  type Transaction,
  withLockedSignup,
} from "@sports/db";
import { refuse, type Transition } from "@sports/domain";
import type { Deps, PlacesFreed } from "../deps.ts";
import { offerTakenUp, placesFreed } from "../waiting-list/offers.ts";
import { issueTickets } from "./tickets.ts";

/** The signup's columns a transition may set besides its state. */
export type TransitionColumns = Parameters<typeof recordTransition>[2];

/**
 * Applies a transition of the domain's state machine to a signup locked in `tx`, honouring the
 * capacity effects it declares, then records it with its audit entry. The one place where places are
 * taken or given back once a signup exists (its first places are taken by the hold's own statement):
 * - `releasesPlaces`: its places and room nights go back: the appointment's waiting list is offered
 *   them at once (waiting-list/offers.ts, decision 027), then `onPlacesFreed` hears of it; a signup
 *   ending unpaid gives its discount code's use back too (decision 029);
 * - `retakesPlaces`: they are taken again, all or none, or the transition is refused `sold-out`
 *   (what it changed is undone; the caller's transaction stays usable);
 * - otherwise a change of `places` (one per participant) takes the extra places, or refuses
 *   `sold-out`, or gives the spare ones back.
 * A signup it confirms has its participants' ticket codes and bibs given in the same transaction, and
 * accepts the waiting list's offer it came from, if any.
 */
export async function applyTransition(
  deps: Pick<Deps, "onPlacesFreed" | "now" | "siteUrl">,
  tx: Transaction,
  locked: SignupRecord,
  transition: Transition,
  columns: TransitionColumns = {},
): Promise<SignupRecord> {
  const freed = async (places: number, signupEnded: boolean) => {
    const given: PlacesFreed = { appointmentId: locked.appointmentId, places, signupId: locked.id };
    await placesFreed(deps, tx, given, { signupEnded });
    await deps.onPlacesFreed?.(tx, given);
  };
  if (transition.releasesPlaces) {
    await releaseHoldings(tx, locked);
    if (locked.discountCodeId && locked.state !== "confirmed") {
      await giveCodeUseBack(tx, locked.discountCodeId);
      await setSignupDiscountCode(tx, locked.id, null);
    }
    // Recorded first, so an offer this signup came from reads it ended.
    const recorded = await recordTransition(tx, transition, columns);
    await freed(locked.places, true);
    return recorded;
  } else if (transition.retakesPlaces) {
    if (!(await retakeHoldings(tx, locked))) refuse("sold-out", "The places this signup held are gone.");
  } else {
    const delta = transition.signup.places - locked.places;
    await changePlaces(tx, locked.appointmentId, delta);
    if (delta < 0) {
      const recorded = await recordTransition(tx, transition, columns);
      await freed(-delta, false);
      return recorded;
    }
  }
  const recorded = await recordTransition(tx, transition, columns);
  if (recorded.state === "confirmed" && locked.state !== "confirmed") {
    await issueTickets(tx, recorded);
    await offerTakenUp(deps, tx, recorded.id, recorded.eventId);
  }
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
