import { describe, expect, it } from "vitest";
import {
  type Actor,
  cancel,
  cancelRefund,
  changePaymentMethod,
  chooseStays,
  confirm,
  confirmLate,
  expire,
  hold,
  isLapsed,
  refundOnCancel,
  SIGNUP_STATES,
  type SignupSnapshot,
  type SignupState,
  submit,
  updateParticipants,
} from "./signup.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const owner: Extract<Actor, { kind: "user" }> = { kind: "user", userId: "u1" };
const stranger: Actor = { kind: "user", userId: "u2" };
const organiser: Actor = { kind: "organiser", userId: "o1" };
const system: Actor = { kind: "system" };
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const held = (changes: Partial<SignupSnapshot> = {}): SignupSnapshot => ({
  ...hold({ id: "s1", actor: owner, availability: "open", holdMinutes: 15, now: NOW }).signup,
  ...changes,
});
const inState = (state: SignupState) =>
  held({ state, participantCount: 1, paymentDueAt: state === "held" ? null : minutes(5 * 24 * 60) });
const codeOf = (change: () => unknown) => {
  try {
    change();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return "allowed";
};

describe("holding places", () => {
  it("starts a held signup for its owner, lapsing after the event's hold time, with an audit entry", () => {
    const { signup, audit, releasesPlaces } = hold({
      id: "s1",
      actor: owner,
      availability: "open",
      holdMinutes: 15,
      now: NOW,
    });
    expect(signup).toMatchObject({ state: "held", userId: "u1", places: 1, participantCount: 0, paymentDueAt: null });
    expect(signup.holdExpiresAt).toEqual(minutes(15));
    expect(audit).toEqual({ signupId: "s1", action: "hold", actor: owner, at: NOW, from: null, to: "held" });
    expect(releasesPlaces).toBe(false);
  });

  it.each([
    ["not-yet-open", "not-open"],
    ["closed", "closed"],
    ["sold-out", "sold-out"],
  ] as const)("is refused while the appointment is %s (%s)", (availability, code) => {
    expect(codeOf(() => hold({ id: "s1", actor: owner, availability, holdMinutes: 15, now: NOW }))).toBe(code);
  });

  it("holds one place per participant, up to the event's maximum", () => {
    const start = (places: number) =>
      hold({ id: "s1", actor: owner, availability: "open", holdMinutes: 15, now: NOW, places, maxPerSignup: 3 });
    expect(start(3).signup.places).toBe(3);
    expect(codeOf(() => start(4))).toBe("too-many-participants");
    expect(codeOf(() => start(0))).toBe("no-participants");
  });
});

describe("filling a held signup in", () => {
  it("takes one to the event's maximum of participants", () => {
    const { signup, audit } = updateParticipants(held(), owner, minutes(1), { count: 2, maxPerSignup: 4 });
    expect(signup).toMatchObject({ participantCount: 2, places: 2 });
    expect(audit).toMatchObject({ action: "update-participants", from: "held", to: "held" });
    expect(codeOf(() => updateParticipants(held(), owner, NOW, { count: 0, maxPerSignup: 4 }))).toBe("no-participants");
    expect(codeOf(() => updateParticipants(held(), owner, NOW, { count: 5, maxPerSignup: 4 }))).toBe(
      "too-many-participants",
    );
  });

  it("records the stays chosen, skipping included", () => {
    expect(chooseStays(held(), owner, minutes(2)).audit).toMatchObject({ action: "choose-stays", to: "held" });
  });

  it("is the owner's alone, and only while the hold lasts and the signup is held", () => {
    for (const change of [
      (signup: SignupSnapshot, actor: Actor, at: Date) =>
        updateParticipants(signup, actor, at, { count: 1, maxPerSignup: 1 }),
      (signup: SignupSnapshot, actor: Actor, at: Date) => chooseStays(signup, actor, at),
      (signup: SignupSnapshot, actor: Actor, at: Date) => submit(held({ ...signup, participantCount: 1 }), actor, at),
    ]) {
      expect(codeOf(() => change(held(), stranger, NOW))).toBe("not-owner");
      expect(codeOf(() => change(held(), organiser, NOW))).toBe("not-owner");
      expect(codeOf(() => change(held(), owner, minutes(15)))).toBe("hold-lapsed");
      expect(codeOf(() => change(held(), owner, minutes(14)))).toBe("allowed");
    }
    expect(codeOf(() => chooseStays(inState("awaiting-payment"), owner, NOW))).toBe("wrong-state");
  });
});

describe("submitting", () => {
  it("moves a complete held signup to awaiting payment, due after the payment term for a bank transfer", () => {
    const { signup, audit } = submit(held({ participantCount: 1 }), owner, minutes(3), {
      paymentTermDays: 5,
      method: "bank-transfer",
    });
    expect(signup.state).toBe("awaiting-payment");
    expect(signup.paymentDueAt).toEqual(new Date(minutes(3).getTime() + 5 * 86_400_000));
    expect(audit).toMatchObject({ action: "submit", from: "held", to: "awaiting-payment" });
  });

  it("keeps the hold's end as the due time of a payment online", () => {
    for (const method of ["stripe", "demo"] as const) {
      const { signup } = submit(held({ participantCount: 1 }), owner, minutes(3), { paymentTermDays: 5, method });
      expect(signup.paymentDueAt).toEqual(minutes(15));
    }
  });

  it("needs participants first", () => {
    expect(codeOf(() => submit(held(), owner, NOW))).toBe("no-participants");
  });
});

describe("choosing another way to pay", () => {
  const DAY = 86_400_000;
  const byCard = () =>
    submit(held({ participantCount: 1 }), owner, minutes(1), { paymentTermDays: 5, method: "demo" }).signup;
  const change = (signup: SignupSnapshot, method: "bank-transfer" | "demo", at: Date) =>
    changePaymentMethod(signup, owner, at, { method, paymentTermDays: 5, firstAttemptAt: minutes(2) }).signup;

  it("gives a bank transfer the payment term counted from the first attempt, never from now", () => {
    const transfer = change(byCard(), "bank-transfer", minutes(10));
    expect(transfer.paymentDueAt).toEqual(new Date(minutes(2).getTime() + 5 * DAY));
    const again = change(change(transfer, "demo", minutes(20)), "bank-transfer", new Date(NOW.getTime() + 3 * DAY));
    expect(again.paymentDueAt).toEqual(new Date(minutes(2).getTime() + 5 * DAY));
  });

  it("never moves the due time earlier, nor later for a payment online", () => {
    expect(change(byCard(), "demo", minutes(10)).paymentDueAt).toEqual(minutes(15));
    const short = changePaymentMethod(byCard(), owner, minutes(10), {
      method: "bank-transfer",
      paymentTermDays: 0,
      firstAttemptAt: minutes(2),
    });
    expect(short.signup.paymentDueAt).toEqual(minutes(15));
    expect(short.audit).toMatchObject({ action: "change-payment-method", from: "awaiting-payment" });
  });

  it("is its owner's, for a signup awaiting payment whose term has not lapsed", () => {
    const input = { method: "bank-transfer" as const, paymentTermDays: 5, firstAttemptAt: minutes(2) };
    expect(codeOf(() => changePaymentMethod(byCard(), stranger, minutes(10), input))).toBe("not-owner");
    expect(codeOf(() => changePaymentMethod(held({ participantCount: 1 }), owner, minutes(10), input))).toBe(
      "wrong-state",
    );
    expect(codeOf(() => changePaymentMethod(byCard(), owner, minutes(16), input))).toBe("hold-lapsed");
  });
});

describe("confirming", () => {
  it("moves an awaiting signup to confirmed, on the site's or an organiser's word, never the user's", () => {
    expect(confirm(inState("awaiting-payment"), system, NOW).signup.state).toBe("confirmed");
    expect(confirm(inState("awaiting-payment"), organiser, NOW).audit).toMatchObject({
      action: "confirm",
      from: "awaiting-payment",
      to: "confirmed",
    });
    expect(codeOf(() => confirm(inState("awaiting-payment"), owner, NOW))).toBe("not-owner");
    for (const state of SIGNUP_STATES.filter((s) => s !== "awaiting-payment")) {
      expect(codeOf(() => confirm(inState(state), system, NOW))).toBe("wrong-state");
    }
  });
});

describe("a payment after the signup expired", () => {
  it("confirms an expired signup on the site's word, asking for its places again", () => {
    const late = confirmLate(inState("expired"), minutes(30));
    expect(late).toMatchObject({ retakesPlaces: true, releasesPlaces: false, signup: { state: "confirmed" } });
    expect(late.audit).toMatchObject({ action: "confirm", actor: system, from: "expired", to: "confirmed" });
    for (const state of SIGNUP_STATES.filter((s) => s !== "expired")) {
      expect(codeOf(() => confirmLate(inState(state), NOW))).toBe("wrong-state");
    }
  });
});

describe("the refund of a cancelled paid signup", () => {
  const startsAt = new Date("2027-06-01T07:00:00Z");
  const refund = (now: string, refundDaysBefore: number | null) =>
    refundOnCancel({ amountPaid: 4500, startsAt, now: new Date(now), refundDaysBefore });

  it("is everything until the event's last refund day, and nothing after", () => {
    expect(refund("2027-05-01T10:00:00Z", 14)).toBe(4500);
    expect(refund("2027-05-18T07:00:00Z", 14)).toBe(4500);
    expect(refund("2027-05-18T07:00:01Z", 14)).toBe(0);
    expect(refund("2027-05-31T10:00:00Z", 0)).toBe(4500);
  });

  it("is nothing when the event gives no refunds", () => {
    expect(refund("2027-01-01T00:00:00Z", null)).toBe(0);
  });

  it("says why, and until when a cancellation is refunded in full", () => {
    const terms = (now: string, amountPaid: number, refundDaysBefore: number | null) =>
      cancelRefund({ amountPaid, startsAt, now: new Date(now), refundDaysBefore });
    const lastDay = new Date("2027-05-18T07:00:00Z");
    expect(terms("2027-05-01T10:00:00Z", 4500, 14)).toEqual({
      amount: 4500,
      reason: "in-full",
      refundableUntil: lastDay,
    });
    expect(terms("2027-05-20T10:00:00Z", 4500, 14)).toEqual({
      amount: 0,
      reason: "deadline-passed",
      refundableUntil: lastDay,
    });
    expect(terms("2027-05-01T10:00:00Z", 4500, null)).toEqual({
      amount: 0,
      reason: "no-refunds",
      refundableUntil: null,
    });
    expect(terms("2027-05-01T10:00:00Z", 0, 14)).toEqual({
      amount: 0,
      reason: "nothing-paid",
      refundableUntil: lastDay,
    });
  });
});

describe("expiry", () => {
  it("ends a held signup once its hold lapses, and an unpaid one once its term ends, releasing the places", () => {
    expect(isLapsed(held(), minutes(14))).toBe(false);
    expect(isLapsed(held(), minutes(15))).toBe(true);
    const lapsedHold = expire(held(), minutes(15));
    expect(lapsedHold).toMatchObject({ releasesPlaces: true, signup: { state: "expired" } });
    expect(lapsedHold.audit).toMatchObject({ action: "expire", actor: system, from: "held", to: "expired" });
    const unpaid = inState("awaiting-payment");
    expect(codeOf(() => expire(unpaid, minutes(60)))).toBe("wrong-state");
    expect(expire(unpaid, unpaid.paymentDueAt as Date).signup.state).toBe("expired");
  });

  it("never touches a confirmed, cancelled or expired signup", () => {
    for (const state of ["confirmed", "cancelled", "expired"] as const) {
      expect(isLapsed(inState(state), minutes(10_000_000))).toBe(false);
      expect(codeOf(() => expire(inState(state), minutes(10_000_000)))).toBe("wrong-state");
    }
  });
});

describe("cancelling", () => {
  it("lets the owner give up an unpaid signup at any time, releasing the places", () => {
    for (const state of ["held", "awaiting-payment"] as const) {
      const { signup, audit, releasesPlaces } = cancel(inState(state), owner, NOW, { confirmedCancellable: false });
      expect(signup.state).toBe("cancelled");
      expect(releasesPlaces).toBe(true);
      expect(audit).toMatchObject({ action: "cancel", from: state, to: "cancelled" });
    }
  });

  it("cancels a confirmed signup only while the event allows it", () => {
    expect(cancel(inState("confirmed"), owner, NOW, { confirmedCancellable: true }).signup.state).toBe("cancelled");
    expect(codeOf(() => cancel(inState("confirmed"), owner, NOW, { confirmedCancellable: false }))).toBe(
      "not-cancellable",
    );
    expect(cancel(inState("confirmed"), organiser, NOW, { confirmedCancellable: true }).audit.actor).toEqual(organiser);
  });

  it("is refused to the owner once one of its people is checked in; the organiser's and a calling off still go", () => {
    const checkedIn = { confirmedCancellable: true, checkedIn: true };
    expect(codeOf(() => cancel(inState("confirmed"), owner, NOW, checkedIn))).toBe("already-checked-in");
    expect(cancel(inState("confirmed"), organiser, NOW, checkedIn).signup.state).toBe("cancelled");
    expect(cancel(inState("confirmed"), system, NOW, { ...checkedIn, calledOff: true }).signup.state).toBe("cancelled");
  });

  it("is refused to anyone else, to the site itself, and for a signup already over", () => {
    expect(codeOf(() => cancel(inState("held"), stranger, NOW, { confirmedCancellable: true }))).toBe("not-owner");
    expect(codeOf(() => cancel(inState("held"), system, NOW, { confirmedCancellable: true }))).toBe("not-owner");
    // The site cancels only to finish the organiser's cancellation of the event or appointment.
    const finished = cancel(inState("confirmed"), system, NOW, { confirmedCancellable: true, calledOff: true });
    expect(finished.signup.state).toBe("cancelled");
    expect(finished.audit.actor).toEqual(system);
    expect(codeOf(() => cancel(inState("held"), stranger, NOW, { confirmedCancellable: true, calledOff: true }))).toBe(
      "not-owner",
    );
    for (const state of ["expired", "cancelled"] as const) {
      expect(codeOf(() => cancel(inState(state), owner, NOW, { confirmedCancellable: true }))).toBe("wrong-state");
    }
  });
});
