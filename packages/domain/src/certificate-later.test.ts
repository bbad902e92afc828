import { describe, expect, it } from "vitest";
import { certificateReminderDue, daysUntil, validReminderDays } from "./console.ts";
import { certificateProblems } from "./eligibility.ts";
import { checkCertificateUpload, type SignupSnapshot } from "./signup.ts";

const now = new Date("2027-04-01T10:00:00Z");
const signup = (changes: Partial<SignupSnapshot> = {}): SignupSnapshot => ({
  id: "s1",
  userId: "u1",
  state: "confirmed",
  holdExpiresAt: new Date("2027-03-30T10:00:00Z"),
  paymentDueAt: null,
  places: 1,
  participantCount: 1,
  ...changes,
});
const owner = { kind: "user", userId: "u1" } as const;

describe("a certificate uploaded after the signup", () => {
  it("is taken by the owner of a signup awaiting payment or confirmed, for one that is missing, rejected or lapses", () => {
    for (const status of ["missing", "rejected", "expired"] as const) {
      expect(() => checkCertificateUpload(signup(), owner, now, status)).not.toThrow();
      const awaiting = signup({ state: "awaiting-payment", paymentDueAt: new Date("2027-04-05T00:00:00Z") });
      expect(() => checkCertificateUpload(awaiting, owner, now, status)).not.toThrow();
    }
  });

  it("is refused to anyone else, for other states, a lapsed payment term, or a certificate that stands", () => {
    const code = (run: () => void) => {
      try {
        run();
      } catch (error) {
        return (error as { code: string }).code;
      }
      return "none";
    };
    expect(code(() => checkCertificateUpload(signup(), { kind: "user", userId: "u2" }, now, "missing"))).toBe(
      "not-owner",
    );
    expect(code(() => checkCertificateUpload(signup(), { kind: "organiser", userId: "u1" }, now, "missing"))).toBe(
      "not-owner",
    );
    for (const state of ["held", "expired", "cancelled"] as const)
      expect(code(() => checkCertificateUpload(signup({ state }), owner, now, "missing"))).toBe("wrong-state");
    const lapsed = signup({ state: "awaiting-payment", paymentDueAt: new Date("2027-03-31T00:00:00Z") });
    expect(code(() => checkCertificateUpload(lapsed, owner, now, "missing"))).toBe("hold-lapsed");
    expect(code(() => checkCertificateUpload(signup(), owner, now, "pending"))).toBe("wrong-state");
    expect(code(() => checkCertificateUpload(signup(), owner, now, "approved"))).toBe("wrong-state");
  });
});

describe("a certificate in the participants step", () => {
  const rules = { required: true, certificateLater: false, raceDay: "2027-05-02" };
  const none = { certificateId: null, certificateExpiresOn: null };

  it("is required with its expiry unless the event takes it later", () => {
    expect(certificateProblems(none, rules).map((p) => p.code)).toEqual(["certificate-required", "required"]);
    expect(certificateProblems(none, { ...rules, certificateLater: true })).toEqual([]);
    expect(certificateProblems(none, { ...rules, required: false })).toEqual([]);
  });

  it("must cover the race day, later or not, and names the day", () => {
    const lapsing = { certificateId: "c1", certificateExpiresOn: "2027-05-01" };
    for (const certificateLater of [false, true])
      expect(certificateProblems(lapsing, { ...rules, certificateLater })).toEqual([
        {
          attribute: "certificateExpiresOn",
          code: "certificate-expired",
          detail: "The certificate must be valid on 2027-05-02.",
        },
      ]);
    expect(certificateProblems({ certificateId: "c1", certificateExpiresOn: "2027-05-02" }, rules)).toEqual([]);
  });
});

describe("certificate reminders", () => {
  const due = (today: string, lastRemindedDays: number | null) =>
    certificateReminderDue({ reminderDays: [14, 7, 2], today, raceDay: "2027-05-02", lastRemindedDays });

  it("counts days between calendar days", () => {
    expect(daysUntil("2027-04-18", "2027-05-02")).toBe(14);
    expect(daysUntil("2027-05-03", "2027-05-02")).toBe(-1);
  });

  it("is due once per threshold, the nearest when several are, never on or after race day", () => {
    expect(due("2027-04-17", null)).toBeNull();
    expect(due("2027-04-18", null)).toBe(14);
    expect(due("2027-04-19", 14)).toBeNull();
    expect(due("2027-04-25", 14)).toBe(7);
    expect(due("2027-04-29", null)).toBe(7);
    expect(due("2027-04-30", 7)).toBe(2);
    expect(due("2027-05-01", 2)).toBeNull();
    expect(due("2027-05-02", null)).toBeNull();
  });

  it("takes reminder days as whole days from 1 to 120, at most five, none twice", () => {
    expect(validReminderDays([14, 7, 2])).toBe(true);
    expect(validReminderDays([])).toBe(true);
    expect(validReminderDays([0])).toBe(false);
    expect(validReminderDays([121])).toBe(false);
    expect(validReminderDays([1.5])).toBe(false);
    expect(validReminderDays([1, 2, 3, 4, 5, 6])).toBe(false);
    expect(validReminderDays([7, 7])).toBe(false);
  });
});
