import { describe, expect, it } from "vitest";
import type { Actor } from "./signup.ts";
import { applyPaidTransfer, lapseTransfer, transferPlace, transfersOpen } from "./transfer.ts";

const STARTS = new Date("2027-06-10T07:00:00Z");
const owner: Actor = { kind: "user", userId: "u1" };
const stranger: Actor = { kind: "user", userId: "u2" };
const organiser: Actor = { kind: "organiser", userId: "o1" };
const staff: Actor = { kind: "staff", userId: "s1" };

const ELIGIBILITY = {
  minAge: 18,
  maxAge: null,
  ageRule: "event-date",
  gender: "any",
  startsAt: STARTS,
  timeZone: "Europe/Rome",
} as const;

type Input = Parameters<typeof transferPlace>[0];
const transfer = (changes: Partial<Input> = {}, rules: Partial<Input["rules"]["eligibility"]> = {}) =>
  transferPlace({
    id: "t1",
    actor: owner,
    now: new Date("2027-06-01T10:00:00Z"),
    signup: { id: "s1", userId: "u1", state: "confirmed", eventId: "e1" },
    participant: { id: "p1", givenName: "Anna", familyName: "Rossi", email: "anna@example.org", checkedIn: false },
    to: { givenName: "Bea", familyName: "Verdi", email: "bea@example.org", birthDate: "1990-03-04", gender: "female" },
    rules: {
      transferDaysBefore: 3,
      eligibility: { ...ELIGIBILITY, ...rules },
    },
    ...changes,
  });

describe("transferring a place", () => {
  it("passes the owner's participant's place to another person, with the audit line naming both", () => {
    expect(transfer()).toEqual({
      transfer: {
        id: "t1",
        state: "done",
        fee: null,
        signupId: "s1",
        participantId: "p1",
        from: { givenName: "Anna", familyName: "Rossi", email: "anna@example.org" },
        to: { givenName: "Bea", familyName: "Verdi", email: "bea@example.org" },
        actor: owner,
        at: new Date("2027-06-01T10:00:00Z"),
      },
      audit: {
        action: "transfer",
        subjectType: "signups",
        subjectId: "s1",
        eventId: "e1",
        before: { participant: "p1", givenName: "Anna", familyName: "Rossi", email: "anna@example.org" },
        after: { participant: "p1", transfer: "t1", givenName: "Bea", familyName: "Verdi", email: "bea@example.org" },
      },
    });
  });

  it("is open until the event's days before the appointment, and never when the event takes none", () => {
    expect(transfersOpen({ transferDaysBefore: 3, startsAt: STARTS }, new Date("2027-06-07T06:59:59Z"))).toBe(true);
    expect(transfersOpen({ transferDaysBefore: 3, startsAt: STARTS }, new Date("2027-06-07T07:00:00Z"))).toBe(false);
    expect(transfersOpen({ transferDaysBefore: 0, startsAt: STARTS }, new Date("2027-06-10T06:59:00Z"))).toBe(true);
    expect(transfersOpen({ transferDaysBefore: null, startsAt: STARTS }, new Date("2027-01-01T00:00:00Z"))).toBe(false);
  });

  it("refuses the owner after the deadline or where the event takes no transfers", () => {
    const late = new Date("2027-06-08T10:00:00Z");
    expect(() => transfer({ now: late })).toThrow(expect.objectContaining({ code: "transfers-closed" }));
    const none = { transferDaysBefore: null, eligibility: { ...ELIGIBILITY } };
    expect(() => transfer({ rules: none, now: new Date("2027-01-01T00:00:00Z") })).toThrow(
      expect.objectContaining({ code: "transfers-closed" }),
    );
  });

  it("lets an organiser transfer from the console after the deadline, naming them as the actor", () => {
    const step = transfer({ actor: organiser, now: new Date("2027-06-09T10:00:00Z") });
    expect(step.transfer.actor).toEqual(organiser);
    expect(step.audit).toMatchObject({ action: "transfer", after: { givenName: "Bea" } });
  });

  it("refuses anyone but the owner or an organiser, a signup not confirmed, and a participant checked in", () => {
    expect(() => transfer({ actor: stranger })).toThrow(expect.objectContaining({ code: "not-owner" }));
    expect(() => transfer({ actor: staff })).toThrow(expect.objectContaining({ code: "not-owner" }));
    expect(() => transfer({ actor: { kind: "system" } })).toThrow(expect.objectContaining({ code: "not-owner" }));
    for (const state of ["held", "awaiting-payment", "expired", "cancelled"] as const)
      expect(() => transfer({ signup: { id: "s1", userId: "u1", state, eventId: "e1" } })).toThrow(
        expect.objectContaining({ code: "wrong-state" }),
      );
    expect(() =>
      transfer({
        actor: organiser,
        participant: { id: "p1", givenName: "Anna", familyName: "Rossi", email: null, checkedIn: true },
      }),
    ).toThrow(expect.objectContaining({ code: "already-checked-in" }));
  });

  it("checks the new person against the appointment's conditions again, each problem on its field", () => {
    const young = { givenName: "Cai", familyName: "Neri", email: null, birthDate: "2012-01-01", gender: "male" };
    expect(() => transfer({ to: young })).toThrow(
      expect.objectContaining({
        code: "invalid-input",
        problems: [expect.objectContaining({ attribute: "birthDate", code: "too-young" })],
      }),
    );
    expect(() => transfer({ to: { ...young, birthDate: "1990-01-01" } }, { gender: "female" })).toThrow(
      expect.objectContaining({ problems: [expect.objectContaining({ attribute: "gender", code: "wrong-gender" })] }),
    );
    expect(() => transfer({ to: { ...young, birthDate: null, gender: null } }, { gender: "female" })).toThrow(
      expect.objectContaining({
        problems: [
          expect.objectContaining({ attribute: "birthDate", code: "required" }),
          expect.objectContaining({ attribute: "gender", code: "required" }),
        ],
      }),
    );
  });
});

