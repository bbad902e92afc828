import { describe, expect, it } from "vitest";
import {
  checkRoster,
  checkRosterRow,
  type ParticipantFieldRules,
  parseBirthDate,
  parseGender,
  parseNationality,
  proposeRosterMapping,
  ROSTER_PROBLEM_CODES,
  type RosterParticipant,
  type RosterProblem,
  type RosterRow,
  type RosterRules,
  readRosterRows,
  repeatedRows,
  tidyPersonName,
} from "./roster.ts";
import { readTimingCsv, type TimingSheet } from "./timing-file.ts";

const TODAY = "2025-06-01";
const NOW = new Date("2025-06-01T10:00:00Z");
const SIZES = ["S", "M", "L", "XL"];

/** `text` as Windows-1252 bytes (Latin-1's letters are the same bytes), after a UTF-8 BOM. */
const windows1252WithBom = (text: string) =>
  Uint8Array.from([0xef, 0xbb, 0xbf, ...[...text].map((char) => char.charCodeAt(0))]);

describe("a roster's columns", () => {
  it.each([
    {
      headers:
        "Nome;Cognome;Data di nascita;Sesso;Email;Telefono;Nazionalità;Società;Tessera;Taglia;Contatto di emergenza;Telefono di emergenza",
      expected: {
        givenName: 0,
        familyName: 1,
        birthDate: 2,
        gender: 3,
        email: 4,
        phone: 5,
        nationality: 6,
        club: 7,
        federationCard: 8,
        tshirtSize: 9,
        emergencyContactName: 10,
        emergencyContactPhone: 11,
      },
    },
    {
      headers: "N.;COGNOME;NOME;Nato il;Cellulare;N. Tessera;E-mail;Note",
      expected: { familyName: 1, givenName: 2, birthDate: 3, phone: 4, federationCard: 5, email: 6 },
    },
    { headers: "Tessera FIDAL;Sesso (M/F);Società sportiva", expected: { federationCard: 0, gender: 1, club: 2 } },
    {
      headers:
        "First name;Last name;Date of birth;Gender;E-mail address;Mobile;Nationality;Club;Federation card;T-shirt size;Emergency contact;Emergency phone",
      expected: {
        givenName: 0,
        familyName: 1,
        birthDate: 2,
        gender: 3,
        email: 4,
        phone: 5,
        nationality: 6,
        club: 7,
        federationCard: 8,
        tshirtSize: 9,
        emergencyContactName: 10,
        emergencyContactPhone: 11,
      },
    },
    { headers: "Surname;Name;DOB;Sex", expected: { familyName: 0, givenName: 1, birthDate: 2, gender: 3 } },
  ])("are proposed from $headers", ({ headers, expected }) => {
    expect(proposeRosterMapping({ columns: headers.split(";") })).toEqual(expected);
  });
});

describe("a roster's values", () => {
  it.each([
    ["12/03/1990", "1990-03-12"],
    ["12-03-1990", "1990-03-12"],
    ["12.03.1990", "1990-03-12"],
    ["1/3/1990", "1990-03-01"],
    ["1990-03-12", "1990-03-12"],
    ["1990-03-12 0:00:00", "1990-03-12"],
    ["12/03/90", "1990-03-12"],
    ["05.05.00", "2000-05-05"],
    ["01/01/25", "2025-01-01"],
    ["01/01/26", "1926-01-01"],
    ["29/02/2000", "2000-02-29"],
    ["29/02/1900", null],
    ["31/04/1990", null],
    ["13/13/1990", null],
    ["12/03-1990", null],
    ["1990/03/12", null],
    ["12/03/990", null],
    ["1990-03-12 10:30:00", null],
    ["12 marzo 1990", null],
  ])("read the birth date %s as %s", (text, expected) => {
    expect(parseBirthDate(text, TODAY)).toBe(expected);
  });

  it.each([
    ["M", "male"],
    ["m.", "male"],
    ["Maschio", "male"],
    ["Uomo", "male"],
    ["U", "male"],
    ["Male", "male"],
    ["F", "female"],
    ["FEMMINA", "female"],
    ["Donna", "female"],
    ["D", "female"],
    ["female", "female"],
    ["X", null],
    ["?", null],
    ["constructor", null],
  ])("read the gender %s as %s", (text, expected) => {
    expect(parseGender(text)).toBe(expected);
  });

  it.each([
    ["it", "IT"],
    ["ITA", "IT"],
    ["Italiana", "IT"],
    ["Italia", "IT"],
    ["de", "DE"],
    ["Francia", null],
    ["I", null],
  ])("read the nationality %s as %s", (text, expected) => {
    expect(parseNationality(text)).toBe(expected);
  });

  it.each([
    ["ROSSI", "Rossi"],
    ["DE LUCA", "De Luca"],
    ["D'ANGELO", "D'Angelo"],
    ["ROSSI-BIANCHI", "Rossi-Bianchi"],
    ["NICOLÒ", "Nicolò"],
    ["de luca", "de luca"],
    ["McDonald", "McDonald"],
    ["O'Brien", "O'Brien"],
  ])("keep the name %s as %s", (name, expected) => {
    expect(tidyPersonName(name)).toBe(expected);
  });
});

