import { pickText } from "@sports/domain";
import type { Context } from "hono";
import { publicOrigin } from "../accounts/session.ts";
import type { ApiEnv } from "../context.ts";
import type { Mailer } from "../mail/mailer.ts";
import { awaitingPaymentMail } from "../mail/templates.ts";
import { priceOf, type SignupView } from "./serializers.ts";

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
    const { event, appointment, signup } = view;
    const title = [pickText(event.title, signup.locale), pickText(appointment.title, signup.locale)];
    // The site leaves an event-mode event's implicit appointment out of its addresses.
    const segment = appointment.implicit ? "" : `/${appointment.slug}`;
    const path = `/evento/${event.slug}/appuntamento${segment}/iscrizione/${signup.id}/recap`;
    mailer
      .send({
        to: user.email,
        ...awaitingPaymentMail({
          locale: signup.locale,
          name: user.givenName,
          what: title.filter(Boolean).join(" – "),
          amount: price.total,
          deadline,
          timeZone: event.timeZone,
          link: `${publicOrigin(c)}/${signup.locale}${path}`,
        }),
      })
      .catch((error: unknown) => logger?.error({ err: error }, "mail not sent"));
  };
}
