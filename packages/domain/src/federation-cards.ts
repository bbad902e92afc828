/**
 * Federation cards: the lists of valid cards an organiser receives from a federation (FIDAL), for
 * Runcards, or from a promotion body (UISP, CSI, AICS…), read from the CSV files they send, and the
 * check of one runner's card against them.
 */
import { headerKey, readTimingCsv } from "./timing-file.ts";

/** The kinds of card an event may accept: FIDAL's, a Runcard, a promotion body's. */
export const CARD_KINDS = ["fidal", "runcard", "promotion"] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The largest card list file taken. */
export const CARD_LIST_MAX_BYTES = 5 * 1024 * 1024;

/** One valid card as a list gives it; dates `YYYY-MM-DD`, null when the list does not say. */
export interface CardEntry {
  /** As compared: upper case, without spaces (`normalizeCard`). */
  card: string;
  familyName: string;
  givenName: string;
  birthDate: string | null;
  validUntil: string | null;
  club: string | null;
}

/** Why a row of a card list was left out. */
export interface CardListInvalidRow {
  line: number;
  code: "card-missing" | "name-missing" | "date-invalid" | "card-duplicate";
  /** The column the problem is in, as the file's header names it, when one is. */
  column: string | null;
  value: string | null;
}

/** A card list read: its valid cards, the rows left out, and the columns it lacks to be read at all. */
export interface CardList {
  entries: CardEntry[];
  invalidRows: CardListInvalidRow[];
  /** `card`, `name`: a file without them has no valid row. */
  missingColumns: ("card" | "name")[];
}

type CardField = "card" | "familyName" | "givenName" | "name" | "birthDate" | "validUntil" | "club";

/** Headers as card lists write them, in Italian or English, accents, case and punctuation aside. */
const HEADERS: Record<CardField, string[]> = {
  card: [
    "tessera",
    "n tessera",
    "nr tessera",
    "num tessera",
    "numero tessera",
    "tessera n",
    "codice tessera",
    "cartellino",
    "card",
    "card number",
    "card no",
    "card nr",
    "membership number",
    "member number",
    "runcard",
  ],
  familyName: ["cognome", "last name", "family name", "surname", "lastname"],
  givenName: ["nome", "first name", "given name", "firstname"],
  name: ["atleta", "nominativo", "cognome e nome", "cognome nome", "name", "athlete", "full name"],
  birthDate: [
    "data di nascita",
    "data nascita",
    "nascita",
    "nato il",
    "birth date",
    "date of birth",
    "birthdate",
    "dob",
  ],
  validUntil: [
    "scadenza",
    "data scadenza",
    "scadenza tessera",
    "valida fino al",
    "valido fino al",
    "validita",
    "fine validita",
    "valid until",
    "valid to",
    "expiry",
    "expiry date",
    "expires",
    "expires on",
  ],
  club: ["societa", "society", "club", "team", "squadra", "gruppo sportivo", "associazione"],
};

/** A card number as compared: upper case, without spaces. */
export function normalizeCard(card: string): string {
  return card.replace(/\s+/g, "").toUpperCase();
}

/**
 * A date as written in Italy (`31/12/2027`, `31-12-2027`, `31.12.2027`, day and month of one or
 * two digits) or in ISO (`2027-12-31`), as `YYYY-MM-DD`; null when it is neither or no such day.
 */
export function readListDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : italian ? [italian[3], italian[2], italian[1]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const written = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return date.toISOString().slice(0, 10) === written ? written : null;
}

/** Each field's column: the first header named as card lists name it. */
function columnsOf(header: readonly string[]): Partial<Record<CardField, number>> {
  const keys = header.map(headerKey);
  const columns: Partial<Record<CardField, number>> = {};
  const taken = new Set<number>();
  for (const field of Object.keys(HEADERS) as CardField[]) {
    const index = keys.findIndex((key, at) => !taken.has(at) && HEADERS[field].includes(key));
    if (index < 0) continue;
    columns[field] = index;
    taken.add(index);
  }
  return columns;
}

/**
 * A card list's CSV file read as organisers receive it (UTF-8 with or without a BOM or
 * Windows-1252; `,` `;` or tab), its header in Italian or English: one entry per card, the first
 * row counting when a card is on several; the rows without a card or a name, with a date that is
 * no date, or repeating a card, each with its line and why.
 */
