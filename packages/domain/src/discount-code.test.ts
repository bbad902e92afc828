import { describe, expect, it } from "vitest";
import {
  applyCode,
  type DiscountCode,
  type DiscountTarget,
  discountAmount,
  discountCodeProblems,
  membersMatch,
  normalizeDiscountCode,
  removeCode,
} from "./discount-code.ts";
import { priceSignup } from "./price.ts";
import type { Actor, SignupSnapshot } from "./signup.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const runner: Actor = { kind: "user", userId: "u1" };
const stranger: Actor = { kind: "user", userId: "u2" };
const organiser: Actor = { kind: "organiser", userId: "o1" };

const signup = (changes: Partial<SignupSnapshot> = {}): SignupSnapshot => ({
  id: "s1",
  userId: "u1",
  state: "held",
  holdExpiresAt: new Date(NOW.getTime() + 15 * 60_000),
  paymentDueAt: null,
  places: 1,
  participantCount: 1,
  ...changes,
});
const code = (changes: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "c1",
  eventId: "e1",
  appointmentId: null,
  code: "SPRING20",
  kind: "percent",
  value: 20,
  currency: null,
  validFrom: new Date("2027-04-01T00:00:00Z"),
  validUntil: new Date("2027-06-01T00:00:00Z"),
  maxUses: 20,
  perPersonLimit: 1,
  members: [],
  active: true,
  usesTaken: 0,
  ...changes,
});
const target = (changes: Partial<DiscountTarget> = {}): DiscountTarget => ({
  signup: signup(),
  eventId: "e1",
  appointmentId: "a1",
  currency: "EUR",
  participants: [{ club: "Atletica Roma", federationCard: null }],
  currentCodeId: null,
  ownUses: 0,
  ...changes,
});

