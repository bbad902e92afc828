import {
  appointmentsOfAnyEvent,
  type ConsoleEvent,
  catalogueChanged,
  eventSlugTaken,
  largestEarlierCapacity,
  liveSignupIdsOfEvent,
  lockEvent,
  type Transaction,
  updateEvent as updateEventRow,
} from "@sports/db";
import {
  type Actor,
  type AuditAction,
  checkCapacitiesConfirmed,
  type EventStatus,
  publishingProblems,
  refuse,
  refuseProblems,
  refusePublishing,
} from "@sports/domain";
import { requireOrganiser } from "../actors.ts";
import type { Deps } from "../deps.ts";
import { audit } from "./audit.ts";
import { cancelSignupsOf } from "./called-off-signups.ts";
import { changedFields, type EventFields, eventProblems, searchTextFor } from "./catalogue-fields.ts";

/**
 * The statuses an event may go to from each: a draft is published (or cancelled), a published
 * event unpublished back to a draft or cancelled; a cancelled event stays cancelled.
 */
const NEXT_STATUSES: Record<EventStatus, readonly EventStatus[]> = {
  draft: ["draft", "published", "cancelled"],
  published: ["published", "draft", "cancelled"],
  cancelled: ["cancelled"],
};

/**
 * Changes an event's fields and status, with one audit line of what changed. Publishing a draft is
 * refused while it has problems (`not-publishable`, every one at once: packages/domain/src/publishing.ts),
 * then while a capacity is over ten times the largest of the earlier races and `confirmLargeCapacity`
 * is not given (`capacity-large-unconfirmed`). Unpublishing an event people signed up for is refused
 * (`has-signups`): they are told by cancelling it. Cancelling it cancels every signup still holding
 * places, as the organiser, each in its own transaction after the event's: paid ones are refunded in
 * full through their provider, and every runner gets a mail in their account's language.
 */
export async function updateEvent(
  deps: Deps,
  actor: Actor,
  input: { eventId: string; change: EventFields; confirmLargeCapacity?: boolean },
): Promise<ConsoleEvent> {
  requireOrganiser(actor, "changes events");
  const { change } = input;
  const { event, cancelled } = await deps.db.transaction(async (tx) => {
    const locked = await lockEvent(tx, input.eventId);
    if (!locked) refuse("not-found", `No event ${input.eventId}.`);
    const next = { ...locked, ...stripUndefined(change) };
    if (!NEXT_STATUSES[locked.status].includes(next.status))
      refuse("wrong-state", `A ${locked.status} event cannot become ${next.status}.`, {
        field: { attribute: "status" },
      });
    refuseProblems(eventProblems(next));
    if (change.slug !== undefined && (await eventSlugTaken(tx, change.slug, locked.id)))
      refuseProblems([{ attribute: "slug", code: "slug-taken", detail: "Another event has this slug." }]);
    const { before, after } = changedFields(locked, change);
    if (Object.keys(after).length === 0) return { event: locked, cancelled: false };
    if (locked.status === "published" && next.status === "draft" && (await hasLiveSignups(tx, locked.id)))
      refuse("has-signups", "People signed up for this event: cancel it instead of unpublishing it.");
    if (locked.status !== "published" && next.status === "published")
      await checkPublishable(tx, deps, next, input.confirmLargeCapacity ?? false);
    const updated = await updateEventRow(tx, locked.id, {
      ...after,
      searchText: searchTextFor(next),
      updatedAt: deps.now,
    });
    await audit(tx, deps, actor, {
      action: actionOf(locked.status, next.status),
      subjectType: "events",
      subjectId: locked.id,
      eventId: locked.id,
      before,
      after,
    });
    return { event: updated, cancelled: locked.status !== "cancelled" && next.status === "cancelled" };
  });
  await catalogueChanged(deps.db);
  if (cancelled) await cancelSignupsOf(deps, actor, { eventId: event.id });
  return event;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Refuses publishing `event` as it would be after the change, at `deps.now`. */
async function checkPublishable(tx: Transaction, deps: Deps, event: ConsoleEvent, confirmed: boolean): Promise<void> {
  const appointments = await appointmentsOfAnyEvent(tx, event.id);
  refusePublishing(publishingProblems(event, appointments, deps.now));
  checkCapacitiesConfirmed(appointments, await largestEarlierCapacity(tx, event.id), confirmed);
}

async function hasLiveSignups(tx: Transaction, eventId: string): Promise<boolean> {
  return (await liveSignupIdsOfEvent(tx, eventId)).length > 0;
}

function actionOf(from: EventStatus, to: EventStatus): AuditAction {
  if (from === to) return "update";
  if (to === "published") return "publish";
  if (to === "cancelled") return "cancel";
  return "unpublish";
}
