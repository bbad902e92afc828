import type { AvailabilityState } from "./catalogue.ts";
import type { PaymentProviderId } from "./payment.ts";
import { refuse } from "./refusal.ts";

/**
 * The signup's state machine (docs/decisions/011-signups-and-capacity.md): a signup holds its
 * places from the start; the visitor fills it in and submits it, then it waits for payment and is
 * confirmed; a hold or a payment term that lapses expires it; a cancellation ends it. Each
 * transition is a verb taking the actor, the moment and the signup as it is, and answering the
 * signup as it becomes plus the audit entry that records it. The caller applies both in one
 * transaction, with the capacity change the answer names (`applyTransition` in packages/usecases).
 * A refused verb throws a {@link Refusal} with its code.
 *
 *   held ──submit──▶ awaiting-payment ──confirm──▶ confirmed
 *    │ │                 │      │                    ▲  │
 *    │ └──expire──▶ expired ◀──expire                 │  │
 *    │                  └──confirmLate (a payment after the term, places retaken)
 *    └──cancel──▶ cancelled ◀──cancel──────────────────cancel (while the event allows it)
 */
export const SIGNUP_STATES = ["held", "awaiting-payment", "confirmed", "expired", "cancelled"] as const;
export type SignupState = (typeof SIGNUP_STATES)[number];

/**
 * Who does something: a logged-in person acting for themselves, an organiser acting on others'
 * records, staff (the organiser's helpers: lists and check-in only), the site itself (its jobs, a provider's signed word), or an anonymous visitor (registering,
 * logging in). Every use case takes one (packages/usecases), and each audit entry names it.
 */
export type Actor =
  | { kind: "user"; userId: string }
  | { kind: "organiser"; userId: string }
  | { kind: "staff"; userId: string }
  | { kind: "system" }
  | { kind: "visitor" };

/** The kinds of actor, as each audit entry names its actor's (`actor_kind`). */
export const ACTOR_KINDS = [
  "user",
  "organiser",
  "staff",
  "system",
  "visitor",
] as const satisfies readonly Actor["kind"][];

export interface SignupSnapshot {
  id: string;
  userId: string;
  state: SignupState;
  holdExpiresAt: Date;
  /** Set on submit: when an unpaid signup expires. */
  paymentDueAt: Date | null;
  /** Places held: one per participant, so a change of participants takes or gives back the difference. */
  places: number;
  participantCount: number;
}

/** The steps of a signup's life its own log records (`signup_audit.action`). */
export const SIGNUP_ACTIONS = [
  "hold",
  "offer",
  "update-participants",
  "choose-stays",
  "submit",
  "change-payment-method",
  "confirm",
  "expire",
  "cancel",
] as const;
export type SignupAction = (typeof SIGNUP_ACTIONS)[number];

export interface AuditEntry {
  signupId: string;
  action: SignupAction;
  actor: Actor;
  at: Date;
  from: SignupState | null;
  to: SignupState;
}

export interface Transition {
  signup: SignupSnapshot;
  audit: AuditEntry;
  /** The places (and stay nights) this signup holds go back to the pool. */
  releasesPlaces: boolean;
  /** The places (and stay nights) this signup had given back must be taken again, atomically, or the transition fails. */
  retakesPlaces?: boolean;
}

export const DEFAULT_HOLD_MINUTES = 15;
export const DEFAULT_PAYMENT_TERM_DAYS = 5;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Starts a signup holding `places` (default one): refused unless the appointment is open now. The
 * caller takes the places atomically, and answers `sold-out` when they are not there.
 */