describe("a transfer with a fee", () => {
  const withFee = (actor: Actor = owner) =>
    transfer({
      actor,
      rules: { transferDaysBefore: 3, eligibility: ELIGIBILITY, transferFee: 500 },
    });
  const pending = withFee().transfer;
  const apply = (changes: Partial<Parameters<typeof applyPaidTransfer>[0]> = {}) =>
    applyPaidTransfer({
      transfer: pending,
      now: new Date("2027-06-02T10:00:00Z"),
      signup: { id: "s1", userId: "u1", state: "confirmed", eventId: "e1" },
      participant: { id: "p1", givenName: "Anna", familyName: "Rossi", email: "anna@example.org", checkedIn: false },
      to: {
        givenName: "Bea",
        familyName: "Verdi",
        email: "bea@example.org",
        birthDate: "1990-03-04",
        gender: "female",
      },
      rules: { transferDaysBefore: 3, eligibility: ELIGIBILITY },
      ...changes,
    });

  it("waits for the owner's payment: pending, with the fee, and an audit line saying so", () => {
    const step = withFee();
    expect(step.transfer).toMatchObject({ state: "pending", fee: 500, actor: owner });
    expect(step.audit).toMatchObject({ action: "transfer-pending", subjectId: "s1", after: { transfer: "t1" } });
  });

  it("is free for the organiser, applied at once", () => {
    const step = withFee(organiser);
    expect(step.transfer).toMatchObject({ state: "done", fee: null, actor: organiser });
    expect(step.audit.action).toBe("transfer");
  });

  it("once paid, is applied by the same rules, keeping the owner as its actor and the fee in the audit line", () => {
    const step = apply();
    expect(step.transfer).toMatchObject({
      state: "done",
      fee: 500,
      actor: owner,
      at: new Date("2027-06-02T10:00:00Z"),
    });
    expect(step.audit).toMatchObject({
      action: "transfer",
      before: { participant: "p1", givenName: "Anna" },
      after: { participant: "p1", transfer: "t1", givenName: "Bea", fee: 500 },
    });
  });

  it("is refused when paid after the deadline, after the check-in, or after the place went to someone else", () => {
    expect(() => apply({ now: new Date("2027-06-08T10:00:00Z") })).toThrow(
      expect.objectContaining({ code: "transfers-closed" }),
    );
    expect(() =>
      apply({
        participant: { id: "p1", givenName: "Anna", familyName: "Rossi", email: "anna@example.org", checkedIn: true },
      }),
    ).toThrow(expect.objectContaining({ code: "already-checked-in" }));
    expect(() =>
      apply({
        participant: { id: "p1", givenName: "Carla", familyName: "Neri", email: null, checkedIn: false },
      }),
    ).toThrow(expect.objectContaining({ code: "wrong-state" }));
    expect(() => apply({ transfer: { ...pending, state: "lapsed" } })).toThrow(
      expect.objectContaining({ code: "wrong-state" }),
    );
  });

  it("lapses once unpaid past its time, changing nothing but the transfer, with an audit line", () => {
    const due = new Date("2027-06-01T10:15:00Z");
    expect(() =>
      lapseTransfer({ transfer: pending, eventId: "e1", expiresAt: due, now: new Date("2027-06-01T10:14:59Z") }),
    ).toThrow(expect.objectContaining({ code: "wrong-state" }));
    expect(lapseTransfer({ transfer: pending, eventId: "e1", expiresAt: due, now: due })).toMatchObject({
      action: "transfer-lapsed",
      subjectId: "s1",
      after: { transfer: "t1", state: "lapsed", givenName: "Bea" },
    });
    expect(() =>
      lapseTransfer({ transfer: { ...pending, state: "done" }, eventId: "e1", expiresAt: due, now: due }),
    ).toThrow(expect.objectContaining({ code: "wrong-state" }));
  });
});
