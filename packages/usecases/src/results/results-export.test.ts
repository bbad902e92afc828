import type { ResultLine } from "@sports/domain";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { resultsCsv, resultsXlsx } from "./results-export.ts";

function result(overrides: Partial<ResultLine>): ResultLine {
  return {
    id: "r1",
    appointmentId: "a1",
    bib: 101,
    participantId: "p1",
    givenName: "Anna",
    familyName: "Rossi",
    club: "ASD Trail, Lago",
    gender: "female",
    birthDate: "1990-04-01",
    category: "SF35",
    status: "finished",
    netTime: 3723.4,
    gunTime: 3730,
    ranks: { overall: 1, gender: 1, category: 1 },
    splits: [
      { name: "10 km", time: 1795.25 },
      { name: "21 km", time: 3000 },
    ],
    diplomaCode: "D1",
    ...overrides,
  };
}

const RESULTS = [
  result({}),
  result({
    bib: 7,
    givenName: "Luca",
    familyName: "Bianchi",
    club: "=cmd",
    gender: "male",
    category: "SM",
    status: "dnf",
    netTime: null,
    gunTime: null,
    ranks: { overall: null, gender: null, category: null },
    splits: [{ name: "10 km", time: 2000 }],
  }),
];

const text = async (stream: ReadableStream<Uint8Array>) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

describe("a race's results to download", () => {
  it("are a CSV in the Italian spreadsheet's dialect, with Italian headers and words", async () => {
    const csv = await text(resultsCsv(RESULTS, "it-IT", ["10 km", "21 km"]));
    expect(csv.split("\r\n")).toEqual([
      "\ufeffPosizione;Pettorale;Cognome;Nome;Sesso;Categoria;Società;Stato;Tempo ufficiale;Tempo netto;" +
        "Posizione per sesso;Posizione di categoria;10 km;21 km",
      "1;101;Rossi;Anna;femmina;SF35;ASD Trail, Lago;classificato;1:02:10;1:02:03,4;1;1;29:55,3;50:00",
      ";7;Bianchi;Luca;maschio;SM;'=cmd;ritirato;;;;;33:20;",
      "",
    ]);
  });

  it("are a CSV in the US English dialect, a split's name made safe too", async () => {
    const lines = (async function* () {
      yield RESULTS[0] as ResultLine;
    })();
    const csv = await text(resultsCsv(lines, "en-US", ["=HYPERLINK(1)"]));
    expect(csv.split("\r\n").slice(0, 2)).toEqual([
      "\ufeffRank,Bib,Last name,First name,Gender,Category,Club,Status,Gun time,Net time,Gender rank,Category rank,'=HYPERLINK(1)",
      '1,101,Rossi,Anna,female,SF35,"ASD Trail, Lago",finished,1:02:10,1:02:03.4,1,1,',
    ]);
  });

  it("are an XLSX workbook that reads back cell by cell", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await new Response(resultsXlsx(RESULTS, "de-DE", ["10 km"])).arrayBuffer());
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe("Ergebnisse");
    const row = (number: number) => (sheet.getRow(number).values as unknown[]).slice(1);
    expect(row(1)).toEqual([
      "Platz",
      "Startnummer",
      "Nachname",
      "Vorname",
      "Geschlecht",
      "Kategorie",
      "Verein",
      "Status",
      "Bruttozeit",
      "Nettozeit",
      "Platz Geschlecht",
      "Platz Kategorie",
      "10 km",
    ]);
    expect(row(2)).toEqual([
      1,
      101,
      "Rossi",
      "Anna",
      "weiblich",
      "SF35",
      "ASD Trail, Lago",
      "im Ziel",
      "1:02:10",
      "1:02:03,4",
      1,
      1,
      "29:55,3",
    ]);
    expect(row(3)).toEqual([
      undefined,
      7,
      "Bianchi",
      "Luca",
      "männlich",
      "SM",
      "=cmd",
      "aufgegeben",
      undefined,
      undefined,
      undefined,
      undefined,
      "33:20",
    ]);
    expect(sheet.getCell("G3").type).toBe(ExcelJS.ValueType.String);
  });
});