export function hold(input: {
  id: string;
  actor: Extract<Actor, { kind: "user" }>;
  availability: AvailabilityState;
  holdMinutes: number;
  now: Date;
  places?: number;
  maxPerSignup?: number;
}): Transition {
  const { availability, actor, now } = input;
  const places = input.places ?? 1;
  if (availability === "not-yet-open") refuse("not-open", "Signups for this appointment have not opened yet.");
  if (availability === "closed") refuse("closed", "Signups for this appointment are closed.");
  if (availability === "sold-out") refuse("sold-out", "There are no places left.");
  if (places < 1) refuse("no-participants", "A signup holds at least one place.");
  if (places > (input.maxPerSignup ?? 1))
    refuse("too-many-participants", `This event takes at most ${input.maxPerSignup ?? 1} participants per signup.`);
  const signup: SignupSnapshot = {
    id: input.id,
    userId: actor.userId,
    state: "held",
    holdExpiresAt: new Date(now.getTime() + input.holdMinutes * MINUTE_MS),
    paymentDueAt: null,
    places,
    participantCount: 0,
  };
  return { signup, audit: entry(signup, "hold", actor, now, null), releasesPlaces: false };
}

/**
 * The hold of a place offered to the first in a waiting list (waiting-list.ts): one place, held by
 * the system for the runner, for the event's offer hours instead of its hold minutes. The caller
 * takes the place atomically, in the transaction that freed it.
 */
export function holdOffered(input: { id: string; userId: string; now: Date; offerHours: number }): Transition {
  const signup: SignupSnapshot = {
    id: input.id,
    userId: input.userId,
    state: "held",
    holdExpiresAt: new Date(input.now.getTime() + input.offerHours * 60 * MINUTE_MS),
    paymentDueAt: null,
    places: 1,
    participantCount: 0,
  };
  return { signup, audit: entry(signup, "offer", { kind: "system" }, input.now, null), releasesPlaces: false };
}

/**
 * Sets the participants of a held signup (its owner, while the hold lasts). It then holds one place
 * per participant: the caller takes the extra places atomically, or gives the spare ones back.
 */
export function updateParticipants(
  signup: SignupSnapshot,
  actor: Actor,
  now: Date,
  input: { count: number; maxPerSignup: number },
): Transition {
  checkEditable(signup, actor, now);
  if (input.count < 1) refuse("no-participants", "A signup needs at least one participant.");
  if (input.count > input.maxPerSignup)
    refuse("too-many-participants", `This event takes at most ${input.maxPerSignup} participants per signup.`);
  const next = { ...signup, participantCount: input.count, places: input.count };
  return { signup: next, audit: entry(next, "update-participants", actor, now, signup.state), releasesPlaces: false };
}

/** Records the stays chosen for a held signup (none is a choice too). */
export function chooseStays(signup: SignupSnapshot, actor: Actor, now: Date): Transition {
  checkEditable(signup, actor, now);
  return { signup, audit: entry(signup, "choose-stays", actor, now, signup.state), releasesPlaces: false };
}

/**
 * Hands a complete held signup over to payment. Its places stay held until the payment is due: for
 * a bank transfer, the event's payment term; for a payment online, the end of the hold (a payment
 * that comes later is confirmed only if its places can be taken again: see {@link confirmLate}).
 */
export function submit(
  signup: SignupSnapshot,
  actor: Actor,
  now: Date,
  input: { paymentTermDays: number; method: PaymentProviderId } = {
    paymentTermDays: DEFAULT_PAYMENT_TERM_DAYS,
    method: "bank-transfer",
  },
): Transition {
  checkEditable(signup, actor, now);
  if (signup.participantCount < 1) refuse("no-participants", "Add the participants before submitting.");
  const next: SignupSnapshot = {
    ...signup,
    state: "awaiting-payment",
    paymentDueAt:
      input.method === "bank-transfer"
        ? new Date(now.getTime() + input.paymentTermDays * DAY_MS)
        : signup.holdExpiresAt,
  };
  return { signup: next, audit: entry(next, "submit", actor, now, signup.state), releasesPlaces: false };
}

/**
 * Another way to pay a signup awaiting payment, chosen by its owner after an attempt that took no
 * money (docs/decisions/019-payment-method-switch.md). Its places stay held until the payment is due
 * as the new way counts it from the first payment attempt, never from now: a bank transfer until
 * `firstAttemptAt` plus the payment term, a payment online no longer than it was. The due moment never
 * moves earlier either, so however often the way to pay changes, the places are held at most until
 * the later of the first due moment and the first attempt plus the payment term.
 */
