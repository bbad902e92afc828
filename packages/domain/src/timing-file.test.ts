import { describe, expect, it } from "vitest";
import {
  decodeTimingFile,
  detectDelimiter,
  headerKey,
  proposeMapping,
  readTimingCsv,
  splitCsv,
} from "./timing-file.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
/** `text` as Windows-1252 bytes (Latin-1's letters are the same bytes). */
const windows1252 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

describe("a timing file's bytes", () => {
  it("are read as UTF-8, with or without a BOM, or else as Windows-1252", () => {
    expect(decodeTimingFile(utf8("Società;Città"))).toEqual({ text: "Società;Città", encoding: "utf-8" });
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8("Pettorale")]);
    expect(decodeTimingFile(bom)).toEqual({ text: "Pettorale", encoding: "utf-8" });
    expect(decodeTimingFile(windows1252("Società;Città"))).toEqual({
      text: "Società;Città",
      encoding: "windows-1252",
    });
  });
});

describe("a timing file's fields", () => {
  it("are split by the delimiter that splits its first lines alike", () => {
    expect(detectDelimiter("Pett;Tempo;Società\n1;1:02:03,4;A, B e C\n2;1:03:00;D")).toBe(";");
    expect(detectDelimiter("bib\ttime\n1\t1:02:03")).toBe("\t");
    expect(detectDelimiter("bib,time,club\n1,1:02:03,X\n2,1:05:00,Y")).toBe(",");
  });

  it("keep quoted delimiters, doubled quotes and line breaks, whatever the line ends", () => {
    expect(splitCsv('a;"b;c";"say ""hi"""\r\n"two\nlines";x\n', ";")).toEqual([
      ["a", "b;c", 'say "hi"'],
      ["two\nlines", "x"],
    ]);
  });

  it("make a table with the header's columns and each row's line number, blank lines left out", () => {
    const table = readTimingCsv(utf8("Pettorale;Tempo\n\n12;1:02:03\n;\n13;DNF\n"));
    expect(table.columns).toEqual(["Pettorale", "Tempo"]);
    expect(table.rows).toEqual([
      { line: 3, cells: ["12", "1:02:03"] },
      { line: 5, cells: ["13", "DNF"] },
    ]);
  });
});

describe("the columns proposed", () => {
  it("compare headers without case, accents or punctuation", () => {
    expect(headerKey(" Società  Sportiva ")).toBe("societa sportiva");
    expect(headerKey("N.")).toBe("n");
  });

  it("come from Italian headers", () => {
    const table = readTimingCsv(
      utf8(
        "Pos;Pett.;Cognome;Nome;Società;Tempo ufficiale;Tempo netto;Stato\n1;12;Rossi;Anna;ASD Mura;1:02:03;1:01:58;\n",
      ),
    );
    expect(proposeMapping(table)).toEqual({
      bib: 1,
      familyName: 2,
      givenName: 3,
      club: 4,
      gunTime: 5,
      netTime: 6,
      status: 7,
      splits: [],
    });
  });

  it("come from English headers, with the times' columns found by their cells", () => {
    const table = readTimingCsv(
      utf8(
        "Bib,Athlete,Club,10K,Half,Finish\n7,Ann Lee,Runners,0:40:00,1:25:10,2:59:59\n8,Bo Kim,,0:41:00,1:26:00,DNF\n",
      ),
    );
    expect(proposeMapping(table)).toEqual({ bib: 0, name: 1, club: 2, gunTime: 5, splits: [3, 4] });
  });

  it("take the last time column for the gun time when no header names one", () => {
    const table = readTimingCsv(utf8("Num;Atleta;Giro 1;Totale\n3;Neri;0:20:00;0:41:10\n"));
    expect(proposeMapping(table)).toEqual({ bib: 0, name: 1, gunTime: 3, splits: [2] });
  });
});
