/**
 * A timing company's CSV file read as they send it: UTF-8 with or without a BOM or Windows-1252,
 * fields split by `,`, `;` or a tab (whichever splits the first lines alike), quoted or not; and
 * the columns it most likely holds, from headers written in Italian or English and, for times
 * without a telling header, from what the cells look like.
 */
import { parseRaceTime } from "./race-time.ts";

export type Delimiter = "," | ";" | "\t";

/**
 * A timing file as a table, whatever its format: its header's columns and the rows under it, each
 * with its line number in the file (a CSV's line, a spreadsheet's row), cells as text.
 */
export interface TimingSheet {
  columns: string[];
  /** The rows under the header, blank ones left out. */
  rows: { line: number; cells: string[] }[];
}

/** A CSV timing file as a table, with how its bytes were read. */
export interface TimingTable extends TimingSheet {
  encoding: "utf-8" | "windows-1252";
  delimiter: Delimiter;
}

/** The file's text: UTF-8 when its bytes are, its BOM dropped; otherwise Windows-1252, as Excel writes in Italy. */
export function decodeTimingFile(bytes: Uint8Array): { text: string; encoding: TimingTable["encoding"] } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(body), encoding: "windows-1252" };
  }
}

/** The lines of a CSV text split into fields: quotes may hold delimiters, line breaks and doubled quotes. */
export function splitCsv(text: string, delimiter: Delimiter): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"' && (quoted || field === "")) quoted = !quoted;
    else if (quoted) field += char;
    else if (char === delimiter) endField();
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else field += char;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

const DELIMITERS: Delimiter[] = [";", "\t", ","];

/** The delimiter that splits the first lines into the same number of fields, the most of them. */
export function detectDelimiter(text: string): Delimiter {
  const head = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .slice(0, 10)
    .join("\n");
  const score = (delimiter: Delimiter) => {
    const counts = splitCsv(head, delimiter).map((fields) => fields.length);
    const first = counts[0] ?? 1;
    const alike = counts.filter((count) => count === first).length;
    return first > 1 ? alike * 1000 + first : 0;
  };
  return DELIMITERS.reduce((best, delimiter) => (score(delimiter) > score(best) ? delimiter : best));
}

/** The file as a table: its header's columns and the rows under it, blank lines left out. */
export function readTimingCsv(bytes: Uint8Array): TimingTable {
  const { text, encoding } = decodeTimingFile(bytes);
  const delimiter = detectDelimiter(text);
  const lines = splitCsv(text, delimiter).map((cells, index) => ({ line: index + 1, cells }));
  const filled = lines.filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  const [header, ...rows] = filled;
  return { encoding, delimiter, columns: (header?.cells ?? []).map((cell) => cell.trim()), rows };
}

/** What a column of a timing file can be. */
export const TIMING_FIELDS = [
  "bib",
  "netTime",
  "gunTime",
  "startClock",
  "finishClock",
  "status",
  "givenName",
  "familyName",
  "name",
  "club",
] as const;
export type TimingField = (typeof TIMING_FIELDS)[number];

/** Headers as timing files write them, accents, case and punctuation aside. */
const HEADERS: Record<TimingField, string[]> = {
  bib: ["pettorale", "pett", "bib", "bib number", "numero", "num", "n", "nr", "pettorina", "dorsale"],
  netTime: ["tempo netto", "net time", "real time", "chip time", "netto", "tempo reale", "real"],
  gunTime: [
    "tempo ufficiale",
    "gun time",
    "official time",
    "tempo lordo",
    "tempo",
    "time",
    "lordo",
    "finish time",
    "finish",
    "arrivo",
  ],
  startClock: ["ora partenza", "partenza", "start", "start time", "orario partenza"],
  // A finish column is a race time; a clock time of day says so.
  finishClock: ["ora arrivo", "orario arrivo", "finish clock", "ora di arrivo"],
  status: ["stato", "status", "esito"],
  givenName: ["nome", "first name", "given name", "firstname"],
  familyName: ["cognome", "last name", "family name", "surname", "lastname"],
  name: ["atleta", "nominativo", "cognome e nome", "cognome nome", "nome e cognome", "name", "athlete", "runner"],
  club: ["societa", "society", "club", "team", "squadra", "gruppo sportivo", "associazione"],
};

/** A header as compared: lower case, without accents or punctuation, spaces single. */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * The column each field's header names, as `headers` lists the ways of writing it (compared by
 * headerKey): fields in the order listed, each taking the first column not taken yet.
 */
export function columnsByHeader<Field extends string>(
  columns: readonly string[],
  headers: Readonly<Record<Field, readonly string[]>>,
): Partial<Record<Field, number>> {
  const keys = columns.map(headerKey);
  const mapping: Partial<Record<Field, number>> = {};
  const taken = new Set<number>();
  for (const field of Object.keys(headers) as Field[]) {
    const index = keys.findIndex((key, at) => !taken.has(at) && headers[field].includes(key));
    if (index < 0) continue;
    mapping[field] = index;
    taken.add(index);
  }
  return mapping;
}

export type TimingMapping = Partial<Record<TimingField, number>> & { splits: number[] };

/**
 * The columns most likely holding each field: a header named as timing files name it; then, among
 * the columns left, those whose cells read as times are split times (the last, if no time column
 * was named, the gun time).
 */
export function proposeMapping(table: TimingSheet): TimingMapping {
  const named = columnsByHeader(table.columns, HEADERS);
  const mapping: TimingMapping = { ...named, splits: [] };
  const taken = new Set(Object.values<number | undefined>(named));
  const sample = table.rows.slice(0, 20);
  const timeColumns = table.columns
    .map((_, index) => index)
    .filter((index) => !taken.has(index) && looksLikeTimes(sample.map(({ cells }) => cells[index] ?? "")));
  if (mapping.gunTime === undefined && mapping.netTime === undefined && timeColumns.length > 0)
    mapping.gunTime = timeColumns.pop() as number;
  mapping.splits = timeColumns;
  return mapping;
}

/** Whether most filled cells read as `h:mm:ss`-like times (plain numbers are bibs or ranks more often than times). */
function looksLikeTimes(cells: string[]): boolean {
  const filled = cells.filter((cell) => cell.trim() !== "");
  const times = filled.filter((cell) => cell.includes(":") && parseRaceTime(cell) !== null);
  return filled.length > 0 && times.length * 2 > filled.length;
}