export function changePaymentMethod(
  signup: SignupSnapshot,
  actor: Actor,
  now: Date,
  input: { method: PaymentProviderId; paymentTermDays: number; firstAttemptAt: Date },
): Transition {
  if (actor.kind !== "user" || actor.userId !== signup.userId) refuse("not-owner", "This signup is not yours.");
  if (signup.state !== "awaiting-payment")
    refuse("wrong-state", `The way to pay a ${signup.state} signup cannot be changed.`);
  if (isLapsed(signup, now)) refuse("hold-lapsed", "The hold on these places has lapsed.");
  const due = signup.paymentDueAt ?? signup.holdExpiresAt;
  const transferDue = new Date(input.firstAttemptAt.getTime() + input.paymentTermDays * DAY_MS);
  const next: SignupSnapshot = {
    ...signup,
    paymentDueAt: input.method === "bank-transfer" && transferDue > due ? transferDue : due,
  };
  return {
    signup: next,
    audit: entry(next, "change-payment-method", actor, now, signup.state),
    releasesPlaces: false,
  };
}

/** The payment arrived (the site on the provider's word, or an organiser for a bank transfer). */
export function confirm(signup: SignupSnapshot, actor: Actor, now: Date): Transition {
  if (actor.kind !== "system" && actor.kind !== "organiser")
    refuse("not-owner", "Only the payment's confirmation or an organiser confirms a signup.");
  if (signup.state !== "awaiting-payment") refuse("wrong-state", `A ${signup.state} signup cannot be confirmed.`);
  const next: SignupSnapshot = { ...signup, state: "confirmed" };
  return { signup: next, audit: entry(next, "confirm", actor, now, signup.state), releasesPlaces: false };
}

/**
 * A payment arrived for a signup that had expired meanwhile: it is confirmed if its places (and
 * stay nights) can be taken again, which the caller does atomically; otherwise the payment is refunded.
 */
export function confirmLate(signup: SignupSnapshot, now: Date): Transition {
  if (signup.state !== "expired") refuse("wrong-state", `A ${signup.state} signup is not confirmed late.`);
  const next: SignupSnapshot = { ...signup, state: "confirmed" };
  return {
    signup: next,
    audit: entry(next, "confirm", { kind: "system" }, now, signup.state),
    releasesPlaces: false,
    retakesPlaces: true,
  };
}

/** Why a cancellation gives back what it does. */
export type CancelRefundReason = "in-full" | "deadline-passed" | "no-refunds" | "nothing-paid";

/** What cancelling gives back, and why: the one rule both the cancellation and the pages before it read. */
export interface CancelRefund {
  /** In minor units of what was paid: all of it or nothing. */
  amount: number;
  reason: CancelRefundReason;
  /** The last moment a cancellation is refunded in full; null when the event gives no refunds. */
  refundableUntil: Date | null;
}

/**
 * What a cancelled signup gets back: everything paid until `refundDaysBefore` days before the
 * appointment starts, nothing after (nor when the event gives no refunds, nor when nothing was paid).
 */
export function cancelRefund(input: {
  amountPaid: number;
  startsAt: Date;
  now: Date;
  refundDaysBefore: number | null;
}): CancelRefund {
  const refundableUntil =
    input.refundDaysBefore === null ? null : new Date(input.startsAt.getTime() - input.refundDaysBefore * DAY_MS);
  if (input.amountPaid <= 0) return { amount: 0, reason: "nothing-paid", refundableUntil };
  if (refundableUntil === null) return { amount: 0, reason: "no-refunds", refundableUntil };
  return input.now.getTime() <= refundableUntil.getTime()
    ? { amount: input.amountPaid, reason: "in-full", refundableUntil }
    : { amount: 0, reason: "deadline-passed", refundableUntil };
}

/** What a cancelled paid signup gets back, in minor units ({@link cancelRefund}). */
export function refundOnCancel(input: Parameters<typeof cancelRefund>[0]): number {
  return cancelRefund(input).amount;
}

/** Whether a signup's hold or payment term has lapsed at `now` (the sweeper's question). */
export function isLapsed(signup: Pick<SignupSnapshot, "state" | "holdExpiresAt" | "paymentDueAt">, now: Date): boolean {
  if (signup.state === "held") return signup.holdExpiresAt.getTime() <= now.getTime();
  if (signup.state === "awaiting-payment") return signup.paymentDueAt !== null && signup.paymentDueAt <= now;
  return false;
}

