import type { GrossItem } from "./billing-compose.ts";
import { refuse } from "./refusal.ts";
import type { Actor, SignupSnapshot, Transition } from "./signup.ts";

/**
 * One athlete taken out of a club's signup (docs/decisions/068), the others staying: by one of the
 * club's managers or an organiser (the caller checks which), under the rules a cancellation of the
 * whole signup follows (`cancel` in signup.ts): an unpaid signup at any time, a confirmed one while
 * the event takes cancellations (`not-cancellable` after). The athlete must not be checked in
 * (`already-checked-in`: an organiser undoes the check-in first), must not be in a transfer paid for
 * or under way (`wrong-state`), and must not be the last one (`last-participant`: that is cancelling
 * the entry). A signup awaiting a payment already started keeps its people (`wrong-state`): the
 * payment's amount is fixed. The signup then holds one place less; the caller gives it back.
 */
export function withdraw(
  signup: SignupSnapshot,
  actor: Actor,
  now: Date,
  input: { confirmedCancellable: boolean; checkedIn: boolean; transferred: boolean; paymentStarted: boolean },
): Transition {
  if (actor.kind !== "user" && actor.kind !== "organiser")
    refuse("not-owner", "Only a manager of the club or an organiser withdraws an athlete.");
  const open = signup.state === "held" || signup.state === "awaiting-payment";
  if (!open && signup.state !== "confirmed")
    refuse("wrong-state", `No athlete is withdrawn from a ${signup.state} signup.`);
  if (input.checkedIn) refuse("already-checked-in", "This athlete has already been checked in.");
  if (input.transferred)
    refuse("wrong-state", "This athlete's place has been passed on for a fee, or is being: it stays.");
  if (signup.state === "awaiting-payment" && input.paymentStarted)
    refuse("wrong-state", "A payment of this entry has been started: its athletes stay until it is over.");
  if (signup.state === "confirmed" && !input.confirmedCancellable)
    refuse("not-cancellable", "This event no longer takes cancellations.");
  if (signup.participantCount <= 1)
    refuse("last-participant", "This is the entry's last athlete: cancel the entry instead.");
  const next: SignupSnapshot = {
    ...signup,
    places: signup.places - 1,
    participantCount: signup.participantCount - 1,
  };
  return {
    signup: next,
    audit: { signupId: signup.id, action: "update-participants", actor, at: now, from: signup.state, to: next.state },
    releasesPlaces: false,
  };
}

/**
 * One athlete's price in what a payment paid, in its minor units: the entry fee line it froze
 * (`payments.billed`, decision 066: written first, one unit per participant) divided by its units,
 * less the athlete's part of any discount (its lines shared over what was bought, the stamp duty
 * aside). Without frozen lines (a payment made before billing began, or with no fiscal identity
 * set), what the payment still holds shared equally among the athletes still entered. Never more
 * than the payment still holds.
 */
export function athletePrice(input: {
  amount: number;
  /** What the payment already owes back. */
  refundDue: number;
  billed: readonly GrossItem[] | null;
  /** The athletes in the signup now, the one withdrawn among them. */
  participants: number;
}): number {
  const held = input.amount - input.refundDue;
  const entry = input.billed?.[0];
  let price: number;
  if (input.billed && entry && !entry.stampDuty && entry.gross > 0 && entry.quantity > 0) {
    const unit = entry.gross / entry.quantity;
    const bought = input.billed.filter((item) => !item.stampDuty && item.gross > 0);
    const spent = bought.reduce((sum, item) => sum + item.gross, 0);
    const discount = -input.billed.filter((item) => item.gross < 0).reduce((sum, item) => sum + item.gross, 0);
    price = Math.round(unit - (spent > 0 ? (unit * discount) / spent : 0));
  } else {
    price = Math.floor(held / Math.max(input.participants, 1));
  }
  return Math.max(0, Math.min(price, held));
}
