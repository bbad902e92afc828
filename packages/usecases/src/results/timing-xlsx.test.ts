import { crc32, deflateRawSync } from "node:zlib";
import { isRefusal, proposeMapping } from "@sports/domain";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readTimingXlsx } from "./timing-xlsx.ts";
import { XLSX_MAX_ROWS, XLSX_MAX_UNZIPPED_BYTES } from "./xlsx-zip.ts";

const DAY_SECONDS = 86_400;

/** A workbook built as a spreadsheet would save it. */
async function workbook(build: (book: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  build(book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Writes `values` on row `row` from column A; an object is a value and its number format. */
function put(sheet: ExcelJS.Worksheet, row: number, values: (ExcelJS.CellValue | { time: number; numFmt: string })[]) {
  values.forEach((value, index) => {
    const cell = sheet.getCell(row, index + 1);
    if (value !== null && typeof value === "object" && "time" in value) {
      cell.value = value.time;
      cell.numFmt = value.numFmt;
    } else cell.value = value;
  });
}

/** A zip of `files` as written, each deflated: what a zip bomb is made of. */
function zip(files: Record<string, Uint8Array>): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = deflateRawSync(content);
    const header = (size: number) => Buffer.alloc(size);
    const local = header(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = header(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc32(content), 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(content.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, Buffer.from(name), data);
    central.push(entry, Buffer.from(name));
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directory, end]));
}

async function refusalOf(bytes: Uint8Array) {
  const error = await readTimingXlsx(bytes).catch((caught: unknown) => caught);
  if (!isRefusal(error)) throw new Error(`Not refused: ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe("a timing company's workbook", () => {
  it("reads as the text a person sees, from the first filled row, with the sheet's row numbers", async () => {
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet("Classifica");
      put(sheet, 1, ["   "]);
      put(sheet, 3, ["Pett.", "Cognome", "Nome", "Tempo netto", "Tempo ufficiale", "Km 21", "Ora arrivo", "Punti"]);
      put(sheet, 4, [
        101,
        "Rossi",
        "Anna",
        "1:02:03,4",
        { time: 3723.4 / DAY_SECONDS, numFmt: "h:mm:ss" },
        { time: (26 * 3600 + 0.5) / DAY_SECONDS, numFmt: "[h]:mm:ss.0" },
        // A finish clock stored with its day: the time of day shows.
        { time: 45_413 + (9 * 3600 + 5.25) / DAY_SECONDS, numFmt: "hh:mm:ss" },
        0.1 + 0.2,
      ]);
      put(sheet, 5, [
        7,
        { richText: [{ text: "Bian" }, { text: "chi", font: { bold: true } }] },
        { formula: 'PROPER("luca")', result: "Luca" },
        "59:58",
        { time: 3598 / DAY_SECONDS, numFmt: "h:mm:ss" },
        { time: 1800 / DAY_SECONDS, numFmt: "[h]:mm:ss.0" },
        null,
        12,
      ]);
    });
    const table = await readTimingXlsx(bytes);
    expect(table).toEqual({
      format: "xlsx",
      columns: ["Pett.", "Cognome", "Nome", "Tempo netto", "Tempo ufficiale", "Km 21", "Ora arrivo", "Punti"],
      rows: [
        { line: 4, cells: ["101", "Rossi", "Anna", "1:02:03,4", "1:02:03.4", "26:00:00.5", "9:00:05.25", "0.3"] },
        { line: 5, cells: ["7", "Bianchi", "Luca", "59:58", "0:59:58", "0:30:00", "", "12"] },
      ],
    });
    expect(proposeMapping(table)).toEqual({
      bib: 0,
      familyName: 1,
      givenName: 2,
      netTime: 3,
      gunTime: 4,
      finishClock: 6,
      splits: [5],
    });
  });

  it("is read from its first visible sheet with data, in either of Excel's date systems", async () => {
    const bytes = await workbook((book) => {
      book.properties.date1904 = true;
      book.addWorksheet("Copertina");
      put(book.addWorksheet("Bozza", { state: "hidden" }), 1, ["Pettorale"]);
      const sheet = book.addWorksheet("Arrivi");
      put(sheet, 1, ["Pettorale", "Tempo", "Nato il"]);
      put(sheet, 2, [5, { time: 3723 / DAY_SECONDS, numFmt: "h:mm:ss" }, { time: 27_880, numFmt: "dd/mm/yyyy" }]);
    });
    expect(await readTimingXlsx(bytes)).toMatchObject({
      columns: ["Pettorale", "Tempo", "Nato il"],
      rows: [{ line: 2, cells: ["5", "1:02:03", "1980-05-01"] }],
    });
  });

  it("is refused when it is no workbook, or one wider than any timing file", async () => {
    const csv = new TextEncoder().encode("Pettorale;Tempo\n1;1:02:03\n");
    expect(await refusalOf(csv)).toMatchObject({ code: "file-unreadable" });
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(512)]);
    expect((await refusalOf(xls)).message).toContain(".xls");
    const notAWorkbook = zip({ "word/document.xml": new TextEncoder().encode("<w:document/>") });
    expect(await refusalOf(notAWorkbook)).toMatchObject({ code: "file-unreadable" });
    const wide = await workbook((book) => put(book.addWorksheet("Tempi"), 1, [...new Array(300).fill("x")]));
    expect(await refusalOf(wide)).toMatchObject({ code: "workbook-too-large" });
  });

  it("is refused before it is opened when it unzips past the limit or has too many rows", async () => {
    const workbookXml = new TextEncoder().encode("<workbook/>");
    const bomb = zip({
      "xl/workbook.xml": workbookXml,
      "xl/worksheets/sheet1.xml": new Uint8Array(XLSX_MAX_UNZIPPED_BYTES + 1),
    });
    expect(bomb.byteLength).toBeLessThan(200_000);
    expect(await refusalOf(bomb)).toMatchObject({ code: "workbook-too-large", message: /unzips to more than 64 MB/ });
    const rows = new TextEncoder().encode(`<sheetData>${"<row/>".repeat(XLSX_MAX_ROWS + 1)}</sheetData>`);
    const long = zip({ "xl/workbook.xml": workbookXml, "xl/worksheets/sheet1.xml": rows });
    expect(await refusalOf(long)).toMatchObject({ code: "workbook-too-large", message: /more than 100,000 rows/ });
  });
});
