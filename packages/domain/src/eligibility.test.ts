import { describe, expect, it } from "vitest";
import { ageForEvent, type EligibilityRules, eligibilityProblems } from "./eligibility.ts";

describe("eligibility", () => {
  const rules = (changes: Partial<EligibilityRules> = {}): EligibilityRules => ({
    minAge: 18,
    maxAge: 60,
    ageRule: "event-date",
    gender: "any",
    // 07:00 in Rome on 2 May 2027 (05:00 UTC).
    startsAt: new Date("2027-05-02T05:00:00Z"),
    timeZone: "Europe/Rome",
    ...changes,
  });

  it("counts full years on the event's local day, or the difference of years by birth year", () => {
    expect(ageForEvent("2009-05-02", rules())).toBe(18);
    expect(ageForEvent("2009-05-03", rules())).toBe(17);
    expect(ageForEvent("2009-12-31", rules({ ageRule: "birth-year" }))).toBe(18);
    // 23:30 UTC on 1 May is already 2 May in Rome: the birthday counts.
    expect(ageForEvent("2009-05-02", rules({ startsAt: new Date("2027-05-01T23:30:00Z") }))).toBe(18);
    expect(ageForEvent("2009-05-02", rules({ startsAt: new Date("2027-05-01T23:30:00Z"), timeZone: "UTC" }))).toBe(17);
  });

  it("names what keeps a participant out: age bounds, a missing birth date, a restricted gender", () => {
    expect(eligibilityProblems({ birthDate: "1990-01-01", gender: null }, rules())).toEqual([]);
    expect(eligibilityProblems({ birthDate: "2009-05-03", gender: null }, rules())).toEqual(["too-young"]);
    expect(eligibilityProblems({ birthDate: "1966-05-01", gender: null }, rules())).toEqual(["too-old"]);
    expect(eligibilityProblems({ birthDate: "1967-05-02", gender: null }, rules())).toEqual([]);
    expect(eligibilityProblems({ birthDate: null, gender: null }, rules())).toEqual(["birth-date-required"]);
    expect(eligibilityProblems({ birthDate: null, gender: null }, rules({ minAge: null, maxAge: null }))).toEqual([]);
    expect(eligibilityProblems({ birthDate: "1990-01-01", gender: "male" }, rules({ gender: "female" }))).toEqual([
      "wrong-gender",
    ]);
    expect(eligibilityProblems({ birthDate: "1990-01-01", gender: null }, rules({ gender: "female" }))).toEqual([
      "gender-required",
    ]);
    expect(eligibilityProblems({ birthDate: "1990-01-01", gender: "female" }, rules({ gender: "female" }))).toEqual([]);
  });
});
