import { refuse, type TimingSheet } from "@sports/domain";
import ExcelJS from "exceljs";
import { checkXlsx, tooLarge, XLSX_MAX_COLUMNS } from "./xlsx-zip.ts";

/**
 * A timing company's Excel workbook read as a table, like its CSV (packages/domain/src/timing-file.ts):
 * every cell as the text a person reads in it, so the same mapping and the same time parser read
 * both. Times are written `h:mm:ss` with the fractions the value holds, whatever the format hides:
 * tenths and hundredths decide ranks.
 */

/** A workbook's first sheet with data, as a table; its line numbers are the sheet's row numbers. */
export type TimingWorkbook = TimingSheet & { format: "xlsx" };

const DAY = 86_400_000;
/** Excel counts days from 1899-12-30 (or, in a workbook of the 1904 system, from 1904-01-01). */
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);
const SYSTEM_1904_SHIFT = 1_462 * DAY;

/** What a number format shows of a moment: a day, a time of day, or a duration (`[h]:mm:ss`). */
interface MomentShape {
  date: boolean;
  time: boolean;
  elapsed: boolean;
}

/** The parts of a moment a number format shows; null for a format of plain numbers. */
function momentShape(numFmt: string | undefined): MomentShape | null {
  // Quoted text and escaped characters are written as they are; brackets hold colours, locales, conditions.
  const bare = (numFmt ?? "").replace(/"[^"]*"/g, "").replace(/\\./g, "");
  const elapsed = /\[(?:h+|m+|s+)\]/i.test(bare);
  const plain = bare.replace(/\[[^\]]*\]/g, "");
  const date = /[dy]/i.test(plain);
  const time = elapsed || /[hs]/i.test(plain);
  return date || time ? { date, time, elapsed } : null;
}

/** A moment's shape told by its value when the format does not tell it: a time alone is under a day. */
function shapeOfValue(sinceDayZero: number): MomentShape {
  if (sinceDayZero >= 0 && sinceDayZero < DAY) return { date: false, time: true, elapsed: false };
  return { date: true, time: sinceDayZero % DAY !== 0, elapsed: false };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** Milliseconds as `h:mm:ss`, with the fraction of a second there is (`1:02:03.4`, `0:00:09.05`). */
function clockText(milliseconds: number): string {
  const rest = Math.abs(Math.round(milliseconds));
  const [hours, minutes, seconds] = [
    Math.floor(rest / 3_600_000),
    Math.floor(rest / 60_000) % 60,
    Math.floor(rest / 1000) % 60,
  ];
  const millis = rest % 1000;
  const fraction = millis === 0 ? "" : `.${String(millis).padStart(3, "0").replace(/0+$/, "")}`;
  return `${milliseconds < 0 ? "-" : ""}${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}${fraction}`;
}

/**
 * A date or time cell as text: a day as `YYYY-MM-DD`, a time of day or a duration as `h:mm:ss`. A
 * time without a date shows the time of day, as Excel does (a finish clock stored with its day);
 * a duration format (`[h]:mm:ss`) shows every hour, past a day too.
 */
function momentText(value: number | Date, numFmt: string | undefined, date1904: boolean): string {
  const shift = EXCEL_DAY_ZERO + (date1904 ? SYSTEM_1904_SHIFT : 0);
  // exceljs turns a date-formatted number into the Date it names, its milliseconds rounded.
  const sinceDayZero = value instanceof Date ? value.getTime() - shift : Math.round(value * DAY);
  const shape = momentShape(numFmt) ?? shapeOfValue(sinceDayZero);
  const timeOfDay = ((sinceDayZero % DAY) + DAY) % DAY;
  if (!shape.date) return clockText(shape.elapsed ? sinceDayZero : timeOfDay);
  const day = new Date(sinceDayZero + shift).toISOString().slice(0, 10);
  return shape.time ? `${day} ${clockText(timeOfDay)}` : day;
}

/** A number as written: to the 15 digits a spreadsheet keeps, so arithmetic's noise (0.30000000000000004) goes. */
function numberText(value: number): string {
  return String(Number(value.toPrecision(15)));
}

/** A cell's value as the text a person reads in it. */
function textOf(value: ExcelJS.CellValue, numFmt: string | undefined, date1904: boolean): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return momentShape(numFmt) ? momentText(value, numFmt, date1904) : numberText(value);
  if (value instanceof Date) return momentText(value, numFmt, date1904);
  if ("richText" in value) return value.richText.map(({ text }) => text).join("");
  if ("error" in value) return value.error;
  if ("formula" in value || "sharedFormula" in value) return textOf(value.result ?? null, numFmt, date1904);
  // A hyperlink's text may be rich text.
  if ("hyperlink" in value) return textOf(value.text as ExcelJS.CellValue, numFmt, date1904);
  return "";
}

/** A row's filled cells as text, by column number; a merged area's text once, in its first cell. */
function filledCells(row: ExcelJS.Row, date1904: boolean): Map<number, string> {
  const cells = new Map<number, string>();
  row.eachCell((cell, column) => {
    if (cell.type === ExcelJS.ValueType.Merge) return;
    const text = textOf(cell.value, cell.numFmt, date1904);
    if (text.trim() !== "") cells.set(column, text);
  });
  return cells;
}

/** A sheet as a table: its first filled row the header, the filled rows under it, every row as wide as the widest. */
function tableOf(sheet: ExcelJS.Worksheet, date1904: boolean): TimingSheet | null {
  const filled: { line: number; cells: Map<number, string> }[] = [];
  let width = 0;
  sheet.eachRow((row, line) => {
    const cells = filledCells(row, date1904);
    if (cells.size === 0) return;
    width = Math.max(width, ...cells.keys());
    filled.push({ line, cells });
  });
  if (width > XLSX_MAX_COLUMNS) tooLarge(`The sheet "${sheet.name}" has cells past column ${XLSX_MAX_COLUMNS}.`);
  const [header, ...rows] = filled.map(({ line, cells }) => ({
    line,
    cells: Array.from({ length: width }, (_, index) => cells.get(index + 1) ?? ""),
  }));
  if (!header) return null;
  return { columns: header.cells.map((cell) => cell.trim()), rows };
}

/**
 * An XLSX file's first visible sheet with data, as a table. Refused `file-unreadable` for a file
 * that is not an XLSX workbook (an .xls, a CSV, a damaged zip) and `workbook-too-large` for one past
 * the limits (xlsx-zip.ts); a workbook without data reads as an empty table.
 */
export async function readTimingXlsx(bytes: Uint8Array): Promise<TimingWorkbook> {
  checkXlsx(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch (error) {
    refuse("file-unreadable", "The workbook could not be read: save it again as .xlsx, or as CSV.", { cause: error });
  }
  const date1904 = Boolean(workbook.properties?.date1904);
  for (const sheet of workbook.worksheets) {
    if (sheet.state !== "visible") continue;
    const table = tableOf(sheet, date1904);
    if (table) return { format: "xlsx", ...table };
  }
  return { format: "xlsx", columns: [], rows: [] };
}