const participant = (changes: Partial<RosterParticipant> = {}): RosterParticipant => ({
  givenName: "Mario",
  familyName: "Rossi",
  birthDate: "1990-03-12",
  gender: "male",
  email: "mario@example.it",
  phone: "333 1234567",
  nationality: "IT",
  club: "Atletica Mura",
  federationCard: "AB123456",
  tshirtSize: "M",
  emergencyContactName: "Anna Rossi",
  emergencyContactPhone: "333 7654321",
  ...changes,
});

describe("a roster file", () => {
  it("is read from a `;`-separated CSV in Windows-1252 behind a BOM, with Italian headers", () => {
    const table = readTimingCsv(
      windows1252WithBom(
        [
          "Cognome;Nome;Sesso;Nato il;Società;N. tessera;Email;Cellulare;Nazionalità;Taglia;Contatto di emergenza;Telefono di emergenza;Note",
          "ROSSI;Mario;M;12/03/1990;Atletica Città di Castello;AB123456; Mario.Rossi@Example.IT ;333 1234567;ITA;m;Anna Rossi;+39 333 7654321;",
          ";;;;;;;;;;;;",
          "D'ANGELO;  Maria   Grazia ;Donna;01-02-85;;;mg@example.it;;it;xl ;LUCA D'ANGELO;3387654321;quota pagata",
          "Bianchi;Ugo;X;31/02/1990;;;;;Francia;XXL;;;",
          ";;;;;;;;;;;;solo una nota",
        ].join("\r\n"),
      ),
    );
    expect([table.encoding, table.delimiter]).toEqual(["windows-1252", ";"]);
    const rows = readRosterRows(table, proposeRosterMapping(table), { today: TODAY, tshirtSizes: SIZES });
    expect(rows).toEqual([
      {
        line: 2,
        participant: participant({
          club: "Atletica Città di Castello",
          email: "mario.rossi@example.it",
          emergencyContactPhone: "+39 333 7654321",
        }),
        unreadable: [],
      },
      {
        line: 4,
        participant: {
          givenName: "Maria Grazia",
          familyName: "D'Angelo",
          birthDate: "1985-02-01",
          gender: "female",
          email: "mg@example.it",
          phone: null,
          nationality: "IT",
          club: null,
          federationCard: null,
          tshirtSize: "XL",
          emergencyContactName: "Luca D'Angelo",
          emergencyContactPhone: "3387654321",
        },
        unreadable: [],
      },
      {
        line: 5,
        participant: {
          ...participant({ givenName: "Ugo", familyName: "Bianchi", tshirtSize: "XXL" }),
          ...{ birthDate: null, gender: null, email: null, phone: null, nationality: null, club: null },
          ...{ federationCard: null, emergencyContactName: null, emergencyContactPhone: null },
        },
        unreadable: [
          { field: "birthDate", text: "31/02/1990" },
          { field: "gender", text: "X" },
          { field: "nationality", text: "Francia" },
        ],
      },
    ]);
  });

  it("is read from a spreadsheet's table, with its dates as the workbook gives them and English headers", () => {
    const sheet: TimingSheet = {
      columns: ["First name", "Last name", "Date of birth", "Gender", "E-mail", "Phone", "Club", "Federation card"],
      rows: [
        {
          line: 2,
          cells: ["ANNA", "DE LUCA", "1990-03-12", "Female", "Anna@Example.org", "3331234567", "RUNNERS ROMA", "RM001"],
        },
        { line: 4, cells: ["Bo", "Kim", "1985-07-01 0:00:00", "Male"] },
      ],
    };
    const rows = readRosterRows(sheet, proposeRosterMapping(sheet), { today: TODAY });
    expect(rows.map(({ line, participant }) => ({ line, ...participant }))).toEqual([
      expect.objectContaining({
        line: 2,
        givenName: "Anna",
        familyName: "De Luca",
        birthDate: "1990-03-12",
        gender: "female",
        email: "anna@example.org",
        phone: "3331234567",
        club: "RUNNERS ROMA",
        federationCard: "RM001",
      }),
      expect.objectContaining({ line: 4, givenName: "Bo", birthDate: "1985-07-01", gender: "male", email: null }),
    ]);
  });
});

