import {
  changePayment,
  findUserById,
  liveSignupIdsOfAppointment,
  liveSignupIdsOfEvent,
  liveSignupsOfCancelled,
  lockedPaidPayment,
  type PaymentRecord,
  queueMail,
  snapshotOf,
  type Transaction,
} from "@sports/db";
import { cancel } from "@sports/domain";
import { type OrganiserActor, SYSTEM } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { eventCancelledMail } from "../mail/templates.ts";
import { queuePaymentMail } from "../payments/mails.ts";
import { refundOwed } from "../payments/refunds.ts";
import { applyTransition, withSignup } from "../signups/transitions.ts";
import {
  mailLanguage,
  type SignupView,
  signupRecapUrl,
  signupReference,
  signupTitle,
  viewOf,
} from "../signups/views.ts";

/** What the organiser called off: a whole event, or one of its appointments. */
export type CalledOff = { eventId: string } | { appointmentId: string };

type Scope = "event" | "appointment";

/**
 * Cancels the signups still holding places of a cancelled event or appointment, one transaction
 * each (a failure leaves the others done; calling it again finishes the rest): as the organiser,
 * whatever the event's cancellation window, with everything paid owed back and a mail to the runner.
 */
export async function cancelSignupsOf(deps: Deps, actor: OrganiserActor, target: CalledOff): Promise<number> {
  const scope: Scope = "eventId" in target ? "event" : "appointment";
  const ids =
    "eventId" in target
      ? await liveSignupIdsOfEvent(deps.db, target.eventId)
      : await liveSignupIdsOfAppointment(deps.db, target.appointmentId);
  return cancelAll(
    deps,
    actor,
    ids.map((signupId) => ({ signupId, scope })),
  );
}

/**
 * Finishes cancellations a stopped process left half done: every signup still holding places on a
 * cancelled event or appointment is cancelled as {@link cancelSignupsOf} would have, by the site.
 * Idempotent: a signup already cancelled is left alone. The number cancelled.
 */
export async function finishCancellations(deps: Deps): Promise<number> {
  return cancelAll(deps, SYSTEM, await liveSignupsOfCancelled(deps.db));
}

async function cancelAll(
  deps: Deps,
  actor: OrganiserActor | typeof SYSTEM,
  signups: readonly { signupId: string; scope: Scope }[],
): Promise<number> {
  const owed: PaymentRecord[] = [];
  let cancelledCount = 0;
  for (const { signupId, scope } of signups) {
    await withSignup(deps, signupId, async (tx, locked) => {
      if (locked.state !== "held" && locked.state !== "awaiting-payment" && locked.state !== "confirmed") return;
      const view = await viewOf(tx, locked);
      const transition = cancel(snapshotOf(locked, view.participants.length), actor, deps.now, {
        confirmedCancellable: true,
        calledOff: true,
      });
      const payment = locked.state === "confirmed" ? await refundInFull(deps, tx, actor, view, scope) : undefined;
      if (payment) owed.push(payment);
      const cancelled = await applyTransition(deps, tx, locked, transition);
      await queueCancelledMail(deps, tx, { ...view, signup: cancelled }, payment !== undefined, scope);
      cancelledCount += 1;
    });
  }
  if (cancelledCount > 0) deps.mailQueued();
  for (const payment of owed) await refundOwed(deps, payment);
  return cancelledCount;
}

/** The signup's paid payment owed back in full (the organiser called it off), with its mail. */
async function refundInFull(
  deps: Pick<Deps, "now" | "siteUrl">,
  tx: Transaction,
  actor: OrganiserActor | typeof SYSTEM,
  view: SignupView,
  scope: Scope,
): Promise<PaymentRecord | undefined> {
  const payment = await lockedPaidPayment(tx, view.signup.id);
  if (!payment) return undefined;
  const owed = await changePayment(
    tx,
    payment,
    { refundDue: payment.amount },
    {
      source: actor.kind === "organiser" ? "organiser" : "site",
      at: deps.now,
      ...(actor.kind === "organiser" ? { actorUserId: actor.userId } : {}),
      note: `${scope} cancelled: all owed back`,
    },
  );
  await queuePaymentMail(tx, { kind: "cancel-refund", payment: owed, view, siteUrl: deps.siteUrl });
  return owed;
}

async function queueCancelledMail(
  deps: Pick<Deps, "siteUrl">,
  tx: Transaction,
  view: SignupView,
  refunded: boolean,
  scope: Scope,
): Promise<void> {
  const owner = view.signup.userId ? await findUserById(tx, view.signup.userId) : undefined;
  if (!owner) return;
  const locale = mailLanguage(owner);
  const mail = eventCancelledMail({
    scope,
    locale,
    name: owner.givenName,
    what: signupTitle(view, locale),
    reference: signupReference(view.signup.id),
    refunded,
    link: signupRecapUrl(deps.siteUrl, view, locale),
  });
  await queueMail(tx, { to: owner.email, kind: `${scope}-cancelled`, ...mail });
}
