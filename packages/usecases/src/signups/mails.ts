import { findUserById, queueMail, type Transaction } from "@sports/db";
import type { Deps } from "../deps.ts";
import { awaitingPaymentMail } from "../mail/templates.ts";
import { priceOf, type SignupView, signupRecapUrl, signupTitle } from "./views.ts";

/**
 * Writes the mail telling a signup's owner it awaits payment into the outbox, in the submission's
 * transaction: what it is for, the amount and the deadline, in the signup's language, with a link
 * back to its recap.
 */
export async function queueAwaitingPaymentMail(deps: Deps, tx: Transaction, view: SignupView): Promise<void> {
  const owner = view.signup.userId ? await findUserById(tx, view.signup.userId) : undefined;
  const price = priceOf(view, deps.now);
  const deadline = view.signup.paymentDueAt;
  if (!owner || !price || !deadline) return;
  const { event, signup } = view;
  const mail = awaitingPaymentMail({
    locale: signup.locale,
    name: owner.givenName,
    what: signupTitle(view, signup.locale),
    amount: price.total,
    deadline,
    timeZone: event.timeZone,
    link: signupRecapUrl(deps.siteUrl, view),
  });
  await queueMail(tx, { to: owner.email, kind: "awaiting-payment", ...mail });
}
