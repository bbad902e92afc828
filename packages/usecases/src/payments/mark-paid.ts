import { findSignup, isUuid, paymentsOfSignup } from "@sports/db";
import { refuse } from "@sports/domain";
import type { OrganiserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { settleLapsed } from "../signups/views.ts";
import { type PaymentView, paymentView } from "./find.ts";
import { newPayment } from "./new-payment.ts";
import { afterSettlement, settle } from "./settle.ts";

/**
 * An organiser records that a signup's money arrived by bank transfer: its open transfer, or a new
 * one of what the signup costs today, is settled paid as a provider's word would settle it (a signup
 * expired meanwhile is confirmed if its places can be taken again, else the money is owed back).
 * Refused `not-found`, `already-paid`, and `wrong-state` for a signup that takes no payment.
 */
export async function markPaid(deps: Deps, actor: OrganiserActor, input: { signupId: string }): Promise<PaymentView> {
  const found = isUuid(input.signupId) ? await findSignup(deps.db, input.signupId.toLowerCase()) : undefined;
  if (!found) refuse("not-found", `No signup ${input.signupId}.`);
  const signup = await settleLapsed(deps, found);
  const earlier = await paymentsOfSignup(deps.db, signup.id);
  if (signup.state === "confirmed" || earlier.some((payment) => payment.state === "paid")) {
    refuse("already-paid", "This signup is paid already.");
  }
  let payment = earlier.find((p) => p.provider === "bank-transfer" && p.state === "pending");
  if (!payment) {
    if (signup.state !== "awaiting-payment" && signup.state !== "expired") {
      refuse("wrong-state", `A ${signup.state} signup takes no payment.`);
    }
    ({ payment } = await newPayment(deps, signup, { provider: "bank-transfer", locale: signup.locale }));
  }
  const settlement = await settle(deps, actor, {
    key: { id: payment.id },
    report: {
      providerReference: payment.providerReference ?? "",
      outcome: "paid",
      amount: payment.amount,
      currency: payment.currency,
    },
    source: "organiser",
  });
  return paymentView(deps, (await afterSettlement(deps, settlement)) ?? payment);
}
