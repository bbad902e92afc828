import type { AvailabilityState } from "./catalogue.ts";
import type { AuditAction, AuditChange } from "./console.ts";
import { refuse } from "./refusal.ts";
import type { Actor } from "./signup.ts";

/**
 * The waiting list of a sold-out appointment (docs/decisions/027-waiting-list.md). A runner joins
 * the line; when places come back, the first in line is offered one at once: a signup holding it for
 * the event's offer hours. The offer is accepted when that signup is confirmed, lapses when its hold
 * ends unused, and the runner may leave the line at any time before. Each step names its actor and
 * the audit line it writes.
 */
export const WAITING_LIST_STATES = ["waiting", "offered", "accepted", "lapsed", "left"] as const;
export type WaitingListState = (typeof WAITING_LIST_STATES)[number];

export const DEFAULT_OFFER_HOURS = 24;
const HOUR_MS = 3_600_000;

export interface WaitingListEntrySnapshot {
  id: string;
  appointmentId: string;
  userId: string;
  state: WaitingListState;
  signupId: string | null;
  offerExpiresAt: Date | null;
}

export interface WaitingListStep {
  entry: WaitingListEntrySnapshot;
  audit: AuditChange;
}

const auditOf = (
  action: AuditAction,
  before: WaitingListEntrySnapshot,
  after: WaitingListEntrySnapshot,
): AuditChange => ({
  action,
  subjectType: "waiting-list-entries",
  subjectId: after.id,
  before: { state: before.state },
  after: { state: after.state, signupId: after.signupId },
});

/**
 * A runner joins the line of an appointment. Only a runner for themselves, only where the organiser
 * keeps a list, and only while it is sold out: a place free now is to be taken, not waited for.
 */
export function joinWaitingList(input: {
  id: string;
  actor: Actor;
  appointmentId: string;
  availability: AvailabilityState;
  cancelled: boolean;
  waitingList: boolean;
}): WaitingListStep {
  const { actor } = input;
  if (actor.kind !== "user") refuse("not-owner", "Only a runner joins a waiting list, for themselves.");
  if (input.cancelled) refuse("closed", "This appointment is cancelled.");
  if (!input.waitingList) refuse("waiting-list-closed", "This appointment has no waiting list.");
  if (input.availability === "not-yet-open") refuse("not-open", "Signups for this appointment have not opened yet.");
  if (input.availability === "closed") refuse("closed", "Signups for this appointment are closed.");
  if (input.availability === "open") refuse("not-sold-out", "There are places left: sign up instead.");
  const entry: WaitingListEntrySnapshot = {
    id: input.id,
    appointmentId: input.appointmentId,
    userId: actor.userId,
    state: "waiting",
    signupId: null,
    offerExpiresAt: null,
  };
  return { entry, audit: { ...auditOf("join", entry, entry), before: null } };
}

/** The first in line is offered a place: the signup `signupId` holds it until the offer's end. */
export function offerPlace(
  entry: WaitingListEntrySnapshot,
  input: { signupId: string; now: Date; offerHours: number },
): WaitingListStep {
  if (entry.state !== "waiting") refuse("wrong-state", "Only a runner still waiting is offered a place.");
  const next: WaitingListEntrySnapshot = {
    ...entry,
    state: "offered",
    signupId: input.signupId,
    offerExpiresAt: new Date(input.now.getTime() + input.offerHours * HOUR_MS),
  };
  return { entry: next, audit: auditOf("offer", entry, next) };
}

/** The offered signup was confirmed: the runner has their place. */
export function acceptOffer(entry: WaitingListEntrySnapshot): WaitingListStep {
  if (entry.state !== "offered") refuse("wrong-state", "Only an offer is accepted.");
  const next: WaitingListEntrySnapshot = { ...entry, state: "accepted" };
  return { entry: next, audit: auditOf("accept", entry, next) };
}

/** The offered signup ended unconfirmed (its hold lapsed, or the runner cancelled it): the place passes on. */
export function lapseOffer(entry: WaitingListEntrySnapshot): WaitingListStep {
  if (entry.state !== "offered") refuse("wrong-state", "Only an offer lapses.");
  const next: WaitingListEntrySnapshot = { ...entry, state: "lapsed" };
  return { entry: next, audit: auditOf("lapse", entry, next) };
}

/**
 * The runner leaves the line, waiting or offered (an offered place then goes back through its
 * signup's cancellation, to the next in line). Only its owner may.
 */
export function leaveWaitingList(entry: WaitingListEntrySnapshot, actor: Actor): WaitingListStep {
  if (actor.kind !== "user" || actor.userId !== entry.userId) refuse("not-owner", "This is not your place in line.");
  if (entry.state !== "waiting" && entry.state !== "offered")
    refuse("wrong-state", "This place in line has already ended.");
  const next: WaitingListEntrySnapshot = { ...entry, state: "left" };
  return { entry: next, audit: auditOf("leave", entry, next) };
}

/**
 * A runner asks to be mailed when signups open on an appointment ("notify me"): only a runner for
 * themselves, only before they open, on an appointment that goes ahead. Asking again is no error.
 */
export function askForOpeningAlert(input: { actor: Actor; availability: AvailabilityState; cancelled: boolean }): void {
  if (input.actor.kind !== "user") refuse("not-owner", "Only a runner asks to be told, for themselves.");
  if (input.cancelled) refuse("closed", "This appointment is cancelled.");
  if (input.availability === "closed") refuse("closed", "Signups for this appointment are closed.");
  if (input.availability !== "not-yet-open") refuse("already-open", "Signups are open: sign up now.");
}
