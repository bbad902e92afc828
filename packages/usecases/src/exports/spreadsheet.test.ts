import { describe, expect, it } from "vitest";
import { csvSafe } from "./export-start-list.ts";

describe("a start list's CSV cells", () => {
  it("keep what a runner typed from running as a formula in a spreadsheet", () => {
    for (const formula of ['=HYPERLINK("https://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])
      expect(csvSafe(formula)).toBe(`'${formula}`);
    for (const text of ["Rossi", "D'Angelo", "ASD Trail Team", "", "1 = 1"]) expect(csvSafe(text)).toBe(text);
  });
});
