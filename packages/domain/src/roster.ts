/**
 * A club's roster: many athletes entered at once from a CSV or spreadsheet file, read as timing
 * files are (timing-file.ts). Which column holds which participant field, from headers written in
 * Italian or English; each row's values tidied as a club's secretary types them; and, row by row,
 * what keeps an athlete from being entered for an appointment and the category they would race in,
 * shown before anything is held.
 */
import { type Gender, isPlausibleEmail, normalizeEmail } from "./accounts.ts";
import { type EligibilityRules, eligibilityProblems } from "./eligibility.ts";
import { localDate } from "./price.ts";
import { type CategoryRules, categoryOf } from "./result-category.ts";
import { columnsByHeader, headerKey, type TimingSheet } from "./timing-file.ts";

/** The participant fields a roster's columns can hold, named as the participant's attributes. */
export const ROSTER_FIELDS = [
  "givenName",
  "familyName",
  "birthDate",
  "gender",
  "email",
  "phone",
  "nationality",
  "club",
  "federationCard",
  "tshirtSize",
  "emergencyContactName",
  "emergencyContactPhone",
] as const;
export type RosterField = (typeof ROSTER_FIELDS)[number];

const words = (list: string) => list.split("|");

/** Headers as clubs write them, compared by headerKey (case, accents and punctuation aside), `|` between them. */
const HEADERS: Record<RosterField, string[]> = {
  givenName: words("nome|nome atleta|first name|firstname|given name|name"),
  familyName: words("cognome|cognome atleta|last name|lastname|family name|surname"),
  birthDate: words(
    "data di nascita|data nascita|nato il|nata il|nato a il|nascita|birth date|birthdate|date of birth|dob",
  ),
  gender: words("sesso|sesso m f|genere|m f|sex|gender"),
  email: words("email|e mail|mail|indirizzo email|indirizzo e mail|posta elettronica|email address|e mail address"),
  phone: words(
    "telefono|cellulare|tel|cell|numero di telefono|recapito telefonico|phone|mobile|telephone|phone number|mobile phone",
  ),
  nationality: words("nazionalita|cittadinanza|nazione|nationality|citizenship|country"),
  club: words("societa|societa sportiva|club|team|squadra|gruppo sportivo|associazione"),
  federationCard: words(
    "tessera|n tessera|nr tessera|numero tessera|tessera n|tessera fidal|n tessera fidal|numero tessera fidal|cartellino|federation card|membership card|membership number|card number|license|licence",
  ),
  tshirtSize: words("taglia|taglia maglia|taglia maglietta|taglia t shirt|t shirt|tshirt|size|shirt size|t shirt size"),
  emergencyContactName: words(
    "contatto di emergenza|contatto emergenza|nome contatto di emergenza|nome contatto emergenza|emergency contact|emergency contact name",
  ),
  emergencyContactPhone: words(
    "telefono di emergenza|telefono emergenza|tel emergenza|cellulare di emergenza|cellulare emergenza|telefono contatto di emergenza|telefono contatto emergenza|emergency phone|emergency contact phone",
  ),
};

/** The column each field is in, by index in the sheet's columns; a field left out is not in the file. */
export type RosterMapping = Partial<Record<RosterField, number>>;

/** The columns most likely holding each field, from the headers a club wrote in Italian or English. */
export function proposeRosterMapping(sheet: Pick<TimingSheet, "columns">): RosterMapping {
  return columnsByHeader(sheet.columns, HEADERS);
}

/** A roster row's athlete as the participant's attributes, each tidied; null where the cell is empty or unreadable. */
export type RosterParticipant = Omit<Record<RosterField, string | null>, "gender"> & { gender: Gender | null };

/** The fields whose cells are read into a value of their own kind rather than kept as text. */
export type RosterReadField = "birthDate" | "gender" | "nationality";

/** A roster's row: its line in the file, its athlete, and the cells that could not be read, as written. */
export interface RosterRow {
  line: number;
  participant: RosterParticipant;
  unreadable: { field: RosterReadField; text: string }[];
}

/** What reading a row needs to know: today (`YYYY-MM-DD`), for two-digit years, and the T-shirt sizes offered. */
export interface RosterReading {
  today: string;
  tshirtSizes?: readonly string[];
}

