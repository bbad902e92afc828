import {
  changePayment,
  deleteParticipant,
  findManagedClub,
  findSignup,
  isUuid,
  lockedPaidPayment,
  type ParticipantRecord,
  type PaymentRecord,
  participantToWithdraw,
  paymentsOfSignup,
  type SignupRecord,
  snapshotOf,
  type Transaction,
} from "@sports/db";
import { type Actor, athletePrice, refuse, withdraw } from "@sports/domain";
import { mayActOn } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { refundOnCancelOf, refundOwed } from "../payments/refunds.ts";
import { applyTransition, withSignup } from "../signups/transitions.ts";
import { confirmedCancellable, type SignupView, settleLapsed, viewOf } from "../signups/views.ts";

/** Payment attempts that took no money and are over: any other one of an unpaid signup is under way. */
const ENDED_UNPAID = new Set(["failed", "cancelled", "expired"]);

/**
 * Takes one athlete out of a club's signup, the others staying (docs/decisions/068): by a manager
 * of the club (or the account that holds the signup) or an organiser, under the domain's `withdraw`
 * rules. In the signup's locked transaction the participant row goes (their ticket stops working,
 * their bib goes with it), the signup holds one place less and the appointment gets it
 * back, offered to its waiting list as a cancellation's places are (`applyTransition`). A confirmed,
 * paid signup owes back the event's refund policy on this athlete's price (`athletePrice`: their
 * share of the payment's frozen entry fees), recorded on the payment and given back after the commit,
 * which issues its credit note or refund receipt (`giveBack`). An unpaid one simply costs less.
 * Refused `not-found` for a signup or participant that is not there, `not-owner` for someone else's.
 */
export async function withdrawAthlete(
  deps: Deps,
  actor: Actor,
  input: { signupId: string; participantId: string },
): Promise<SignupView> {
  const signup = await settleLapsed(deps, await clubSignupFor(deps, actor, input.signupId));
  const view = await viewOf(deps.db, signup);
  let owed: PaymentRecord | undefined;
  const changed = await withSignup(deps, signup.id, async (tx, locked) => {
    const id = input.participantId;
    const found = isUuid(id) ? await participantToWithdraw(tx, locked.id, id.toLowerCase()) : undefined;
    if (!found) refuse("not-found", `No participant ${id} in this signup.`);
    const attempts = locked.state === "awaiting-payment" ? await paymentsOfSignup(tx, locked.id) : [];
    const transition = withdraw(snapshotOf(locked, found.participantCount), actor, deps.now, {
      confirmedCancellable: confirmedCancellable(view.event, view.appointment, deps.now),
      checkedIn: found.checkedIn,
      transferred: found.transferred,
      paymentStarted: attempts.some((payment) => !ENDED_UNPAID.has(payment.state)),
    });
    const refund =
      locked.state === "confirmed" ? await owedOnWithdrawal(deps, tx, actor, view, found.participantCount) : undefined;
    if (refund && refund.share > 0) owed = refund.payment;
    await deleteParticipant(tx, found.participant);
    const recorded = await applyTransition(deps, tx, locked, transition);
    await audit(tx, deps, actor, {
      action: "athlete-withdrawn",
      subjectType: "signups",
      subjectId: locked.id,
      eventId: locked.eventId,
      before: { places: locked.places, participant: athleteOf(found.participant) },
      after: {
        places: recorded.places,
        ...(refund ? { price: refund.price, refund: refund.share, payment: refund.payment.id } : {}),
      },
    });
    return recorded;
  });
  // The mail of a place offered to the waiting list (waiting-list/offers.ts).
  deps.mailQueued();
  if (owed) await refundOwed(deps, owed);
  return viewOf(deps.db, changed);
}

/**
 * The club's signup, for a manager of its club, the account that holds it, or an organiser.
 * A runner's own signup has no athletes to withdraw one by one (`wrong-state`: they change its
 * participants while it is held, or cancel it).
 */
async function clubSignupFor(deps: Deps, actor: Actor, signupId: string): Promise<SignupRecord> {
  const found = isUuid(signupId) ? await findSignup(deps.db, signupId.toLowerCase()) : undefined;
  if (!found) refuse("not-found", `No signup ${signupId}.`);
  const managed =
    found.clubId !== null && actor.kind === "user" && (await findManagedClub(deps.db, found.clubId, actor.userId));
  if (!managed && !mayActOn(actor, found.userId)) refuse("not-owner", "This signup is not yours.");
  if (found.clubId === null) refuse("wrong-state", "Only a club's entry has its athletes withdrawn one by one.");
  return found;
}

/**
 * Inside the withdrawal's transaction: what the paid signup's payment owes back for one athlete, the
 * refund policy applied to their price (all of it until the last refund day, nothing after), added
 * to what it owed already. Undefined when nothing was paid.
 */
async function owedOnWithdrawal(
  deps: Pick<Deps, "now">,
  tx: Transaction,
  actor: Actor,
  view: SignupView,
  participants: number,
): Promise<{ payment: PaymentRecord; price: number; share: number } | undefined> {
  const payment = await lockedPaidPayment(tx, view.signup.id);
  if (!payment) return undefined;
  const price = athletePrice({ ...payment, participants });
  const share = refundOnCancelOf(view, price, deps.now).amount;
  if (share === 0) return { payment, price, share };
  const changed = await changePayment(
    tx,
    payment,
    { refundDue: payment.refundDue + share },
    {
      source: actor.kind === "organiser" ? "organiser" : "visitor",
      at: deps.now,
      ...("userId" in actor ? { actorUserId: actor.userId } : {}),
      note: `athlete withdrawn: ${share} owed back`,
    },
  );
  return { payment: changed, price, share };
}

function athleteOf(participant: ParticipantRecord) {
  const { id, givenName, familyName, position } = participant;
  return { id, givenName, familyName, position };
}
