import { PassThrough, pipeline, Readable } from "node:stream";
import type { Locale } from "@sports/domain";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";

/**
 * The files the console gives to download, written for a spreadsheet in the export's language:
 * CSV in that language's dialect, XLSX as it is everywhere. Each is streamed: lines are written as
 * they are read, so a long list is never whole in memory (docs/decisions/023-race-day.md).
 */

/** One cell of an exported line: a text, a number, or nothing. */
export type Cell = string | number | null;
export type Line = Cell[];

/** How a language's spreadsheet reads a CSV without being asked: what separates fields and decimals. */
export interface CsvDialect {
  delimiter: ";" | ",";
  decimal: "," | ".";
}

/**
 * The languages whose decimal separator is a comma list fields with semicolons (as their
 * spreadsheets do); US English with commas. Every CSV starts with a UTF-8 byte-order mark, in
 * every language: without it a spreadsheet reads the file in its legacy code page and garbles
 * accents (Città, Zoë).
 */
export const CSV_DIALECTS: Record<Locale, CsvDialect> = {
  "it-IT": { delimiter: ";", decimal: "," },
  "de-DE": { delimiter: ";", decimal: "," },
  "fr-FR": { delimiter: ";", decimal: "," },
  "es-ES": { delimiter: ";", decimal: "," },
  "en-US": { delimiter: ",", decimal: "." },
};

/**
 * A runner's text as a CSV cell a spreadsheet will not run: one that starts like a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading apostrophe, so `=HYPERLINK(…)` typed as a
 * club name stays text. (The XLSX writes every text as a string cell, never a formula.)
 */
export function csvSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Lines as a CSV in the dialect of `locale`: a byte-order mark, a header row, then one row per
 * line, fields quoted where they hold the delimiter, a quote or a line break (RFC 4180, CRLF).
 */
export function csvStream(
  headers: readonly string[],
  lines: AsyncIterable<Line>,
  locale: Locale,
): ReadableStream<Uint8Array> {
  const { delimiter, decimal } = CSV_DIALECTS[locale];
  const csv = stringify({
    bom: true,
    delimiter,
    record_delimiter: "windows",
    header: true,
    columns: [...headers],
    cast: { number: (value) => String(value).replace(".", decimal), string: csvSafe },
  });
  // A failed read ends the download in error; a download given up stops the reading.
  pipeline(Readable.from(lines), csv, () => {});
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}

/** Lines as an XLSX workbook of one sheet: a header row, then one row per line (numbers as numbers). */
export function xlsxStream(
  headers: readonly string[],
  lines: AsyncIterable<Line>,
  sheetName: string,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    // A sheet's name: at most 31 characters, none of : \ / ? * [ ].
    const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet 1");
    sheet.addRow([...headers]).commit();
    for await (const line of lines) {
      // A download given up stops the reading.
      if (out.destroyed) return;
      sheet.addRow(line).commit();
      // The reader sets the pace: wait while what is written is not yet read.
      if (out.writableNeedDrain)
        await new Promise<void>((resolve) => {
          const done = () => {
            out.off("drain", done);
            out.off("close", done);
            resolve();
          };
          out.once("drain", done);
          out.once("close", done);
        });
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
