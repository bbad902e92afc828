import { CLUB_ENTRY_PROBLEM_CODES } from "@sports/jsonapi";
import { afterEach, describe, expect, it } from "vitest";
import { LOCALES, setBrowserLocale } from "../i18n/locale.ts";
import * as m from "../paraglide/messages.js";
import { holdMessage, rowProblemMessage } from "./club-entry.ts";

afterEach(() => setBrowserLocale("en-US"));

describe("a club entry's problems", () => {
  it("are each said in words of their own, in every language, never as 'this value is not valid'", () => {
    for (const locale of LOCALES) {
      setBrowserLocale(locale);
      const said = CLUB_ENTRY_PROBLEM_CODES.map((code) =>
        rowProblemMessage({ code, field: code === "too-long" ? "givenName" : "birthDate", sameAsLine: 3 }),
      );
      for (const [index, text] of said.entries())
        expect(text, `${CLUB_ENTRY_PROBLEM_CODES[index]} in ${locale}`).not.toBe(m.form_invalid());
      expect(new Set(said).size, locale).toBe(said.length);
    }
  });

  it("name the line a row repeats, and the longest a text may be", () => {
    expect(rowProblemMessage({ code: "duplicate-row", field: null, sameAsLine: 7 })).toContain("7");
    expect(rowProblemMessage({ code: "too-long", field: "givenName" })).toContain("100");
  });

  it("say how many places are left when the hold is refused for too few", () => {
    expect(holdMessage({ code: "not-enough-places", remaining: 3 })).toBe(
      "Only 3 places are left: make a new entry with at most 3 athletes.",
    );
    setBrowserLocale("it-IT");
    expect(holdMessage({ code: "not-enough-places", remaining: 1 })).toBe(
      "Resta solo 1 posto: fai una nuova iscrizione con al massimo 1 atleta.",
    );
  });
});
