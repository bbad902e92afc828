import { describe, expect, it } from "vitest";
import type { Actor } from "./signup.ts";
import {
  acceptOffer,
  askForOpeningAlert,
  joinWaitingList,
  lapseOffer,
  leaveWaitingList,
  offerPlace,
  type WaitingListEntrySnapshot,
} from "./waiting-list.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const runner: Actor = { kind: "user", userId: "u1" };
const stranger: Actor = { kind: "user", userId: "u2" };
const organiser: Actor = { kind: "organiser", userId: "o1" };
const join = (changes: Partial<Parameters<typeof joinWaitingList>[0]> = {}) =>
  joinWaitingList({
    id: "w1",
    actor: runner,
    appointmentId: "a1",
    availability: "sold-out",
    cancelled: false,
    waitingList: true,
    ...changes,
  });
const waiting = (): WaitingListEntrySnapshot => join().entry;
const offered = () => offerPlace(waiting(), { signupId: "s1", now: NOW, offerHours: 24 }).entry;

describe("joining a waiting list", () => {
  it("takes a runner in line on a sold-out appointment, with an audit line", () => {
    expect(join()).toEqual({
      entry: { id: "w1", appointmentId: "a1", userId: "u1", state: "waiting", signupId: null, offerExpiresAt: null },
      audit: {
        action: "join",
        subjectType: "waiting-list-entries",
        subjectId: "w1",
        before: null,
        after: { state: "waiting", signupId: null },
      },
    });
  });

  it("refuses while places are left, before signups open, after they close, without a list, and for anyone but a runner", () => {
    expect(() => join({ availability: "open" })).toThrow(expect.objectContaining({ code: "not-sold-out" }));
    expect(() => join({ availability: "not-yet-open" })).toThrow(expect.objectContaining({ code: "not-open" }));
    expect(() => join({ availability: "closed" })).toThrow(expect.objectContaining({ code: "closed" }));
    expect(() => join({ cancelled: true })).toThrow(expect.objectContaining({ code: "closed" }));
    expect(() => join({ waitingList: false })).toThrow(expect.objectContaining({ code: "waiting-list-closed" }));
    expect(() => join({ actor: organiser })).toThrow(expect.objectContaining({ code: "not-owner" }));
  });
});

describe("an offer", () => {
  it("holds a place for the offer's hours, then is accepted or lapses, each with its audit line", () => {
    const step = offerPlace(waiting(), { signupId: "s1", now: NOW, offerHours: 24 });
    expect(step.entry).toMatchObject({ state: "offered", signupId: "s1" });
    expect(step.entry.offerExpiresAt).toEqual(new Date("2027-05-02T10:00:00Z"));
    expect(step.audit).toMatchObject({ action: "offer", before: { state: "waiting" }, after: { state: "offered" } });
    expect(acceptOffer(offered())).toMatchObject({ entry: { state: "accepted" }, audit: { action: "accept" } });
    expect(lapseOffer(offered())).toMatchObject({ entry: { state: "lapsed" }, audit: { action: "lapse" } });
  });

  it("goes only to someone waiting, and only an offer is accepted or lapses", () => {
    expect(() => offerPlace(offered(), { signupId: "s2", now: NOW, offerHours: 24 })).toThrow(
      expect.objectContaining({ code: "wrong-state" }),
    );
    expect(() => acceptOffer(waiting())).toThrow(expect.objectContaining({ code: "wrong-state" }));
    expect(() => lapseOffer(acceptOffer(offered()).entry)).toThrow(expect.objectContaining({ code: "wrong-state" }));
  });
});

describe("leaving the line", () => {
  it("is the runner's own, waiting or offered, and once", () => {
    expect(leaveWaitingList(waiting(), runner)).toMatchObject({ entry: { state: "left" }, audit: { action: "leave" } });
    expect(leaveWaitingList(offered(), runner).entry.state).toBe("left");
    expect(() => leaveWaitingList(waiting(), stranger)).toThrow(expect.objectContaining({ code: "not-owner" }));
    expect(() => leaveWaitingList(waiting(), organiser)).toThrow(expect.objectContaining({ code: "not-owner" }));
    const left = leaveWaitingList(waiting(), runner).entry;
    expect(() => leaveWaitingList(left, runner)).toThrow(expect.objectContaining({ code: "wrong-state" }));
  });
});

describe("asking to be told when signups open", () => {
  const ask =
    (changes: Partial<Parameters<typeof askForOpeningAlert>[0]> = {}) =>
    () =>
      askForOpeningAlert({ actor: runner, availability: "not-yet-open", cancelled: false, ...changes });

  it("is a runner's, for an appointment going ahead whose signups have not opened", () => {
    expect(ask()).not.toThrow();
    expect(ask({ actor: organiser })).toThrow(expect.objectContaining({ code: "not-owner" }));
    expect(ask({ availability: "open" })).toThrow(expect.objectContaining({ code: "already-open" }));
    expect(ask({ availability: "sold-out" })).toThrow(expect.objectContaining({ code: "already-open" }));
    expect(ask({ availability: "closed" })).toThrow(expect.objectContaining({ code: "closed" }));
    expect(ask({ cancelled: true })).toThrow(expect.objectContaining({ code: "closed" }));
  });
});