export function readCardList(bytes: Uint8Array): CardList {
  const { columns: headerCells, rows } = readTimingCsv(bytes);
  const columns = columnsOf(headerCells);
  const missingColumns: CardList["missingColumns"] = [];
  if (columns.card === undefined) missingColumns.push("card");
  if (columns.familyName === undefined && columns.givenName === undefined && columns.name === undefined)
    missingColumns.push("name");
  const list: CardList = { entries: [], invalidRows: [], missingColumns };
  if (missingColumns.length > 0) return list;

  const seen = new Set<string>();
  for (const { line, cells } of rows) {
    const read = readRow(cells, columns, headerCells);
    if ("code" in read) list.invalidRows.push({ line, ...read });
    else if (seen.has(read.card))
      list.invalidRows.push({
        line,
        code: "card-duplicate",
        column: headerCells[columns.card ?? 0] ?? null,
        value: read.card,
      });
    else {
      seen.add(read.card);
      list.entries.push(read);
    }
  }
  return list;
}

function readRow(
  cells: readonly string[],
  columns: Partial<Record<CardField, number>>,
  header: readonly string[],
): CardEntry | Omit<CardListInvalidRow, "line"> {
  const cell = (field: CardField) => {
    const index = columns[field];
    return index === undefined ? "" : (cells[index] ?? "").trim().replace(/\s+/g, " ");
  };
  const columnName = (field: CardField) => header[columns[field] ?? -1] ?? null;
  const card = normalizeCard(cell("card"));
  if (card === "") return { code: "card-missing", column: columnName("card"), value: null };
  const familyName = cell("familyName") || cell("name");
  const givenName = cell("givenName");
  if (familyName === "" && givenName === "") return { code: "name-missing", column: null, value: null };
  const dates: Record<"birthDate" | "validUntil", string | null> = { birthDate: null, validUntil: null };
  for (const field of ["birthDate", "validUntil"] as const) {
    const written = cell(field);
    if (written === "") continue;
    dates[field] = readListDate(written);
    if (dates[field] === null) return { code: "date-invalid", column: columnName(field), value: written };
  }
  return { card, familyName, givenName, ...dates, club: cell("club") || null };
}

/** A list's entries by their card, as `checkCard` looks them up. */
export function indexCards(entries: readonly CardEntry[]): Map<string, CardEntry> {
  return new Map(entries.map((entry) => [entry.card, entry]));
}

/** What is wrong with a runner's card: not on the list, lapsed before race day, or someone else's. */
export const CARD_PROBLEMS = ["card-not-found", "card-expired", "card-name-mismatch"] as const;
export type CardProblem = (typeof CARD_PROBLEMS)[number];

/** A runner as their card is checked: the card they typed, their names and birth date. */
export interface CardHolder {
  card: string | null;
  givenName: string;
  familyName: string;
  birthDate: string | null;
}

/** A name as compared: without accents, case, spaces, apostrophes or hyphens (`D'Angelo` is `dangelo`). */
const nameKey = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * Whether the names are the same person's: family and given names alike, either way round (lists
 * and forms swap them), or alike once put together (a list's one name column).
 */
function sameNames(a: Pick<CardHolder, "givenName" | "familyName">, b: typeof a): boolean {
  const [family, given] = [nameKey(a.familyName), nameKey(a.givenName)];
  const [otherFamily, otherGiven] = [nameKey(b.familyName), nameKey(b.givenName)];
  return (
    family + given === otherFamily + otherGiven ||
    family + given === otherGiven + otherFamily ||
    given + family === otherFamily + otherGiven
  );
}

/**
 * Whether a runner's card holds on race day (`YYYY-MM-DD`): on the list (`card-not-found`), the
 * runner's by their names and, when both are known, their birth date (`card-name-mismatch`), and
 * valid at least until race day (`card-expired`). Null when it holds.
 */
export function checkCard(
  entries: ReadonlyMap<string, CardEntry>,
  holder: CardHolder,
  raceDay: string,
): CardProblem | null {
  const entry = holder.card === null ? undefined : entries.get(normalizeCard(holder.card));
  if (!entry) return "card-not-found";
  if (!sameNames(entry, holder)) return "card-name-mismatch";
  if (entry.birthDate !== null && holder.birthDate !== null && entry.birthDate !== holder.birthDate)
    return "card-name-mismatch";
  if (entry.validUntil !== null && entry.validUntil < raceDay) return "card-expired";
  return null;
}
