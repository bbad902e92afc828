import { describe, expect, it } from "vitest";
import { ageInRaceYear, type CategoryRules, categoryOf, fidalCategory } from "./result-category.ts";

const FIDAL: CategoryRules = { kind: "fidal" };

describe("FIDAL's categories", () => {
  it.each([
    [11, "male", "EM"],
    [12, "female", "RF"],
    [15, "male", "CM"],
    [16, "female", "AF"],
    [19, "male", "JM"],
    [20, "female", "PF"],
    [22, "male", "PM"],
    [23, "male", "SM"],
    [34, "female", "SF"],
    [35, "male", "SM35"],
    [39, "female", "SF35"],
    [40, "male", "SM40"],
    [72, "female", "SF70"],
  ])("at %s a %s runner is %s", (age, gender, category) => {
    expect(fidalCategory(age, gender)).toBe(category);
  });

  it("has none for a gender other than female or male", () => {
    expect(fidalCategory(30, "non-binary")).toBeNull();
    expect(fidalCategory(30, "unspecified")).toBeNull();
  });

  it("counts the age reached in the race's calendar year, whatever the birthday", () => {
    // Born on 31 December 1991: 35 in every race of 2026, from its first day; 34 in 2025.
    expect(ageInRaceYear("1991-12-31", "2026-01-01")).toBe(35);
    expect(categoryOf(FIDAL, { birthDate: "1991-12-31", gender: "male" }, "2026-01-01")).toBe("SM35");
    expect(categoryOf(FIDAL, { birthDate: "1991-12-31", gender: "male" }, "2025-12-31")).toBe("SM");
    expect(categoryOf(FIDAL, { birthDate: "1992-01-01", gender: "male" }, "2026-12-31")).toBe("SM");
  });

  it("gives no category without a birth date", () => {
    expect(categoryOf(FIDAL, { birthDate: null, gender: "female" }, "2026-06-01")).toBeNull();
  });
});

describe("the organiser's bands", () => {
  const rules: CategoryRules = {
    kind: "bands",
    bands: [
      { code: "U18", minAge: 0, maxAge: 17, gender: "any" },
      { code: "Donne", minAge: 18, maxAge: null, gender: "female" },
      { code: "Uomini", minAge: 18, maxAge: null, gender: "male" },
    ],
  };

  it("puts each runner in the first band that holds their age and gender", () => {
    expect(categoryOf(rules, { birthDate: "2010-05-05", gender: "non-binary" }, "2026-06-01")).toBe("U18");
    expect(categoryOf(rules, { birthDate: "1980-05-05", gender: "female" }, "2026-06-01")).toBe("Donne");
    expect(categoryOf(rules, { birthDate: "1980-05-05", gender: "male" }, "2026-06-01")).toBe("Uomini");
    expect(categoryOf(rules, { birthDate: "1980-05-05", gender: "non-binary" }, "2026-06-01")).toBeNull();
  });
});
