import { describe, expect, it } from "vitest";
import type { Actor } from "./signup.ts";
import { transferPlace, transfersOpen } from "./transfer.ts";

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