/** Field rules shaped like the API's, strict enough to tell each code apart. */
const fieldRules: ParticipantFieldRules = {
  isOneLineText: (text) => [...text].every((char) => (char.codePointAt(0) ?? 0) >= 0x20),
  isPlausiblePhone: (phone) => /^\+?[0-9][0-9 ]{4,}[0-9]$/.test(phone),
  birthDateProblem: (day, now) => {
    if (day < "1900-01-01") return "birth-date-too-early";
    return day > now.toISOString().slice(0, 10) ? "birth-date-in-future" : undefined;
  },
  textLimits: { givenName: 100, familyName: 100, club: 150, federationCard: 50 },
};

const rules = (changes: Partial<RosterRules> = {}): RosterRules => ({
  required: new Set(["birthDate", "gender", "email", "emergencyContactName", "emergencyContactPhone"]),
  eligibility: {
    minAge: 16,
    maxAge: 80,
    ageRule: "event-date",
    gender: "any",
    // 09:00 in Rome on 14 September 2025.
    startsAt: new Date("2025-09-14T07:00:00Z"),
    timeZone: "Europe/Rome",
  },
  categories: { kind: "fidal" },
  tshirtSizes: SIZES,
  fieldRules,
  now: NOW,
  ...changes,
});

const row = (changes: Partial<RosterParticipant> = {}, unreadable: RosterRow["unreadable"] = []): RosterRow => ({
  line: 7,
  participant: participant(changes),
  unreadable,
});

describe("a roster's row checked", () => {
  const female = { ...rules().eligibility, gender: "female" as const };
  const cases: {
    name: string;
    row: RosterRow;
    rules?: Partial<RosterRules>;
    sameAsLine?: number;
    problems: RosterProblem[];
    category: string | null;
  }[] = [
    { name: "fit to enter", row: row(), problems: [], category: "SM35" },
    {
      name: "without a name",
      row: row({ givenName: null, familyName: null }),
      problems: [
        { field: "givenName", code: "required" },
        { field: "familyName", code: "required" },
      ],
      category: "SM35",
    },
    {
      name: "without the event's required fields",
      row: row({ email: null, emergencyContactPhone: null, tshirtSize: null, phone: null }),
      problems: [
        { field: "email", code: "required" },
        { field: "emergencyContactPhone", code: "required" },
      ],
      category: "SM35",
    },
    {
      name: "with an unreadable date, gender and nationality",
      row: row({ birthDate: null, gender: null, nationality: null }, [
        { field: "birthDate", text: "31/02/1990" },
        { field: "gender", text: "X" },
        { field: "nationality", text: "Francia" },
      ]),
      problems: [
        { field: "birthDate", code: "invalid-date" },
        { field: "gender", code: "invalid-gender" },
        { field: "nationality", code: "invalid-nationality" },
      ],
      category: null,
    },
    {
      name: "with texts too long or not one line",
      row: row({ club: "A".repeat(151), federationCard: "AB\u0007123" }),
      problems: [
        { field: "club", code: "too-long" },
        { field: "federationCard", code: "invalid-text" },
      ],
      category: "SM35",
    },
    {
      name: "with a malformed email and phones",
      row: row({ email: "mario@example", phone: "12", emergencyContactPhone: "chiamare Anna" }),
      problems: [
        { field: "email", code: "invalid-email" },
        { field: "phone", code: "invalid-phone" },
        { field: "emergencyContactPhone", code: "invalid-phone" },
      ],
      category: "SM35",
    },
    {
      name: "born before anyone alive",
      row: row({ birthDate: "1899-12-31" }),
      problems: [{ field: "birthDate", code: "birth-date-too-early" }],
      category: null,
    },
    {
      name: "born after today",
      row: row({ birthDate: "2025-07-01" }),
      problems: [{ field: "birthDate", code: "birth-date-in-future" }],
      category: null,
    },
    {
      name: "too young on race day",
      row: row({ birthDate: "2009-09-15" }),
      problems: [{ field: "birthDate", code: "too-young" }],
      category: "AM",
    },
    { name: "just old enough on race day", row: row({ birthDate: "2009-09-14" }), problems: [], category: "AM" },
    {
      name: "too old",
      row: row({ birthDate: "1940-01-01" }),
      problems: [{ field: "birthDate", code: "too-old" }],
      category: "SM85",
    },
    {
      name: "a man in a women's race",
      row: row(),
      rules: { eligibility: female },
      problems: [{ field: "gender", code: "wrong-gender" }],
      category: "SM35",
    },
    {
      name: "without the gender and birth date the appointment's rules need, though the event asks neither",
      row: row({ gender: null, birthDate: null }),
      rules: { required: new Set(), eligibility: female },
      problems: [
        { field: "birthDate", code: "required" },
        { field: "gender", code: "required" },
      ],
      category: null,
    },
    {
      name: "with a T-shirt size the event does not offer",
      row: row({ tshirtSize: "XXL" }),
      problems: [{ field: "tshirtSize", code: "tshirt-size-not-offered" }],
      category: "SM35",
    },
    {
      name: "repeating an earlier row",
      row: row(),
      sameAsLine: 3,
      problems: [{ field: null, code: "duplicate-row", sameAsLine: 3 }],
      category: "SM35",
    },
    {
      name: "in the organiser's bands",
      row: row({ gender: "female", birthDate: "1970-05-05" }),
      rules: {
        categories: {
          kind: "bands",
          bands: [
            { code: "U50", minAge: 0, maxAge: 49, gender: "any" },
            { code: "O50F", minAge: 50, maxAge: null, gender: "female" },
          ],
        },
      },
      problems: [],
      category: "O50F",
    },
  ];

  it.each(cases)("$name", (test) => {
    expect(checkRosterRow(test.row, rules(test.rules), test.sameAsLine)).toEqual({
      line: 7,
      problems: test.problems,
      category: test.category,
    });
  });

  it("can end in every problem the list names", () => {
    const seen = new Set(cases.flatMap(({ problems }) => problems.map(({ code }) => code)));
    expect([...seen].sort()).toEqual([...ROSTER_PROBLEM_CODES].sort());
  });
});