/** Ends a lapsed hold or unpaid signup and gives its places back. Only the site does this. */
export function expire(signup: SignupSnapshot, now: Date): Transition {
  if (!isLapsed(signup, now)) refuse("wrong-state", `A ${signup.state} signup that has not lapsed cannot expire.`);
  const next: SignupSnapshot = { ...signup, state: "expired" };
  return { signup: next, audit: entry(next, "expire", { kind: "system" }, now, signup.state), releasesPlaces: true };
}

/**
 * Ends a signup at its owner's (or an organiser's) request. An unpaid one may always be given up;
 * a confirmed one only while the event allows cancellations (a refund then follows its policy),
 * and, for its owner, only until one of its people is checked in (`already-checked-in`). The site
 * cancels one only to finish an organiser's cancellation of its event or appointment (`calledOff`),
 * which a stopped process left half done.
 */
export function cancel(
  signup: SignupSnapshot,
  actor: Actor,
  now: Date,
  input: { confirmedCancellable: boolean; calledOff?: boolean; checkedIn?: boolean },
): Transition {
  const finishing = actor.kind === "system" && input.calledOff === true;
  if (actor.kind !== "user" && actor.kind !== "organiser" && !finishing)
    refuse("not-owner", "Only the signup's owner or an organiser cancels it; the site lets it expire.");
  if (actor.kind === "user" && actor.userId !== signup.userId) refuse("not-owner", "This signup is not yours.");
  const open = signup.state === "held" || signup.state === "awaiting-payment";
  if (!open && signup.state !== "confirmed") refuse("wrong-state", `A ${signup.state} signup cannot be cancelled.`);
  if (actor.kind === "user" && input.checkedIn)
    refuse("already-checked-in", "One of this signup's participants has already been checked in.");
  if (signup.state === "confirmed" && !input.confirmedCancellable)
    refuse("not-cancellable", "This event no longer takes cancellations.");
  const next: SignupSnapshot = { ...signup, state: "cancelled" };
  return { signup: next, audit: entry(next, "cancel", actor, now, signup.state), releasesPlaces: true };
}

/** Only the owner changes a held signup (or adds files to it), and only while its hold lasts. */
export function checkEditable(signup: SignupSnapshot, actor: Actor, now: Date): void {
  if (actor.kind !== "user" || actor.userId !== signup.userId) refuse("not-owner", "This signup is not yours.");
  if (signup.state !== "held") refuse("wrong-state", `A ${signup.state} signup cannot be changed.`);
  if (isLapsed(signup, now)) refuse("hold-lapsed", "The hold on these places has lapsed.");
}

function entry(
  signup: SignupSnapshot,
  action: AuditEntry["action"],
  actor: Actor,
  at: Date,
  from: SignupState | null,
): AuditEntry {
  return { signupId: signup.id, action, actor, at, from, to: signup.state };
}

/**
 * After the hold, the owner of a signup awaiting payment or confirmed may still upload a
 * participant's certificate, but only one that needs it: none yet, the organiser's rejection, or
 * one that lapses before race day (`certificateStatus` in console.ts). A held signup is changed in
 * its steps instead ({@link checkEditable}).
 */
export function checkCertificateUpload(
  signup: SignupSnapshot,
  actor: Actor,
  now: Date,
  certificate: "missing" | "pending" | "approved" | "rejected" | "expired",
): void {
  if (actor.kind !== "user" || actor.userId !== signup.userId) refuse("not-owner", "This signup is not yours.");
  if (signup.state !== "awaiting-payment" && signup.state !== "confirmed")
    refuse("wrong-state", `A certificate cannot be added to a ${signup.state} signup.`);
  if (isLapsed(signup, now)) refuse("hold-lapsed", "The hold on these places has lapsed.");
  if (certificate === "pending" || certificate === "approved")
    refuse("wrong-state", `This participant's certificate is ${certificate}: there is nothing to replace.`);
}
