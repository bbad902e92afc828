import type { Context } from "hono";
import { publicOrigin } from "../accounts/session.ts";
import type { ApiEnv } from "../context.ts";
import type { Mailer } from "../mail/mailer.ts";
import { awaitingPaymentMail } from "../mail/templates.ts";
import { priceOf, type SignupView, signupRecapUrl, signupTitle } from "./serializers.ts";

/**
 * Tells the visitor a submitted signup awaits payment: what it is for, the amount and the
 * deadline, in the signup's language, with a link back to its recap. Not awaited: the answer does
 * not wait for the relay; a failure is logged.
 */
export function mailAwaitingPayment(mailer: Mailer, logger?: { error(details: object, message: string): void }) {
  return (c: Context<ApiEnv>, view: SignupView) => {
    const user = c.var.session?.user;
    const price = priceOf(view, c.var.now);
    const deadline = view.signup.paymentDueAt;
    if (!user || !price || !deadline) return;
    const { event, signup } = view;
    mailer
      .send({
        to: user.email,
        ...awaitingPaymentMail({
          locale: signup.locale,
          name: user.givenName,
          what: signupTitle(view, signup.locale),
          amount: price.total,
          deadline,
          timeZone: event.timeZone,
          link: signupRecapUrl(publicOrigin(c), view),
        }),
      })
      .catch((error: unknown) => logger?.error({ err: error }, "mail not sent"));
  };
}