/** The refusal's code a call throws, or "allowed". */
const codeOf = (change: () => unknown) => {
  try {
    change();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return "allowed";
};

describe("applying a code", () => {
  it("lets the runner apply a valid code to their held signup, with the audit line naming it", () => {
    const step = applyCode(runner, NOW, target(), code());
    expect(step.codeId).toBe("c1");
    expect(step.audit).toEqual({
      action: "apply-discount-code",
      subjectType: "signups",
      subjectId: "s1",
      eventId: "e1",
      before: { discountCodeId: null },
      after: { discountCodeId: "c1", code: "SPRING20" },
    });
  });

  it("refuses each reason with its own code", () => {
    expect(codeOf(() => applyCode(runner, NOW, target(), undefined))).toBe("code-unknown");
    expect(codeOf(() => applyCode(runner, NOW, target(), code({ active: false })))).toBe("code-unknown");
    expect(codeOf(() => applyCode(runner, NOW, target(), code({ eventId: "e2" })))).toBe("code-unknown");
    expect(codeOf(() => applyCode(runner, NOW, target(), code({ validFrom: new Date("2027-05-02T00:00:00Z") })))).toBe(
      "code-not-yet-valid",
    );
    expect(codeOf(() => applyCode(runner, NOW, target(), code({ validUntil: NOW })))).toBe("code-expired");
    expect(codeOf(() => applyCode(runner, NOW, target(), code({ appointmentId: "a2" })))).toBe("code-not-valid-here");
    expect(codeOf(() => applyCode(runner, NOW, target(), code({ kind: "amount", value: 500, currency: "CHF" })))).toBe(
      "code-not-valid-here",
    );
    expect(codeOf(() => applyCode(runner, NOW, target(), code({ usesTaken: 20 })))).toBe("code-used-up");
    expect(codeOf(() => applyCode(runner, NOW, target({ ownUses: 1 }), code()))).toBe("code-per-person-limit");
    expect(codeOf(() => applyCode(runner, NOW, target(), code({ members: ["Podisti Milano"] })))).toBe(
      "code-members-only",
    );
  });

  it("takes members by club or federation card, whatever the spacing and case, for every participant", () => {
    const members = code({ members: ["atletica  roma", "FIDAL-123"] });
    expect(codeOf(() => applyCode(runner, NOW, target(), members))).toBe("allowed");
    const byCard = target({ participants: [{ club: null, federationCard: "fidal-123" }] });
    expect(codeOf(() => applyCode(runner, NOW, byCard, members))).toBe("allowed");
    const one = target({
      participants: [
        { club: "Atletica Roma", federationCard: null },
        { club: "Other", federationCard: null },
      ],
    });
    expect(codeOf(() => applyCode(runner, NOW, one, members))).toBe("code-members-only");
    expect(membersMatch({ members: [] }, [])).toBe(true);
    expect(membersMatch(members, [])).toBe(false);
  });

  it("is the owner's, on a held signup whose hold lasts", () => {
    expect(codeOf(() => applyCode(stranger, NOW, target(), code()))).toBe("not-owner");
    expect(codeOf(() => applyCode(organiser, NOW, target(), code()))).toBe("not-owner");
    const submitted = target({ signup: signup({ state: "awaiting-payment" }) });
    expect(codeOf(() => applyCode(runner, NOW, submitted, code()))).toBe("wrong-state");
    const lapsed = target({ signup: signup({ holdExpiresAt: NOW }) });
    expect(codeOf(() => applyCode(runner, NOW, lapsed, code()))).toBe("hold-lapsed");
  });

  it("does not count the signup's own use again when the same code is applied twice", () => {
    expect(codeOf(() => applyCode(runner, NOW, target({ currentCodeId: "c1" }), code({ usesTaken: 20 })))).toBe(
      "allowed",
    );
  });
});

describe("removing a code", () => {
  it("lets the owner take it off a held signup, with the audit line", () => {
    const step = removeCode(runner, NOW, target({ currentCodeId: "c1" }));
    expect(step.codeId).toBeNull();
    expect(step.audit).toMatchObject({
      action: "remove-discount-code",
      before: { discountCodeId: "c1" },
      after: { discountCodeId: null },
    });
    expect(codeOf(() => removeCode(stranger, NOW, target()))).toBe("not-owner");
    expect(codeOf(() => removeCode(runner, NOW, target({ signup: signup({ state: "confirmed" }) })))).toBe(
      "wrong-state",
    );
  });
});

describe("what a code takes off", () => {
  it("rounds a percentage half up to the minor unit and never takes more than the price", () => {
    expect(discountAmount({ kind: "percent", value: 15 }, 3333)).toBe(500); // 499.95
    expect(discountAmount({ kind: "percent", value: 10 }, 1005)).toBe(101); // 100.5 rounds up
    expect(discountAmount({ kind: "percent", value: 100 }, 4500)).toBe(4500);
    expect(discountAmount({ kind: "amount", value: 1000 }, 4500)).toBe(1000);
    expect(discountAmount({ kind: "amount", value: 9000 }, 4500)).toBe(4500);
    expect(discountAmount({ kind: "amount", value: 500 }, 0)).toBe(0);
  });

  it("shows as the price's discount line, the total never below zero", () => {
    const price = priceSignup({
      tiers: [{ until: null, amount: 3000 }],
      currency: "EUR",
      timeZone: "Europe/Rome",
      now: NOW,
      participantCount: 2,
      stays: [],
      discount: { code: "BIG", kind: "amount", value: 10_000 },
    });
    expect(price.discount).toEqual({
      code: "BIG",
      kind: "amount",
      value: 10_000,
      amount: { amount: 6000, currency: "EUR" },
    });
    expect(price.total).toEqual({ amount: 0, currency: "EUR" });
  });
});

describe("an organiser's code", () => {
  it("is normalised and checked field by field", () => {
    expect(normalizeDiscountCode(" spring 20 ")).toBe("SPRING20");
    expect(discountCodeProblems(code())).toEqual([]);
    const bad = discountCodeProblems(
      code({ code: "X", value: 120, maxUses: 0, perPersonLimit: 0, validUntil: new Date("2027-03-01T00:00:00Z") }),
    );
    expect(bad.map((problem) => [problem.attribute, problem.code])).toEqual([
      ["code", "invalid-value"],
      ["value", "percent-out-of-range"],
      ["validUntil", "before-valid-from"],
      ["maxUses", "number-too-small"],
      ["perPersonLimit", "number-too-small"],
    ]);
    expect(discountCodeProblems(code({ kind: "amount", value: 500, currency: null }))[0]?.attribute).toBe("currency");
  });
});
