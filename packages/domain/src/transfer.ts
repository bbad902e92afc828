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

export interface TransferSnapshot {
  id: string;
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
  rules: { transferDaysBefore: number | null; eligibility: EligibilityRules };
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
  const transfer: TransferSnapshot = {
    id: input.id,
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
      action: "transfer",
      subjectType: "signups",
      subjectId: signup.id,
      eventId: signup.eventId,
      before: { participant: participant.id, ...from },
      after: { participant: participant.id, transfer: input.id, ...person },
    },
  };
}
