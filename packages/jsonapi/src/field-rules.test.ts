import { describe, expect, it } from "vitest";
import { birthDateProblem, isOneLineText, isPlausiblePhone } from "./field-rules.ts";

describe("isOneLineText", () => {
  it("takes names in any script, with the direction marks a right-to-left name may carry", () => {
    for (const text of ["Ada", "Anne-Marie O'Neil", "Željko Šimić", "محمد‎ Ali", "שרה\u200f", "李 小龙", "José 😀", ""])
      expect(isOneLineText(text), text).toBe(true);
  });

  it("refuses every control character: C0 (tab and line breaks included), DEL and C1", () => {
    for (let code = 0; code <= 0x1f; code++) expect(isOneLineText(`Ada${String.fromCharCode(code)}L`)).toBe(false);
    for (let code = 0x7f; code <= 0x9f; code++) expect(isOneLineText(`Ada${String.fromCharCode(code)}L`)).toBe(false);
    expect(isOneLineText(" ~\u00a0\u00a0")).toBe(true);
  });

  it("refuses line and paragraph separators and the direction overrides, embeddings and isolates", () => {
    for (const code of [0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069])
      expect(isOneLineText(`Ada${String.fromCharCode(code)}L`), code.toString(16)).toBe(false);
    for (const code of [0x2027, 0x202f, 0x2065, 0x206a])
      expect(isOneLineText(`Ada${String.fromCharCode(code)}L`), code.toString(16)).toBe(true);
  });
});

describe("isPlausiblePhone", () => {
  it("takes numbers as people write them", () => {
    for (const phone of [
      "+39 051 123456",
      "051123456",
      "(051) 12-34-56",
      "0049/30/1234567",
      "+1 (617) 555.0100",
      "123456",
      "+123456789012345",
      // 00 stands for the +: the 15 digits after it still fit.
      "00123456789012345",
    ])
      expect(isPlausiblePhone(phone), phone).toBe(true);
  });

  it("refuses letters, other signs, a + inside, too few or too many digits", () => {
    for (const phone of [
      "12ab",
      "12345",
      "+1234567890123456",
      "051 123456 ext. 12",
      "051#123456",
      "051 + 123456",
      "++39 051 123456",
      "-051 123456",
      "051 123456-",
      "٠٥١١٢٣٤٥٦",
      "",
      " ",
      "051\n123456",
    ])
      expect(isPlausiblePhone(phone), phone).toBe(false);
  });
});

describe("birthDateProblem", () => {
  const now = new Date("2027-05-01T10:00:00Z");

  it("takes days from 1900-01-01 to today", () => {
    for (const day of ["1900-01-01", "1990-04-12", "2027-05-01"])
      expect(birthDateProblem(day, now), day).toBeUndefined();
  });

  it("refuses days in the future and days before 1900", () => {
    expect(birthDateProblem("2999-12-31", now)).toBe("birth-date-in-future");
    expect(birthDateProblem("2027-05-03", now)).toBe("birth-date-in-future");
    expect(birthDateProblem("1899-12-31", now)).toBe("birth-date-too-early");
    expect(birthDateProblem("0001-01-01", now)).toBe("birth-date-too-early");
  });

  it("counts as today the latest day anywhere, so no time zone refuses a child born today", () => {
    // 10:00 UTC is already the next day from UTC+14 (Kiribati), not the day after that.
    expect(birthDateProblem("2027-05-02", now)).toBeUndefined();
    expect(birthDateProblem("2027-05-03", now)).toBe("birth-date-in-future");
    expect(birthDateProblem("2027-05-01", new Date("2027-04-30T10:00:00Z"))).toBeUndefined();
    expect(birthDateProblem("2027-05-01", new Date("2027-04-30T09:59:59Z"))).toBe("birth-date-in-future");
  });
});
