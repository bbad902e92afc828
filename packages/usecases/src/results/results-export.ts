import { GENDERS, type Gender, type Locale, type ResultLine } from "@sports/domain";
import { formatRaceTime } from "@sports/jsonapi";
import { CSV_DIALECTS, csvSafe, csvStream, type Line, xlsxStream } from "../exports/spreadsheet.ts";
import { EXPORT_WORDS, RESULT_COLUMNS } from "../exports/words.ts";

/**
 * A race's results as files to download, in the export's language (docs/decisions/047-csv-per-language.md):
 * ranks, the runner, the state in words, the times as `h:mm:ss` with the language's decimal mark
 * for tenths (`1:02:03,4`), then one column per split, named as the timing file named it.
 */

type Results = AsyncIterable<ResultLine> | Iterable<ResultLine>;

/** The results one by one, however they are given: a list, or read from the database batch after batch. */
async function* each(results: Results): AsyncIterable<ResultLine> {
  yield* results;
}

const isGender = (gender: string | null): gender is Gender => GENDERS.includes(gender as Gender);

/** The headers of the results' columns in `locale`, the splits' names last. */
function headersOf(locale: Locale, splitNames: readonly string[]): string[] {
  const words = EXPORT_WORDS[locale].results;
  return [...RESULT_COLUMNS.map((column) => words[column]), ...splitNames];
}

/** One result as a line: numbers as numbers, words in `locale`, times as text with its decimal mark. */
function lineOf(result: ResultLine, locale: Locale, splitNames: readonly string[]): Line {
  const words = EXPORT_WORDS[locale];
  const { decimal } = CSV_DIALECTS[locale];
  const time = (seconds: number | null | undefined) =>
    seconds === null || seconds === undefined ? null : formatRaceTime(seconds, decimal);
  const splits = new Map(result.splits.map((split) => [split.name, split.time]));
  return [
    result.ranks.overall,
    result.bib,
    result.familyName,
    result.givenName,
    isGender(result.gender) ? words.gender[result.gender] : result.gender,
    result.category,
    result.club,
    words.resultStatus[result.status],
    time(result.gunTime),
    time(result.netTime),
    result.ranks.gender,
    result.ranks.category,
    ...splitNames.map((name) => time(splits.get(name))),
  ];
}

async function* linesOf(results: Results, locale: Locale, splitNames: readonly string[]): AsyncIterable<Line> {
  for await (const result of each(results)) yield lineOf(result, locale, splitNames);
}

/**
 * The results as a CSV in the dialect of `locale`, one line per result as given (in the order of
 * the ranks, for the caller to choose). A split's name is the timing file's, so it is made safe
 * like any cell a spreadsheet could run.
 */
export function resultsCsv(
  results: Results,
  locale: Locale,
  splitNames: readonly string[],
): ReadableStream<Uint8Array> {
  return csvStream(headersOf(locale, splitNames.map(csvSafe)), linesOf(results, locale, splitNames), locale);
}

/** The results as an XLSX workbook of one sheet, named in `locale` unless `sheetName` is given. */
export function resultsXlsx(
  results: Results,
  locale: Locale,
  splitNames: readonly string[],
  sheetName = EXPORT_WORDS[locale].results.sheet,
): ReadableStream<Uint8Array> {
  return xlsxStream(headersOf(locale, splitNames), linesOf(results, locale, splitNames), sheetName);
}
