import {
  appointmentWithEvent,
  findWaitingListEntry,
  insertWaitingListEntry,
  isUuid,
  lockWaitingListEntry,
  recordWaitingListStep,
  type WaitingListEntryView,
  waitingCount,
  waitingListEntriesOf,
} from "@sports/db";
import { type Actor, availabilityOf, joinWaitingList, type Locale, leaveWaitingList, refuse } from "@sports/domain";
import type { UserActor } from "../actors.ts";
import { audit } from "../console/audit.ts";
import type { Deps } from "../deps.ts";
import { cancelSignup } from "../signups/cancel.ts";
import { snapshotOfEntry } from "./offers.ts";

/**
 * A runner's places in waiting lists (decision 027): joining the line of a sold-out appointment,
 * reading where one stands, leaving it. Entries are their runner's alone: anyone else is told there
 * is no such entry.
 */

export type { WaitingListEntryView };

const field = { relationship: "appointment" };

/**
 * Puts the runner in the appointment's line: only a published appointment that is sold out (or
 * whose freed places are already someone's in line), that keeps a list, once per runner.
 */
export async function joinTheLine(
  deps: Pick<Deps, "db" | "now">,
  actor: UserActor,
  input: { appointmentId: string; locale: Locale },
): Promise<WaitingListEntryView> {
  if (!isUuid(input.appointmentId)) refuse("not-found", "No such appointment.", { field });
  const target = await appointmentWithEvent(deps.db, input.appointmentId.toLowerCase());
  if (!target || target.event.status === "draft") return refuse("not-found", "No such appointment.", { field });
  const { appointment, event } = target;
  let availability = availabilityOf(event, appointment, deps.now).state;
  // Places free for a moment while offers are being made are the line's, not anyone's to sign up for.
  if (availability === "open" && (await waitingCount(deps.db, appointment.id)) > 0) availability = "sold-out";
  const step = joinWaitingList({
    id: crypto.randomUUID(),
    actor,
    appointmentId: appointment.id,
    availability,
    cancelled: appointment.cancelledAt !== null,
    waitingList: appointment.waitingList,
  });
  const written = await deps.db.transaction(async (tx) => {
    const row = await insertWaitingListEntry(tx, {
      id: step.entry.id,
      appointmentId: appointment.id,
      userId: actor.userId,
      locale: input.locale,
      at: deps.now,
    });
    if (row !== "already") await audit(tx, deps, actor, { ...step.audit, eventId: event.id });
    return row;
  });
  if (written === "already") refuse("already-waiting", "You are already in this appointment's line.", { field });
  return (await findWaitingListEntry(deps.db, step.entry.id)) as WaitingListEntryView;
}

/** The runner's entries, newest first, with where each stands. */
export function myWaitingListEntries(deps: Pick<Deps, "db">, actor: UserActor): Promise<WaitingListEntryView[]> {
  return waitingListEntriesOf(deps.db, actor.userId);
}

/** One of the runner's entries; anyone else's reads as none. */
export async function myWaitingListEntry(
  deps: Pick<Deps, "db">,
  actor: UserActor,
  entryId: string,
): Promise<WaitingListEntryView> {
  const entry = isUuid(entryId) ? await findWaitingListEntry(deps.db, entryId.toLowerCase()) : undefined;
  if (!entry || entry.userId !== actor.userId) return refuse("not-found", "No such waiting list entry.");
  return entry;
}

/**
 * The runner leaves the line. An offered place they leave goes back through its signup's
 * cancellation, and so to the next in line.
 */
export async function leaveTheLine(deps: Deps, actor: Actor, entryId: string): Promise<void> {
  if (actor.kind !== "user") refuse("not-owner", "Only a runner leaves their place in line.");
  const entry = await myWaitingListEntry(deps, actor, entryId);
  const offered = await deps.db.transaction(async (tx) => {
    const locked = await lockWaitingListEntry(tx, entry.id);
    if (!locked) return refuse("not-found", "No such waiting list entry.");
    const step = leaveWaitingList(snapshotOfEntry(locked), actor);
    await recordWaitingListStep(tx, locked.id, { state: step.entry.state, endedAt: deps.now });
    await audit(tx, deps, actor, { ...step.audit, eventId: entry.eventId });
    return locked.state === "offered" ? locked.signupId : null;
  });
  if (offered) await cancelSignup(deps, actor, { signupId: offered });
}
