import { keepUserBilling, type SignupBilling, setSignupBilling, userBilling } from "@sports/db";
import { type Actor, type BillingDetailsInput, checkBillingDetails, refuse, refuseProblems } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { signupFor } from "../signups/find.ts";
import { withSignup } from "../signups/transitions.ts";
import { type SignupView, viewOf } from "../signups/views.ts";

/** What each billing problem says in the API's own words (the site says it in the page's language). */
export const BILLING_PROBLEM_DETAILS: Record<string, string> = {
  required: "This is required.",
  "full-name-required": "Give the given and the family name.",
  "vat-or-tax-code-required": "Give the VAT number or the tax code.",
  "vat-number-shape": "This is not a VAT number.",
  "vat-number-check-digit": "This VAT number's check digit is wrong.",
  "tax-code-shape": "This is not a tax code.",
  "tax-code-check-character": "This tax code's check character is wrong.",
  "tax-code-check-digit": "This tax code's check digit is wrong.",
  "country-shape": "Give the country as its two-letter ISO code.",
  "postal-code-shape": "This is not a postal code.",
  "province-shape": "Give the province's two letters.",
  "recipient-code-shape": "A recipient code has 7 letters or digits.",
  "recipient-code-foreign-only": "XXXXXXX is only for buyers abroad.",
  "recipient-code-foreign": "A buyer abroad uses the recipient code XXXXXXX.",
  "pec-shape": "This is not an e-mail address.",
};

/**
 * Sets who a signup's receipt or invoice names (decision 066), from its owner at the recap: checked
 * as typed (check digits, shapes; every problem at its field under `billing/`), written on the
 * signup and kept on the account for the next time. Only before the signup is paid: afterwards its
 * document is issued (`wrong-state`).
 */
export async function setBilling(
  deps: Deps,
  actor: UserActor,
  input: { signupId: string; billing: BillingDetailsInput },
): Promise<SignupView> {
  const signup = await signupFor(deps, actor, input.signupId);
  const checked = checkBillingDetails(input.billing);
  if ("problems" in checked) {
    refuseProblems(
      checked.problems.map((problem) => ({
        attribute: `billing/${problem.field}`,
        code: problem.code,
        detail: BILLING_PROBLEM_DETAILS[problem.code] ?? "This is not valid.",
      })),
      "The billing details have problems.",
    );
  }
  const details = "details" in checked ? checked.details : undefined;
  if (!details) throw new Error("Billing details neither checked nor refused.");
  const billing: SignupBilling = {
    buyer: details,
    document: details.kind === "business" || input.billing.wantsInvoice ? "invoice" : "receipt",
  };
  const changed = await withSignup(deps, signup.id, async (tx, locked) => {
    if (locked.state !== "held" && locked.state !== "awaiting-payment") {
      refuse("wrong-state", `A ${locked.state} signup's billing details can no longer change.`, {
        field: { attribute: "billing" },
      });
    }
    await setSignupBilling(tx, locked.id, billing, deps.now);
    await keepUserBilling(tx, actor.userId, billing, deps.now);
    return { ...locked, billing };
  });
  return viewOf(deps.db, changed);
}

/** The billing details the actor gave at their last recap, to offer again; null for anyone else. */
export async function lastBillingOf(deps: Pick<Deps, "db">, actor: Actor): Promise<SignupBilling | null> {
  if (actor.kind !== "user") return null;
  return (await userBilling(deps.db, actor.userId))?.billing ?? null;
}
