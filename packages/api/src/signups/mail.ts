import { queueMail, type Transaction } from "@sports/db";
import type { Context } from "hono";
import { publicOrigin } from "../accounts/session.ts";
import type { ApiEnv } from "../context.ts";
import { awaitingPaymentMail } from "../mail/templates.ts";
import { priceOf, type SignupView, signupRecapUrl, signupTitle } from "./serializers.ts";

/**
 * Writes the mail telling the visitor a submitted signup awaits payment into the outbox, in the
 * submission's transaction: what it is for, the amount and the deadline, in the signup's language,
 * with a link back to its recap.
 */
export async function queueAwaitingPaymentMail(c: Context<ApiEnv>, tx: Transaction, view: SignupView): Promise<void> {
  const user = c.var.session?.user;
  const price = priceOf(view, c.var.now);
  const deadline = view.signup.paymentDueAt;
  if (!user || !price || !deadline) return;
  const { event, signup } = view;
  const mail = awaitingPaymentMail({
    locale: signup.locale,
    name: user.givenName,
    what: signupTitle(view, signup.locale),
    amount: price.total,
    deadline,
    timeZone: event.timeZone,
    link: signupRecapUrl(publicOrigin(c), view),
  });
  await queueMail(tx, { to: user.email, kind: "awaiting-payment", ...mail });
}
