/**
 * A timing file's rows read through a mapping into raw times (raw-times.ts): what each row says of
 * its bib, and the rows that say nothing usable, each with its line and why.
 */
import { parseRaceTime, parseResultStatus, type ResultStatus } from "./race-time.ts";
import type { RawTimeKind, TimingPoint } from "./raw-times.ts";
import type { TimingMapping, TimingTable } from "./timing-file.ts";

/** A raw time as a file row gives it, before it is stored. */
export interface RowTime {
  line: number;
  bib: number;
  point: TimingPoint;
  kind: RawTimeKind;
  seconds: number | null;
  status: ResultStatus | null;
  givenName: string | null;
  familyName: string | null;
  club: string | null;
}

/** Why a row was left out: `bib-missing`, `bib-invalid`, `time-invalid`, `status-invalid` or `nothing-to-read`. */
export interface InvalidRow {
  line: number;
  code: "bib-missing" | "bib-invalid" | "time-invalid" | "status-invalid" | "nothing-to-read";
  /** The column the problem is in, when one is. */
  column: string | null;
  value: string | null;
}

export interface ReadRows {
  times: RowTime[];
  invalidRows: InvalidRow[];
  /** Bibs on more than one row: the first row counts, the later ones are listed here. */
  duplicateBibs: { bib: number; lines: number[] }[];
}

const TIME_FIELDS: [
  field: "netTime" | "gunTime" | "startClock" | "finishClock",
  point: TimingPoint,
  kind: RawTimeKind,
][] = [
  ["netTime", "finish", "net"],
  ["gunTime", "finish", "gun"],
  ["startClock", "start", "clock"],
  ["finishClock", "finish", "clock"],
];

/** A split's name: its column's header, or its place among the columns when it has none. */
export function splitName(columns: readonly string[], index: number): string {
  return columns[index]?.trim() || `#${index + 1}`;
}

type Cells = string[];
const cell = (cells: Cells, index: number | undefined) => (index === undefined ? "" : (cells[index] ?? "").trim());

/** A name cell of one column ("Rossi Mario") kept whole as the family name. */
function namesOf(cells: Cells, mapping: TimingMapping) {
  const given = cell(cells, mapping.givenName);
  const family = cell(cells, mapping.familyName) || cell(cells, mapping.name);
  const club = cell(cells, mapping.club);
  return { givenName: given || null, familyName: family || null, club: club || null };
}

type RowRead =
  | { times: Omit<RowTime, "line" | "bib" | "givenName" | "familyName" | "club">[] }
  | { invalid: Omit<InvalidRow, "line"> };

function timesOfRow(cells: Cells, columns: readonly string[], mapping: TimingMapping): RowRead {
  const times: Omit<RowTime, "line" | "bib" | "givenName" | "familyName" | "club">[] = [];
  const timeAt = (index: number, point: TimingPoint, kind: RawTimeKind): Omit<InvalidRow, "line"> | null => {
    const text = cell(cells, index);
    if (text === "") return null;
    const seconds = parseRaceTime(text);
    if (seconds === null) return { code: "time-invalid", column: columns[index] ?? null, value: text };
    times.push({ point, kind, seconds, status: null });
    return null;
  };
  for (const [field, point, kind] of TIME_FIELDS) {
    const index = mapping[field];
    const problem = index === undefined ? null : timeAt(index, point, kind);
    if (problem) return { invalid: problem };
  }
  for (const index of mapping.splits) {
    const problem = timeAt(
      index,
      splitName(columns, index),
      mapping.gunTime !== undefined && mapping.netTime === undefined ? "gun" : "net",
    );
    if (problem) return { invalid: problem };
  }
  const statusText = cell(cells, mapping.status);
  if (statusText !== "") {
    const status = parseResultStatus(statusText);
    if (!status)
      return {
        invalid: { code: "status-invalid", column: columns[mapping.status as number] ?? null, value: statusText },
      };
    times.push({ point: "finish", kind: "status", seconds: null, status });
  }
  return times.length > 0 ? { times } : { invalid: { code: "nothing-to-read", column: null, value: null } };
}

/** The raw times a file's rows give through `mapping`, and the rows left out. */
export function readTimingRows(table: Pick<TimingTable, "columns" | "rows">, mapping: TimingMapping): ReadRows {
  const read: ReadRows = { times: [], invalidRows: [], duplicateBibs: [] };
  const seen = new Map<number, number[]>();
  const bibColumn = mapping.bib === undefined ? null : (table.columns[mapping.bib] ?? null);
  for (const { line, cells } of table.rows) {
    const bibText = cell(cells, mapping.bib);
    if (bibText === "") {
      read.invalidRows.push({ line, code: "bib-missing", column: bibColumn, value: null });
      continue;
    }
    const bib = /^\d{1,6}$/.test(bibText) ? Number(bibText) : null;
    if (bib === null || bib < 1) {
      read.invalidRows.push({ line, code: "bib-invalid", column: bibColumn, value: bibText });
      continue;
    }
    const rowRead = timesOfRow(cells, table.columns, mapping);
    if ("invalid" in rowRead) {
      read.invalidRows.push({ line, ...rowRead.invalid });
      continue;
    }
    const lines = seen.get(bib);
    if (lines) {
      lines.push(line);
      continue;
    }
    seen.set(bib, [line]);
    const names = namesOf(cells, mapping);
    for (const time of rowRead.times) read.times.push({ line, bib, ...names, ...time });
  }
  read.duplicateBibs = [...seen].filter(([, lines]) => lines.length > 1).map(([bib, lines]) => ({ bib, lines }));
  return read;
}
