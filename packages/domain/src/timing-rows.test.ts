import { describe, expect, it } from "vitest";
import { readTimingCsv } from "./timing-file.ts";
import { readTimingRows } from "./timing-rows.ts";

const table = (text: string) => readTimingCsv(new TextEncoder().encode(text));

describe("a timing file's rows through a mapping", () => {
  it("reads times, splits and states, and names each row left out with its line and reason", () => {
    const file = table(
      "Pett;Tempo;10 km;Stato\n1;1:02:03,4;30:00;\n;1:00:00;;\nx7;1:00:00;;\n3;1:0o:00;;\n4;;;Ritirato\n1;1:05:00;;\n5;;;\n",
    );
    const read = readTimingRows(file, { bib: 0, gunTime: 1, status: 3, splits: [2] });
    expect(read.times.filter((t) => t.bib === 1)).toMatchObject([
      { line: 2, point: "finish", kind: "gun", seconds: 3723.4 },
      { line: 2, point: "10 km", kind: "gun", seconds: 1800 },
    ]);
    expect(read.times.find((t) => t.bib === 4)).toMatchObject({ kind: "status", status: "dnf" });
    expect(read.invalidRows.map(({ line, code, value }) => [line, code, value])).toEqual([
      [3, "bib-missing", null],
      [4, "bib-invalid", "x7"],
      [5, "time-invalid", "1:0o:00"],
      [8, "nothing-to-read", null],
    ]);
    expect(read.duplicateBibs).toEqual([{ bib: 1, lines: [2, 7] }]);
  });
});
