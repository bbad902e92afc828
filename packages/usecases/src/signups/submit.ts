import { snapshotOf } from "@sports/db";
import { type FieldProblem, type PaymentProviderId, refuse, refuseProblems, submit as submitOf } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "./find.ts";
import { queueAwaitingPaymentMail } from "./mails.ts";
import { applyTransition, withSignup } from "./transitions.ts";
import { priceOf, type SignupView, viewOf } from "./views.ts";

/**
 * Hands a complete held signup over to payment (its owner): the way to pay must be one the event
 * offers and the site has live, and the terms accepted (`invalid-input` names what is missing); the
 * appointment's prices must not have ended (`closed`). Its places stay held until the payment is due,
 * and the mail saying what to pay and by when is written in the same transaction.
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
  const problems: FieldProblem[] = [];
  if (!input.paymentMethod)
    problems.push({ attribute: "paymentMethod", code: "required", detail: "Choose how to pay." });
  else if (!offered.includes(input.paymentMethod))
    problems.push({
      attribute: "paymentMethod",
      code: "not-offered",
      detail: `This event takes payments by ${offered.join(", ")}.`,
    });
  if (!input.termsAccepted)
    problems.push({ attribute: "termsAccepted", code: "required", detail: "Accept the terms." });
  refuseProblems(problems);
  if (!priceOf(view, deps.now)) refuse("closed", "This appointment's prices have ended.");
  const method = input.paymentMethod ?? "bank-transfer";
  const submitted = await withSignup(deps, signup.id, async (tx, locked) => {
    const transition = submitOf(snapshotOf(locked, view.participants.length), actor, deps.now, {
      paymentTermDays: view.event.paymentTermDays,
      method,
    });
    const changed = await applyTransition(deps, tx, locked, transition, {
      paymentMethod: method,
      termsAcceptedAt: deps.now,
    });
    await queueAwaitingPaymentMail(deps, tx, { ...view, signup: changed });
    return changed;
  });
  deps.mailQueued();
  return { ...view, signup: submitted };
}
