import { describe, expect, it } from "vitest";
import {
  type CardEntry,
  type CardHolder,
  checkCard,
  indexCards,
  normalizeCard,
  readCardList,
  readListDate,
} from "./federation-cards.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (text: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]);
/** `text` as Windows-1252 bytes (Latin-1's letters are the same bytes). */
const windows1252 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

describe("a card list's file", () => {
  it("is read with a BOM, `;` and Italian headers, dates as written in Italy", () => {
    const file = [
      "N. Tessera;Cognome;Nome;Data di nascita;Scadenza;Società",
      "ab 123 456;Rossi;Mario;01/02/1980;31/12/2027;Atletica Roma",
      "",
      "CD789;D'Angelo;Lucìa;5/3/1991;2027-06-30;",
      ";Bianchi;Anna;;;",
      "EF1;Verdi;Ugo;31/02/1990;;",
      "AB123456;Rossi;Marco;;;",
      "GH2;;;;;",
    ].join("\r\n");
    expect(readCardList(withBom(file))).toEqual({
      missingColumns: [],
      entries: [
        {
          card: "AB123456",
          familyName: "Rossi",
          givenName: "Mario",
          birthDate: "1980-02-01",
          validUntil: "2027-12-31",
          club: "Atletica Roma",
        },
        {
          card: "CD789",
          familyName: "D'Angelo",
          givenName: "Lucìa",
          birthDate: "1991-03-05",
          validUntil: "2027-06-30",
          club: null,
        },
      ],
      invalidRows: [
        { line: 5, code: "card-missing", column: "N. Tessera", value: null },
        { line: 6, code: "date-invalid", column: "Data di nascita", value: "31/02/1990" },
        { line: 7, code: "card-duplicate", column: "N. Tessera", value: "AB123456" },
        { line: 8, code: "name-missing", column: null, value: null },
      ],
    });
  });

  it.each([
    [
      "English headers, commas, ISO dates",
      utf8("Card number,Last name,First name,Birth date,Valid until\nx1,Neri,Sam,1990-06-15,2027-12-31\n"),
    ],
    ["one name column, tabs, Windows-1252", windows1252("Tessera\tNominativo\tScadenza\nX1\tNeri Sam\t31.12.2027\n")],
  ])("is read with %s", (_, bytes) => {
    const { entries, invalidRows, missingColumns } = readCardList(bytes);
    expect([missingColumns, invalidRows]).toEqual([[], []]);
    expect(entries).toEqual([expect.objectContaining({ card: "X1", validUntil: "2027-12-31" })]);
  });

  it("says which columns it lacks to be read at all", () => {
    expect(readCardList(utf8("Pettorale;Tempo\n1;1:00:00\n")).missingColumns).toEqual(["card", "name"]);
    expect(readCardList(utf8("Cognome;Nome\nRossi;Mario\n"))).toEqual({
      entries: [],
      invalidRows: [],
      missingColumns: ["card"],
    });
    expect(readCardList(new Uint8Array()).missingColumns).toEqual(["card", "name"]);
  });
});

describe("a card list's dates and cards", () => {
  it.each([
    ["31/12/2027", "2027-12-31"],
    ["1/2/1980", "1980-02-01"],
    ["01-02-1980", "1980-02-01"],
    ["29.02.2028", "2028-02-29"],
    [" 2027-06-30 ", "2027-06-30"],
    ["29/02/2027", null],
    ["12/31/2027", null],
    ["31/12/27", null],
    ["2027-6-30", null],
    ["domani", null],
  ])("%s reads as %s", (text, day) => {
    expect(readListDate(text)).toBe(day);
  });

  it("compares cards in upper case without spaces", () => {
    expect(normalizeCard(" ab 12\t34 ")).toBe("AB1234");
  });
});

describe("a runner's card checked on race day", () => {
  const RACE_DAY = "2027-06-13";
  const entry = (change: Partial<CardEntry> = {}): CardEntry => ({
    card: "AB123",
    familyName: "Nicolò",
    givenName: "Zoë",
    birthDate: "1990-06-15",
    validUntil: "2027-12-31",
    club: null,
    ...change,
  });
  const holder = (change: Partial<CardHolder> = {}): CardHolder => ({
    card: "AB123",
    familyName: "Nicolò",
    givenName: "Zoë",
    birthDate: "1990-06-15",
    ...change,
  });

  it.each<[string, CardEntry, CardHolder, ReturnType<typeof checkCard>]>([
    ["found, typed as on the list", entry(), holder(), null],
    ["found, typed in lower case with spaces", entry(), holder({ card: " ab 123" }), null],
    ["valid until race day itself", entry({ validUntil: RACE_DAY }), holder(), null],
    ["valid until the day before race day", entry({ validUntil: "2027-06-12" }), holder(), "card-expired"],
    ["with no end on the list", entry({ validUntil: null }), holder(), null],
    ["names in another case, without accents", entry(), holder({ familyName: "NICOLO", givenName: "zoe" }), null],
    ["names swapped", entry(), holder({ familyName: "Zoe", givenName: "Nicolo" }), null],
    ["the list's one name column", entry({ familyName: "Nicolo Zoe", givenName: "" }), holder(), null],
    ["an apostrophe and a space aside", entry({ familyName: "D'Angelo" }), holder({ familyName: "D Angelo" }), null],
    ["another family name", entry(), holder({ familyName: "Rossi" }), "card-name-mismatch"],
    ["another given name", entry(), holder({ givenName: "Zia" }), "card-name-mismatch"],
    ["another birth date", entry(), holder({ birthDate: "1990-06-16" }), "card-name-mismatch"],
    ["no birth date on the list", entry({ birthDate: null }), holder({ birthDate: "1970-01-01" }), null],
    ["no birth date given", entry(), holder({ birthDate: null }), null],
    [
      "someone else's, expired too",
      entry({ validUntil: "2026-12-31" }),
      holder({ familyName: "Rossi" }),
      "card-name-mismatch",
    ],
    ["unknown", entry(), holder({ card: "AB124" }), "card-not-found"],
    ["none typed", entry(), holder({ card: null }), "card-not-found"],
  ])("%s", (_, listed, runner, problem) => {
    expect(checkCard(indexCards([listed]), runner, RACE_DAY)).toBe(problem);
  });
});