describe("a roster's repeated rows", () => {
  it("are the later rows of an athlete by name and birth date, or of a federation card", () => {
    const table: TimingSheet = {
      columns: ["Nome", "Cognome", "Data di nascita", "Tessera"],
      rows: [
        { line: 2, cells: ["Mario", "Rossi", "12/03/1990", "AB123456"] },
        { line: 3, cells: ["MARIO", " ROSSI ", "1990-03-12", ""] },
        { line: 4, cells: ["Luigi", "Verdi", "01/01/1980", "ab 123456"] },
        { line: 5, cells: ["Mario", "Rossi", "13/03/1990", ""] },
        { line: 6, cells: ["Mario", "Rossi", "", ""] },
        { line: 7, cells: ["Mario", "Rossi", "", ""] },
        { line: 8, cells: ["Nicolò", "Bassi", "02/02/2002", ""] },
        { line: 9, cells: ["Nicolo", "Bassi", "02/02/2002", "-"] },
        { line: 10, cells: ["Ada", "Neri", "03/03/2003", "-"] },
      ],
    };
    const rows = readRosterRows(table, proposeRosterMapping(table), { today: TODAY });
    expect(repeatedRows(rows)).toEqual(
      new Map([
        [3, 2],
        [4, 2],
        [9, 8],
      ]),
    );
    const duplicates = checkRoster(rows, rules({ required: new Set() })).filter(({ problems }) =>
      problems.some(({ code }) => code === "duplicate-row"),
    );
    expect(duplicates.map(({ line }) => line)).toEqual([3, 4, 9]);
  });

  it("are found across a roster of 500 athletes in one pass", () => {
    const lines = ["Cognome;Nome;Sesso;Data di nascita;Email;Tessera;Contatto di emergenza;Telefono di emergenza"];
    for (let i = 0; i < 500; i++) {
      const born = `${String((i % 28) + 1).padStart(2, "0")}/${String((i % 12) + 1).padStart(2, "0")}/${1950 + (i % 50)}`;
      lines.push(`ATLETA ${i};Nome;${i % 2 ? "F" : "M"};${born};a${i}@example.it;C${i % 499};Contatto;333 123456`);
    }
    const table = readTimingCsv(new TextEncoder().encode(lines.join("\n")));
    const rows = readRosterRows(table, proposeRosterMapping(table), { today: TODAY });
    const checks = checkRoster(rows, rules());
    expect(checks).toHaveLength(500);
    expect(checks.filter(({ problems }) => problems.length > 0)).toEqual([
      { line: 501, problems: [{ field: null, code: "duplicate-row", sameAsLine: 2 }], category: "SF" },
    ]);
    expect(checks[0]).toEqual({ line: 2, problems: [], category: "SM75" });
  });
});
