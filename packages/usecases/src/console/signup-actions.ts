import { findSignup, isUuid } from "@sports/db";
import { type Actor, refuse } from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { markPaid } from "../payments/mark-paid.ts";
import { cancelSignup } from "../signups/cancel.ts";
import { audit } from "./audit.ts";

async function signupOf(deps: Pick<Deps, "db">, signupId: string) {
  const signup = isUuid(signupId) ? await findSignup(deps.db, signupId.toLowerCase()) : undefined;
  if (!signup) refuse("not-found", `No signup ${signupId}.`);
  return signup;
}

/**
 * An organiser records a bank transfer as arrived, from the console (markPaid does the work and
 * keeps the payment's own log; this writes the console's line after it).
 */
export async function markSignupPaid(deps: Deps, actor: Actor, input: { signupId: string }) {
  requireOrganiser(actor, "records payments");
  const before = await signupOf(deps, input.signupId);
  const payment = await markPaid(deps, actor, { signupId: before.id });
  await deps.db.transaction((tx) =>
    audit(tx, deps, actor, {
      action: "mark-paid",
      subjectType: "signups",
      subjectId: before.id,
      eventId: before.eventId,
      before: { state: before.state },
      after: { payment: payment.payment.id, amount: payment.payment.amount, state: payment.view.signup.state },
    }),
  );
  return payment;
}

/** An organiser cancels a signup from the console: cancelSignup as the organiser, refunding as it does. */
export async function cancelSignupAsOrganiser(deps: Deps, actor: Actor, input: { signupId: string }) {
  requireOrganiser(actor, "cancels signups");
  const before = await signupOf(deps, input.signupId);
  const view = await cancelSignup(deps, actor, { signupId: before.id });
  await deps.db.transaction((tx) =>
    audit(tx, deps, actor, {
      action: "cancel",
      subjectType: "signups",
      subjectId: before.id,
      eventId: before.eventId,
      before: { state: before.state },
      after: { state: view.signup.state },
    }),
  );
  return view;
}
