import { findUserById, queueMail, type Transaction } from "@sports/db";
import type { Deps } from "../deps.ts";
import { awaitingPaymentMail } from "../mail/templates.ts";
import { mailLanguage, priceOf, type SignupView, signupDetails, signupRecapUrl, signupTitle } from "./views.ts";

/**
 * Writes the mail telling a signup's owner it awaits payment into the outbox, in the submission's
 * transaction: what it is for (day, start, place, lodging), the amount and the deadline, in the
 * owner's language (decision 018), with a link back to its recap.
 */
export async function queueAwaitingPaymentMail(deps: Deps, tx: Transaction, view: SignupView): Promise<void> {
  const owner = view.signup.userId ? await findUserById(tx, view.signup.userId) : undefined;
  const price = priceOf(view, deps.now);
  const deadline = view.signup.paymentDueAt;
  if (!owner || !price || !deadline) return;
  const locale = mailLanguage(owner);
  const mail = awaitingPaymentMail({
    locale,
    name: owner.givenName,
    what: signupTitle(view, locale),
    details: signupDetails(view, locale),
    amount: price.total,
    deadline,
    timeZone: view.event.timeZone,
    link: signupRecapUrl(deps.siteUrl, view, locale),
  });
  await queueMail(tx, { to: owner.email, kind: "awaiting-payment", signupId: view.signup.id, ...mail });
}