/** A cell's text trimmed, its inner white space (line breaks too) single spaces; null when empty. */
function tidyText(text: string | undefined): string | null {
  const tidy = (text ?? "").trim().replace(/\s+/g, " ");
  return tidy === "" ? null : tidy;
}

/**
 * A person's name as typed, except one written all in capitals, which reads as a name does:
 * "DE LUCA" → "De Luca", "D'ANGELO" → "D'Angelo", "ROSSI-BIANCHI" → "Rossi-Bianchi".
 */
export function tidyPersonName(name: string): string {
  const shouted = name === name.toUpperCase() && name !== name.toLowerCase();
  if (!shouted) return name;
  return name
    .toLowerCase()
    .replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

const ITALIAN_DAY = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/;
/** A spreadsheet's day, as `YYYY-MM-DD`, perhaps with the midnight of a date-and-time cell. */
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T]0?0:00(?::00(?:\.0+)?)?)?$/;

/** A two-digit year: this century's up to this year's two digits (`today`, `YYYY-MM-DD`), else the last's. */
function fullYear(written: string, today: string): number {
  const year = Number(written);
  if (written.length === 4) return year;
  const century = Number(today.slice(0, 2)) * 100;
  return year <= Number(today.slice(2, 4)) ? century + year : century - 100 + year;
}

/** Whether a year, month and day name a day of the calendar. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * A birth date as written in Italy (`12/03/1990`, `12-03-1990`, `12.03.1990`, day first, the year
 * perhaps in two digits: fullYear) or as a spreadsheet gives it (`1990-03-12`), as `YYYY-MM-DD`;
 * null when it names no day of the calendar.
 */
