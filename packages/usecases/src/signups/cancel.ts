import { checkedInSignups, type PaymentRecord, paymentsOfSignup, snapshotOf } from "@sports/db";
import { type Actor, cancel } from "@sports/domain";
import type { Deps } from "../deps.ts";
import { owedOnCancel, refundOwed } from "../payments/refunds.ts";
import { signupFor } from "./find.ts";
import { applyTransition, withSignup } from "./transitions.ts";
import { confirmedCancellable, type SignupView, viewOf } from "./views.ts";

/**
 * Ends a signup at its owner's request, or an organiser's: an unpaid one at any time, a confirmed
 * one while the event takes cancellations (`not-cancellable` after) and, for its owner, until one of
 * its people is checked in (`already-checked-in`). Its places go back; a paid one
 * owes what the event's refund policy says, recorded with its mail in the same transaction and given
 * back after the commit.
 */
export async function cancelSignup(deps: Deps, actor: Actor, input: { signupId: string }): Promise<SignupView> {
  const signup = await signupFor(deps, actor, input.signupId);
  const view = await viewOf(deps.db, signup);
  let owed: PaymentRecord | undefined;
  const cancelled = await withSignup(deps, signup.id, async (tx, locked) => {
    const transition = cancel(snapshotOf(locked, view.participants.length), actor, deps.now, {
      confirmedCancellable: confirmedCancellable(view.event, view.appointment, deps.now),
      checkedIn: (await checkedInSignups(tx, [locked.id])).has(locked.id),
    });
    if (locked.state === "confirmed") owed = await owedOnCancel(deps, tx, actor, { ...view, signup: locked });
    return applyTransition(deps, tx, locked, transition);
  });
  // The refund's mail, or the mail of a place offered to the waiting list (waiting-list/offers.ts).
  deps.mailQueued();
  if (owed) await refundOwed(deps, owed);
  // Its payments as they stand now: the refund owed, and given back if the provider took it at once.
  return { ...view, signup: cancelled, payments: await paymentsOfSignup(deps.db, signup.id) };
}
