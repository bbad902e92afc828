import { findSignup, snapshotOf } from "@sports/db";
import {
  confirm,
  type FieldProblem,
  membersMatch,
  type PaymentProviderId,
  refuse,
  refuseProblems,
  submit as submitOf,
} from "@sports/domain";
import type { UserActor } from "../actors.ts";
import { SYSTEM } from "../actors.ts";
import { queueAthleteLinks } from "../athletes/links.ts";
import type { Deps } from "../deps.ts";
import { queueConfirmedMail } from "../payments/mails.ts";
import { signupFor } from "./find.ts";
import { queueAwaitingPaymentMail } from "./mails.ts";
import { applyTransition, withSignup } from "./transitions.ts";
import { priceOf, type SignupView, viewOf } from "./views.ts";

/**
 * Hands a complete held signup over to payment (its owner): the way to pay must be one the event
 * offers and the site has live, and the terms accepted (`invalid-input` names what is missing); the
 * appointment's prices must not have ended (`closed`). Its places stay held until the payment is due,
 * and the mail saying what to pay and by when is written in the same transaction. A signup that costs
 * nothing (a 100% discount code, decision 029) is confirmed at once by the site, in the same
 * transaction, with its tickets and the confirmation mail: there is nothing to pay, and no way to pay
 * to choose.
 */
export async function submitSignup(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; paymentMethod?: PaymentProviderId | undefined; termsAccepted?: boolean | undefined },
): Promise<SignupView> {
  const signup = await signupFor(deps, actor, input.signupId);
  const view = await viewOf(deps.db, signup);
  const live = [...deps.payments.providers.keys()];
  const offered = view.event.paymentMethods.filter((method) => live.includes(method));
  const price = priceOf(view, deps.now);
  // Nothing to pay: no way to pay to choose either.
  const free = price?.total.amount === 0;
  const problems: FieldProblem[] = [];
  if (!input.paymentMethod && !free)
    problems.push({ attribute: "paymentMethod", code: "required", detail: "Choose how to pay." });
  else if (input.paymentMethod && !offered.includes(input.paymentMethod))
    problems.push({
      attribute: "paymentMethod",
      code: "not-offered",
      detail: `This event takes payments by ${offered.join(", ")}.`,
    });
  if (!input.termsAccepted)
    problems.push({ attribute: "termsAccepted", code: "required", detail: "Accept the terms." });
  refuseProblems(problems);
  // The participants may have changed since a members-only code was applied.
  if (view.discountCode && !membersMatch(view.discountCode, view.participants))
    refuse("code-members-only", "This code is only for members of the clubs it names.", {
      field: { attribute: "discountCode" },
    });
  if (!price) refuse("closed", "This appointment's prices have ended.");
  const method = input.paymentMethod ?? "bank-transfer";
  const submitted = await withSignup(deps, signup.id, async (tx, locked) => {
    // The price above counted this code: another tab changing it meanwhile makes the visitor look again.
    if (locked.discountCodeId !== view.signup.discountCodeId)
      refuse("wrong-state", "The signup's discount code changed meanwhile: check the price again.");
    const transition = submitOf(snapshotOf(locked, view.participants.length), actor, deps.now, {
      paymentTermDays: view.event.paymentTermDays,
      method,
    });
    const changed = await applyTransition(deps, tx, locked, transition, {
      paymentMethod: free ? null : method,
      termsAcceptedAt: deps.now,
    });
    if (price.total.amount > 0) {
      await queueAwaitingPaymentMail(deps, tx, { ...view, signup: changed });
      return changed;
    }
    const confirmed = await applyTransition(deps, tx, changed, confirm(snapshotOf(changed, 0), SYSTEM, deps.now));
    // Read again: the tickets were given by the confirmation.
    const confirmedView = await viewOf(tx, (await findSignup(tx, confirmed.id)) ?? confirmed);
    await queueConfirmedMail(tx, { view: confirmedView, amount: price.total, paidAt: deps.now, siteUrl: deps.siteUrl });
    // A club's athletes are each asked for their own part (docs/decisions/068-club-entries.md).
    await queueAthleteLinks(deps, tx, confirmedView);
    return confirmed;
  });
  deps.mailQueued();
  return { ...view, signup: submitted };
}
