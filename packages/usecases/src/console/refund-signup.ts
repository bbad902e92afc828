import { changePayment, findSignup, isUuid, lockedPaidPayment, type PaymentRecord } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { refundOwed } from "../payments/refunds.ts";
import { withSignup } from "../signups/transitions.ts";
import { audit } from "./audit.ts";

/**
 * An organiser gives money back on a paid signup, all that is left or a part (in minor units),
 * through the provider that took it: the amount is added to what the payment owes back
 * (`refundDue`), never past what was paid, and given back after the commit (the refunds job retries
 * a failure). The signup itself stays as it is: cancelling is another action.
 */
export async function refundSignup(
  deps: Deps,
  actor: Actor,
  input: { signupId: string; amount?: number },
): Promise<PaymentRecord> {
  requireOrganiser(actor, "gives money back");
  const signup = isUuid(input.signupId) ? await findSignup(deps.db, input.signupId.toLowerCase()) : undefined;
  if (!signup) refuse("not-found", `No signup ${input.signupId}.`);
  const owed = await withSignup(deps, signup.id, async (tx) => {
    const payment = await lockedPaidPayment(tx, signup.id);
    if (!payment) refuse("wrong-state", "Nothing was paid on this signup.");
    const left = payment.amount - payment.refundDue;
    const amount = input.amount ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left)
      refuse("invalid-input", `At most ${left} can be given back.`, {
        problems: [{ attribute: "amount", code: "refund-above-paid", detail: `Give back from 1 to ${left}.` }],
      });
    const changed = await changePayment(
      tx,
      payment,
      { refundDue: payment.refundDue + amount },
      { source: "organiser", at: deps.now, actorUserId: actor.userId, note: `organiser: ${amount} owed back` },
    );
    await audit(tx, deps, actor, {
      action: "refund",
      subjectType: "signups",
      subjectId: signup.id,
      eventId: signup.eventId,
      before: { refundDue: payment.refundDue },
      after: { refundDue: changed.refundDue, amount, payment: payment.id },
    });
    return changed;
  });
  return refundOwed(deps, owed);
}
