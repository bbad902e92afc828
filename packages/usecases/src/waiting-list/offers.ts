import {
  appointmentWithEvent,
  findUserById,
  holdOfferedPlace,
  lockNextInLine,
  lockOfferOf,
  queueMail,
  recordWaitingListStep,
  type Transaction,
  type WaitingListEntryRecord,
} from "@sports/db";
import {
  acceptOffer,
  holdOffered,
  lapseOffer,
  offerPlace,
  pickText,
  type WaitingListEntrySnapshot,
  type WaitingListStep,
} from "@sports/domain";
import { localizedUrl, placeOf, signupPath } from "@sports/jsonapi";
import { audit } from "../console/audit.ts";
import type { Deps, PlacesFreed } from "../deps.ts";
import { waitingListOfferMail } from "../mail/templates.ts";

/**
 * What happens to a waiting list when places come back or an offer is taken up (decision 027): the
 * use cases' one point of "places freed" (`applyTransition`, signups/transitions.ts) calls these in
 * the transaction that freed the places, so no one else can take them meanwhile.
 */

const SYSTEM = { kind: "system" } as const;

export const snapshotOfEntry = (entry: WaitingListEntryRecord): WaitingListEntrySnapshot => ({
  id: entry.id,
  appointmentId: entry.appointmentId,
  userId: entry.userId,
  state: entry.state,
  signupId: entry.signupId,
  offerExpiresAt: entry.offerExpiresAt,
});

async function record(
  deps: Pick<Deps, "now">,
  tx: Transaction,
  step: WaitingListStep,
  eventId: string,
  actor: Parameters<typeof audit>[2] = SYSTEM,
) {
  const ended = step.entry.state === "waiting" || step.entry.state === "offered" ? null : deps.now;
  await recordWaitingListStep(tx, step.entry.id, {
    state: step.entry.state,
    signupId: step.entry.signupId,
    offerExpiresAt: step.entry.offerExpiresAt,
    ...(step.entry.state === "offered" ? { offeredAt: deps.now } : {}),
    ...(ended ? { endedAt: ended } : {}),
  });
  await audit(tx, deps, actor, { ...step.audit, eventId });
}

/**
 * Places came back on an appointment. If they were an offer's and its signup ended (lapsed, or
 * cancelled before it was confirmed), that offer lapses first. Then, on a published event's race
 * that goes ahead, the first in line are offered one place each, for as long as places and people
 * last, each with their mail.
 */
export async function placesFreed(
  deps: Pick<Deps, "now" | "siteUrl">,
  tx: Transaction,
  freed: PlacesFreed,
  options: { signupEnded: boolean },
): Promise<number> {
  const offer = options.signupEnded && freed.signupId ? await lockOfferOf(tx, freed.signupId) : undefined;
  const target = await appointmentWithEvent(tx, freed.appointmentId);
  if (!target) return 0;
  const { appointment, event } = target;
  if (offer) await record(deps, tx, lapseOffer(snapshotOfEntry(offer)), event.id);
  // A race called off, or an event cancelled or back in draft, offers nothing.
  if (appointment.cancelledAt || event.status !== "published") return 0;
  let offered = 0;
  for (;;) {
    const next = await lockNextInLine(tx, appointment.id);
    if (!next) break;
    const hold = holdOffered({
      id: crypto.randomUUID(),
      userId: next.userId,
      now: deps.now,
      offerHours: event.offerHours,
    });
    const held = await holdOfferedPlace(tx, {
      transition: hold,
      eventId: event.id,
      appointmentId: appointment.id,
      locale: next.locale,
    });
    if (!held) break;
    const step = offerPlace(snapshotOfEntry(next), {
      signupId: hold.signup.id,
      now: deps.now,
      offerHours: event.offerHours,
    });
    await record(deps, tx, step, event.id);
    const owner = await findUserById(tx, next.userId);
    if (owner && step.entry.offerExpiresAt) {
      const locale = owner.preferredLocale;
      const what = [pickText(event.title, locale), pickText(appointment.title, locale)].filter(Boolean).join(" – ");
      const link = localizedUrl(deps.siteUrl, locale, signupPath(placeOf(event, appointment), hold.signup.id));
      const mail = waitingListOfferMail({
        locale,
        name: owner.givenName,
        what,
        until: step.entry.offerExpiresAt,
        timeZone: event.timeZone,
        link,
      });
      await queueMail(tx, { to: owner.email, kind: "waiting-list-offer", signupId: hold.signup.id, ...mail });
    }
    offered++;
  }
  return offered;
}

/** A signup was confirmed: if a waiting list offered it, the offer is accepted. */
export async function offerTakenUp(deps: Pick<Deps, "now">, tx: Transaction, signupId: string, eventId: string) {
  const offer = await lockOfferOf(tx, signupId);
  if (offer) await record(deps, tx, acceptOffer(snapshotOfEntry(offer)), eventId);
}
