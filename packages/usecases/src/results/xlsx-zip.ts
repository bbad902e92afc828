import { inflateRawSync } from "node:zlib";
import { refuse } from "@sports/domain";

/**
 * An XLSX file is a zip of XML files, and a small zip can unzip to gigabytes (a zip bomb). Before
 * exceljs opens a workbook, which unzips all of it into memory, every entry is unzipped here with
 * the bytes left in the budget as its ceiling: what an entry says of its own size is not believed,
 * entries sharing their compressed bytes are counted each, and the work stops at the ceiling.
 */

/** What a workbook may unzip to, in all: far more than a timing file of any race, far less than a bomb. */
export const XLSX_MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
/** The files a workbook may hold. */
export const XLSX_MAX_ENTRIES = 1_000;
/** The rows a worksheet may have: more than any race's finishers. */
export const XLSX_MAX_ROWS = 50_000;
/** The columns a worksheet's filled cells may reach: Excel 2003's last, IV, more than any timing file. */
export const XLSX_MAX_COLUMNS = 256;

const SIGNATURE = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50 } as const;
/** An Excel 97–2003 workbook, or a workbook saved with a password: an OLE compound file, not a zip. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A worksheet's XML, and a row in it (with or without a namespace prefix). */
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s/>]/g;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

function unreadable(why: string): never {
  refuse("file-unreadable", `${why} Save it from the spreadsheet as an Excel workbook (.xlsx) or as CSV.`);
}

const MEGABYTES = `${XLSX_MAX_UNZIPPED_BYTES / 1024 / 1024} MB`;
const ROWS = XLSX_MAX_ROWS.toLocaleString("en-US");

/** Refuses a workbook past a limit, saying which and what the limits are. */
export function tooLarge(what: string): never {
  refuse(
    "workbook-too-large",
    `${what} A timing workbook may unzip to at most ${MEGABYTES}, with at most ${ROWS} rows and ${XLSX_MAX_COLUMNS} columns a sheet.`,
  );
}

/** Where the zip's end record starts: searched from the end, past a comment of up to 64 KB. */
function endRecord(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) if (view.getUint32(at, true) === SIGNATURE.end) return at;
  return -1;
}

/** The zip's entries as its central directory lists them; refused when it is no zip, or a zip64 one. */
function entriesOf(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (COMPOUND_FILE.every((byte, index) => bytes[index] === byte))
    unreadable("The file is an Excel 97–2003 workbook (.xls) or one protected by a password.");
  const end = bytes.byteLength >= 22 ? endRecord(view) : -1;
  if (end < 0) unreadable("The file is not an Excel workbook (.xlsx).");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  // A zip64 workbook is past any limit here.
  if (count === 0xffff || at === 0xffffffff) tooLarge("The workbook is too large.");
  if (count > XLSX_MAX_ENTRIES) tooLarge(`The workbook holds ${count} files.`);
  const entries: Entry[] = [];
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== SIGNATURE.central)
      unreadable("The workbook's zip is damaged.");
    const nameLength = view.getUint16(at + 28, true);
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** An entry's bytes unzipped, at most `budget` of them; null when it unzips to more. */
function unzip(bytes: Uint8Array, entry: Entry, budget: number): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== SIGNATURE.local)
    unreadable("The workbook's zip is damaged.");
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.byteLength !== entry.compressedSize) unreadable("The workbook's zip is damaged.");
  if (entry.method === 0) return data.byteLength > budget ? null : data;
  if (entry.method !== 8) unreadable("The workbook is compressed in a way spreadsheets do not write.");
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(budget, 1) });
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return null;
    unreadable("The workbook's zip is damaged.");
  }
}

/** The rows a worksheet's XML has, counted up to one past the limit. */
function rowsOf(xml: Uint8Array): number {
  const text = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString("latin1");
  let rows = 0;
  ROW_TAG.lastIndex = 0;
  while (rows <= XLSX_MAX_ROWS && ROW_TAG.exec(text)) rows++;
  return rows;
}

/**
 * Refuses bytes that are not an XLSX workbook (`file-unreadable`), or one that unzips to more than
 * the limit, holds too many files or has a sheet of too many rows (`workbook-too-large`).
 */
export function checkXlsx(bytes: Uint8Array): void {
  const entries = entriesOf(bytes);
  if (!entries.some(({ name }) => name === "xl/workbook.xml"))
    unreadable("The file is a zip, but not an Excel workbook (.xlsx).");
  let budget = XLSX_MAX_UNZIPPED_BYTES;
  for (const entry of entries) {
    const content = unzip(bytes, entry, budget);
    if (content === null) tooLarge(`The workbook unzips to more than ${MEGABYTES}.`);
    budget -= content.byteLength;
    if (WORKSHEET.test(entry.name) && rowsOf(content) > XLSX_MAX_ROWS)
      tooLarge(`A sheet of the workbook has more than ${ROWS} rows.`);
  }
}
