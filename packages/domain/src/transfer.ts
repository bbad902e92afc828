import type { AuditChange } from "./console.ts";
import { type EligibilityProblem, type EligibilityRules, eligibilityProblems } from "./eligibility.ts";
import { type FieldProblem, refuse, refuseProblems } from "./refusal.ts";
import type { Actor, SignupState } from "./signup.ts";

/**
 * A place passed on (docs/decisions/028-transfers.md): the owner of a confirmed signup gives one of
 * its participants' places to another person, until the event's `transferDaysBefore` days before
 * the appointment; an organiser may do it from the console at any time before that participant is
 * checked in. The participant keeps their row, their bib and their place in the lists; the person
 * in it changes, and with them the ticket code (the old one must stop opening the gate). The new
 * person must meet the appointment's conditions again; the certificate of the old one goes with them.
 */

const DAY_MS = 86_400_000;

/** The person in a place, as a transfer records them (from whom, to whom). */
export interface TransferPerson {
  givenName: string;
  familyName: string;
  email: string | null;
}

/** A transfer's life: `pending` while its fee is unpaid, then `done` (applied) or `lapsed` (not paid in time). */
export const TRANSFER_STATES = ["pending", "done", "lapsed"] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

export interface TransferSnapshot {
  id: string;
  state: TransferState;
  /** The fee the owner pays before a pending transfer takes effect; null: free. */
  fee: number | null;
  signupId: string;
  participantId: string;
  from: TransferPerson;
  to: TransferPerson;
  actor: Actor;
  at: Date;
}

export interface TransferStep {
  transfer: TransferSnapshot;
  audit: AuditChange;
}

/** Whether the event still takes transfers at `now`: until its days before the appointment; null: never. */
export function transfersOpen(rules: { transferDaysBefore: number | null; startsAt: Date }, now: Date): boolean {
  if (rules.transferDaysBefore === null) return false;
  return now.getTime() < rules.startsAt.getTime() - rules.transferDaysBefore * DAY_MS;
}

const ELIGIBILITY_FIELD: Record<EligibilityProblem, string> = {
  "birth-date-required": "birthDate",
  "too-young": "birthDate",
  "too-old": "birthDate",
  "gender-required": "gender",
  "wrong-gender": "gender",
};

/**
 * Passes a participant's place to another person. Refused `not-owner` for anyone but the signup's
 * owner or an organiser, `wrong-state` unless the signup is confirmed, `already-checked-in` once
 * the participant has come through the gate, `transfers-closed` for the owner when the event takes
 * no transfers or its deadline has passed, and `invalid-input` (on `birthDate` or `gender`) when
 * the new person does not meet the appointment's conditions.
 */
export function transferPlace(input: {
  id: string;
  actor: Actor;
  now: Date;
  signup: { id: string; userId: string | null; state: SignupState; eventId: string };
  participant: TransferPerson & { id: string; checkedIn: boolean };
  to: TransferPerson & { birthDate: string | null; gender: string | null };
  rules: { transferDaysBefore: number | null; eligibility: EligibilityRules; transferFee?: number | null };
}): TransferStep {
  const { actor, signup, participant, to, rules, now } = input;
  const owner = actor.kind === "user" && signup.userId !== null && actor.userId === signup.userId;
  if (!owner && actor.kind !== "organiser") refuse("not-owner", "This signup is not yours.");
  if (signup.state !== "confirmed") refuse("wrong-state", `A ${signup.state} signup's places cannot be transferred.`);
  if (participant.checkedIn) refuse("already-checked-in", "This participant has already been checked in.");
  if (actor.kind !== "organiser" && !transfersOpen({ ...rules, startsAt: rules.eligibility.startsAt }, now))
    refuse("transfers-closed", "This event no longer takes transfers.");
  const problems: FieldProblem[] = eligibilityProblems(to, rules.eligibility).map((code) => ({
    attribute: ELIGIBILITY_FIELD[code],
    code: code === "birth-date-required" || code === "gender-required" ? "required" : code,
    detail: code.endsWith("-required") ? "Fill this in." : "The new participant does not meet this race's conditions.",
  }));
  refuseProblems(problems, "The new participant does not meet this race's conditions.");
  const from: TransferPerson = {
    givenName: participant.givenName,
    familyName: participant.familyName,
    email: participant.email,
  };
  const person: TransferPerson = { givenName: to.givenName, familyName: to.familyName, email: to.email };
  // The owner pays the event's fee first: the transfer waits for it. The organiser's are free.
  const fee = actor.kind === "user" && rules.transferFee ? rules.transferFee : null;
  const transfer: TransferSnapshot = {
    id: input.id,
    state: fee ? "pending" : "done",
    fee,
    signupId: signup.id,
    participantId: participant.id,
    from,
    to: person,
    actor,
    at: now,
  };
  return {
    transfer,
    audit: {
      action: fee ? "transfer-pending" : "transfer",
      subjectType: "signups",
      subjectId: signup.id,
      eventId: signup.eventId,
      before: { participant: participant.id, ...from },
      after: { participant: participant.id, transfer: input.id, ...person },
    },
  };
}