export function parseBirthDate(text: string, today: string): string | null {
  const italian = ITALIAN_DAY.exec(text);
  const iso = ISO_DAY.exec(text);
  const [year, month, day] = italian
    ? [fullYear(italian[4] ?? "", today), Number(italian[3]), Number(italian[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!isCalendarDay(year, month, day)) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Genders as rosters write them, by headerKey. */
const GENDER_WORDS = new Map<string, Gender>([
  ["m", "male"],
  ["maschio", "male"],
  ["maschile", "male"],
  ["uomo", "male"],
  ["u", "male"],
  ["male", "male"],
  ["man", "male"],
  ["f", "female"],
  ["femmina", "female"],
  ["femminile", "female"],
  ["donna", "female"],
  ["d", "female"],
  ["female", "female"],
  ["woman", "female"],
  ["w", "female"],
]);

/** A gender as written (M/F, Maschio/Femmina, Uomo/Donna, Male/Female, U/D), or null when it is none of those. */
export function parseGender(text: string): Gender | null {
  return GENDER_WORDS.get(headerKey(text)) ?? null;
}

/** Italy as Italian rosters name it rather than by its code. */
const ITALY = new Set(["ita", "italia", "italy", "italiana", "italiano"]);

/** A nationality as its ISO 3166-1 two-letter code: a code in any case, or Italy by name; else null. */
export function parseNationality(text: string): string | null {
  const key = headerKey(text);
  if (/^[a-z]{2}$/.test(key)) return key.toUpperCase();
  return ITALY.has(key) ? "IT" : null;
}

/** A size as the event spells it when it offers one alike but for case and spaces; else as typed. */
function offeredSize(size: string, offered: readonly string[]): string {
  const key = (text: string) => text.toLowerCase().replace(/\s+/g, "");
  return offered.find((spelling) => key(spelling) === key(size)) ?? size;
}

const PERSON_NAMES: ReadonlySet<RosterField> = new Set(["givenName", "familyName", "emergencyContactName"]);

/** One cell's value: a person's name, an email or a size tidied, read for a date, a gender or a nationality. */
function cellValue(field: RosterField, text: string, reading: RosterReading): string | null {
  if (PERSON_NAMES.has(field)) return tidyPersonName(text);
  if (field === "email") return normalizeEmail(text);
  if (field === "birthDate") return parseBirthDate(text, reading.today);
  if (field === "gender") return parseGender(text);
  if (field === "nationality") return parseNationality(text);
  if (field === "tshirtSize") return offeredSize(text, reading.tshirtSizes ?? []);
  return text;
}

/**
 * The roster's rows through `mapping`, each with its line and its athlete's values tidied: names
 * trimmed, spaced once and, if typed in capitals, capitalised as names are; the email in lower
 * case; birth dates, genders and nationalities read (unreadable cells listed); T-shirt sizes as
 * the event spells them. Rows with nothing in the mapped columns are left out.
 */
export function readRosterRows(
  table: Pick<TimingSheet, "rows">,
  mapping: RosterMapping,
  reading: RosterReading,
): RosterRow[] {
  const mapped = ROSTER_FIELDS.filter((field) => mapping[field] !== undefined);
  const rows: RosterRow[] = [];
  for (const { line, cells } of table.rows) {
    const participant = Object.fromEntries(ROSTER_FIELDS.map((field) => [field, null])) as RosterParticipant;
    const unreadable: RosterRow["unreadable"] = [];
    let filled = false;
    for (const field of mapped) {
      const text = tidyText(cells[mapping[field] as number]);
      if (text === null) continue;
      filled = true;
      const value = cellValue(field, text, reading);
      if (value === null) unreadable.push({ field: field as RosterReadField, text });
      else Object.assign(participant, { [field]: value });
    }
    if (filled) rows.push({ line, participant, unreadable });
  }
  return rows;
}

/** Why a roster row cannot be entered as it is. */
export const ROSTER_PROBLEM_CODES = [
  "required",
  "invalid-text",
  "too-long",
  "invalid-date",
  "invalid-gender",
  "invalid-nationality",
  "invalid-email",
  "invalid-phone",
  "birth-date-in-future",
  "birth-date-too-early",
  "too-young",
  "too-old",
  "wrong-gender",
  "tshirt-size-not-offered",
  "duplicate-row",
] as const;
export type RosterProblemCode = (typeof ROSTER_PROBLEM_CODES)[number];

/** A problem of a row: the field it is in (null: the row as a whole), and for a repeated row the line it repeats. */
export interface RosterProblem {
  field: RosterField | null;
  code: RosterProblemCode;
  sameAsLine?: number;
}

/**
 * The checks of participants' fields the API holds to, which live with the API's contract
 * (packages/jsonapi) where the domain may not reach: the caller passes them, so a row the preview
 * accepts is one the signup accepts.
 */
export interface ParticipantFieldRules {
  isOneLineText(text: string): boolean;
  isPlausiblePhone(phone: string): boolean;
  birthDateProblem(day: string, now: Date): "birth-date-in-future" | "birth-date-too-early" | undefined;
  /** The longest text each field takes. */
  textLimits: Readonly<Partial<Record<RosterField, number>>>;
}

/** What a roster's rows are checked against: the event's and appointment's rules. */
export interface RosterRules {
  /** The fields the event asks of every participant; the names are asked always. */
  required: ReadonlySet<RosterField>;
  /** The appointment's ages and gender; its start, in the event's time zone, is the race day. */
  eligibility: EligibilityRules;
  categories: CategoryRules;
  /** The T-shirt sizes the event offers. */
  tshirtSizes: readonly string[];
  fieldRules: ParticipantFieldRules;
  /** The moment of the check: a birth date cannot be after it. */
  now: Date;
}

/** A row checked: its problems (none: it can be entered) and the category its athlete would race in. */
export interface RosterRowCheck {
  line: number;
  problems: RosterProblem[];
  category: string | null;
}

const ALWAYS_REQUIRED: readonly RosterField[] = ["givenName", "familyName"];
const UNREADABLE: Record<RosterReadField, RosterProblemCode> = {
  birthDate: "invalid-date",
  gender: "invalid-gender",
  nationality: "invalid-nationality",
};
const PHONES: ReadonlySet<RosterField> = new Set(["phone", "emergencyContactPhone"]);

/** What is wrong with a field's value, if anything. */
function valueProblem(field: RosterField, value: string, rules: RosterRules): RosterProblemCode | undefined {
  const { fieldRules } = rules;
  if (!fieldRules.isOneLineText(value)) return "invalid-text";
  if (value.length > (fieldRules.textLimits[field] ?? Number.POSITIVE_INFINITY)) return "too-long";
  if (field === "email" && !isPlausibleEmail(value)) return "invalid-email";
  if (PHONES.has(field) && !fieldRules.isPlausiblePhone(value)) return "invalid-phone";
  if (field === "birthDate") return fieldRules.birthDateProblem(value, rules.now);
  if (field === "tshirtSize" && !rules.tshirtSizes.includes(value)) return "tshirt-size-not-offered";
  return undefined;
}

/**
 * A row against the event's rules: its fields (required, readable, of their shapes and lengths),
 * whether its athlete may take part in the appointment, and the category they would race in;
 * `sameAsLine`, the earlier line it repeats (repeatedRows), makes it a `duplicate-row`.
 */
export function checkRosterRow(row: RosterRow, rules: RosterRules, sameAsLine: number | null = null): RosterRowCheck {
  const { participant } = row;
  const problems: RosterProblem[] = row.unreadable.map(({ field }) => ({ field, code: UNREADABLE[field] }));
  const hasProblem = (field: RosterField) => problems.some((problem) => problem.field === field);
  for (const field of ROSTER_FIELDS) {
    const value = participant[field];
    if (value === null) {
      if ((rules.required.has(field) || ALWAYS_REQUIRED.includes(field)) && !hasProblem(field))
        problems.push({ field, code: "required" });
      continue;
    }
    const code = valueProblem(field, value, rules);
    if (code) problems.push({ field, code });
  }
  const athlete = { birthDate: hasProblem("birthDate") ? null : participant.birthDate, gender: participant.gender };
  for (const found of eligibilityProblems(athlete, rules.eligibility)) {
    const field = found === "wrong-gender" || found === "gender-required" ? "gender" : "birthDate";
    if (found === "birth-date-required" || found === "gender-required") {
      if (!hasProblem(field)) problems.push({ field, code: "required" });
    } else problems.push({ field, code: found });
  }
  if (sameAsLine !== null) problems.push({ field: null, code: "duplicate-row", sameAsLine });
  const raceDate = localDate(rules.eligibility.startsAt, rules.eligibility.timeZone);
  return { line: row.line, problems, category: categoryOf(rules.categories, athlete, raceDate) };
}

/** A name or a card as compared: case, accents, punctuation and spacing aside. */
const nameKey = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");

/**
 * What tells an athlete apart: given and family name with the birth date, and the federation card,
 * each compared as nameKey does; either one alike is the same athlete.
 */
export function athleteKeys(
  athlete: Pick<RosterParticipant, "givenName" | "familyName" | "birthDate" | "federationCard">,
): string[] {
  const [given, family, card] = [athlete.givenName, athlete.familyName, athlete.federationCard].map((text) =>
    nameKey(text ?? ""),
  );
  return [
    given && family && athlete.birthDate ? `person ${given} ${family} ${athlete.birthDate}` : "",
    card ? `card ${card}` : "",
  ].filter((key) => key !== "");
}

/**
 * The rows that repeat an earlier one, by line, with the line of the first: the same athlete by
 * given and family name and birth date, or the same federation card (athleteKeys).
 */
export function repeatedRows(rows: readonly Pick<RosterRow, "line" | "participant">[]): Map<number, number> {
  const firstLines = new Map<string, number>();
  const repeated = new Map<number, number>();
  for (const { line, participant } of rows) {
    const keys = athleteKeys(participant);
    const first = keys.map((key) => firstLines.get(key)).find((found) => found !== undefined);
    if (first !== undefined) repeated.set(line, first);
    for (const key of keys) if (!firstLines.has(key)) firstLines.set(key, line);
  }
  return repeated;
}

/** Every row of a roster checked (checkRosterRow), the rows repeating an earlier one as `duplicate-row`. */
export function checkRoster(rows: readonly RosterRow[], rules: RosterRules): RosterRowCheck[] {
  const repeated = repeatedRows(rows);
  return rows.map((row) => checkRosterRow(row, rules, repeated.get(row.line) ?? null));
}
