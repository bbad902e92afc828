import {
  type BibHolder,
  type FieldProblem,
  isRefusal,
  proposeMapping,
  readTimingCsv,
  refuse,
  refuseProblems,
  TIMING_FIELDS,
  type TimingMapping,
  type TimingTable,
} from "@sports/domain";
import { readIofResultList } from "./iof-xml.ts";
import { readTimingXlsx } from "./timing-xlsx.ts";

/** The shapes a timing file comes in. */
export type TimingFormat = "csv" | "xlsx" | "iof";

export type TimingSheet = Pick<TimingTable, "columns" | "rows">;

/** A file's format, from its first bytes rather than its name or declared type. */
export function timingFormatOf(bytes: Uint8Array): TimingFormat {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return "xlsx";
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("<") ? "iof" : "csv";
}

const IOF_COLUMNS = ["BibNumber", "Family", "Given", "Organisation", "Status", "Time"];

/**
 * An IOF ResultList as a table, so that it goes through the same mapping and dry run as any file.
 * A runner without a bib number is found by name and birth date among those who wear a bib.
 */
function iofTable(xml: string, holders: ReadonlyMap<number, BibHolder>): TimingSheet {
  const persons = unreadableUnless(() => readIofResultList(xml));
  const byPerson = new Map(
    [...holders].map(([bib, holder]) => [personKey(holder.familyName, holder.givenName, holder.birthDate), bib]),
  );
  const splitNames = [...new Set(persons.flatMap((person) => person.splits.map((split) => split.name)))];
  const rows = persons.map((person) => {
    const bib = person.bib ?? byPerson.get(personKey(person.familyName, person.givenName, person.birthDate));
    const splits = splitNames.map((name) => person.splits.find((split) => split.name === name)?.time ?? "");
    const status = person.status === "finished" ? "" : person.status;
    return {
      line: person.line,
      cells: [
        bib ?? "",
        person.familyName,
        person.givenName,
        person.club ?? "",
        status,
        person.time ?? "",
        ...splits,
      ].map(String),
    };
  });
  return { columns: [...IOF_COLUMNS, ...splitNames], rows };
}

/** An IOF file's own refusal (a DOCTYPE, not a ResultList…) as the timing files' one, its words kept. */
function unreadableUnless<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!isRefusal(error, "invalid-input")) throw error;
    const detail = error.problems[0]?.detail ?? error.message;
    return refuse("timing-file-unreadable", detail);
  }
}

const personKey = (family: string, given: string, birthDate: string | null) =>
  `${family.trim().toLowerCase()}|${given.trim().toLowerCase()}|${birthDate ?? ""}`;

/** The table a timing file holds: its columns and rows, with each row's line in the file. */
export async function readTimingTable(
  format: TimingFormat,
  bytes: Uint8Array,
  holders: ReadonlyMap<number, BibHolder>,
): Promise<TimingSheet> {
  const table =
    format === "csv"
      ? readTimingCsv(bytes)
      : format === "xlsx"
        ? await readTimingXlsx(bytes)
        : iofTable(new TextDecoder().decode(bytes), holders);
  if (table.columns.length === 0 || table.rows.length === 0)
    refuse("timing-file-unreadable", "The file has no header row with rows under it.");
  return table;
}

/** The mapping an IOF list always has; other files get the one their headers suggest. */
export function firstMapping(format: TimingFormat, table: TimingSheet): TimingMapping {
  if (format !== "iof") return proposeMapping(table);
  const splits = table.columns.slice(IOF_COLUMNS.length).map((_, index) => IOF_COLUMNS.length + index);
  return { bib: 0, familyName: 1, givenName: 2, club: 3, status: 4, gunTime: 5, splits };
}

/** A mapping as a client sends it, checked against the file's columns. */
export function checkedMapping(value: unknown, columns: readonly string[]): TimingMapping {
  const problems: FieldProblem[] = [];
  const problem = (detail: string) => problems.push({ attribute: "mapping", code: "invalid-mapping", detail });
  const isColumn = (index: unknown): index is number =>
    Number.isInteger(index) && (index as number) >= 0 && (index as number) < columns.length;
  const given = (value ?? {}) as Record<string, unknown>;
  const mapping: TimingMapping = { splits: [] };
  for (const [field, index] of Object.entries(given)) {
    if (field === "splits") continue;
    if (!(TIMING_FIELDS as readonly string[]).includes(field)) problem(`"${field}" is not a field of a result.`);
    else if (index === null) continue;
    else if (!isColumn(index)) problem(`"${field}" must be a column's number, from 0 to ${columns.length - 1}.`);
    else mapping[field as keyof Omit<TimingMapping, "splits">] = index;
  }
  const splits = given.splits ?? [];
  if (!Array.isArray(splits) || !splits.every(isColumn)) problem("splits must be a list of columns' numbers.");
  else mapping.splits = splits;
  if (mapping.bib === undefined) problem("Say which column holds the bib.");
  const read = ["netTime", "gunTime", "finishClock", "status"] as const;
  if (!read.some((field) => mapping[field] !== undefined))
    problem("Say which column holds a time (net, gun or finish clock) or the state.");
  refuseProblems(problems, "The mapping has problems.");
  return mapping;
}
