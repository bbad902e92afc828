import { describe, expect, it } from "vitest";
import { csvSafe, csvStream } from "./spreadsheet.ts";

describe("a CSV export", () => {
  it("keeps what a runner typed from running as a formula in a spreadsheet", () => {
    for (const formula of ['=HYPERLINK("https://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])
      expect(csvSafe(formula)).toBe(`'${formula}`);
    for (const text of ["Rossi", "D'Angelo", "ASD Trail Team", "", "1 = 1"]) expect(csvSafe(text)).toBe(text);
  });

  it("is written for the spreadsheet of the export's language", async () => {
    const write = async (locale: "it-IT" | "en-US") => {
      const lines = (async function* () {
        yield [7, 'Club "Uno"; A, B', 1.5, null, "=1+1"];
      })();
      const bytes = new Uint8Array(
        await new Response(csvStream(["N", "Club", "Km", "X", "Y"], lines, locale)).arrayBuffer(),
      );
      return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    };
    expect(await write("it-IT")).toBe('\ufeffN;Club;Km;X;Y\r\n7;"Club ""Uno""; A, B";1,5;;\'=1+1\r\n');
    expect(await write("en-US")).toBe('\ufeffN,Club,Km,X,Y\r\n7,"Club ""Uno""; A, B",1.5,,\'=1+1\r\n');
  });
});