/**
 * Applies a pending transfer whose fee has been paid: the same rules as a free one, asked again now
 * (the owner's deadline, the signup still confirmed, the participant not checked in), and the place
 * must still be held by the person the transfer was asked from (another transfer may have been
 * made meanwhile: `wrong-state`). The transfer keeps its owner as actor; the audit line is the
 * settlement's. A refusal means the fee cannot be kept.
 */
export function applyPaidTransfer(input: {
  transfer: TransferSnapshot;
  now: Date;
  signup: { id: string; userId: string | null; state: SignupState; eventId: string };
  participant: TransferPerson & { id: string; checkedIn: boolean };
  to: TransferPerson & { birthDate: string | null; gender: string | null };
  rules: { transferDaysBefore: number | null; eligibility: EligibilityRules };
}): TransferStep {
  const { transfer, participant } = input;
  if (transfer.state !== "pending") refuse("wrong-state", `A ${transfer.state} transfer cannot be applied.`);
  const same = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();
  if (
    !same(participant.givenName, transfer.from.givenName) ||
    !same(participant.familyName, transfer.from.familyName) ||
    !same(participant.email, transfer.from.email)
  )
    refuse("wrong-state", "This place has been passed on meanwhile.");
  const step = transferPlace({
    id: transfer.id,
    actor: transfer.actor,
    now: input.now,
    signup: input.signup,
    participant,
    to: input.to,
    rules: { ...input.rules, transferFee: null },
  });
  return {
    transfer: { ...step.transfer, fee: transfer.fee },
    audit: {
      ...step.audit,
      action: "transfer",
      after: { ...(step.audit.after as Record<string, unknown>), fee: transfer.fee },
    },
  };
}

/**
 * A pending transfer whose fee was not paid by `expiresAt` lapses: the place stays with the person
 * in it; only the transfer and the audit line say so. Refused `wrong-state` for a transfer not
 * pending or not yet due.
 */
export function lapseTransfer(input: {
  transfer: Pick<TransferSnapshot, "id" | "state" | "signupId" | "participantId" | "to">;
  eventId: string;
  expiresAt: Date | null;
  now: Date;
}): AuditChange {
  const { transfer } = input;
  if (transfer.state !== "pending") refuse("wrong-state", `A ${transfer.state} transfer does not lapse.`);
  if (input.expiresAt && input.expiresAt.getTime() > input.now.getTime())
    refuse("wrong-state", "This transfer's fee may still be paid.");
  return {
    action: "transfer-lapsed",
    subjectType: "signups",
    subjectId: transfer.signupId,
    eventId: input.eventId,
    before: { participant: transfer.participantId, transfer: transfer.id, state: "pending" },
    after: { participant: transfer.participantId, transfer: transfer.id, state: "lapsed", ...transfer.to },
  };
}
