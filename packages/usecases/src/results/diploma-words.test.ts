import { describe, expect, it } from "vitest";
import { DIPLOMA_WORDS, diplomaDate } from "./diploma-words.ts";

describe("a diploma's words", () => {
  it("write the race's day in the diploma's language, whatever the server's time zone", () => {
    expect(diplomaDate("2025-03-01", "it-IT")).toBe("1 marzo 2025");
    expect(diplomaDate("2025-03-01", "en-US")).toBe("March 1, 2025");
    expect(diplomaDate("2025-03-01", "de-DE")).toBe("1. März 2025");
    expect(diplomaDate("2025-03-01", "fr-FR")).toBe("1 mars 2025");
    expect(diplomaDate("2025-03-01", "es-ES")).toBe("1 de marzo de 2025");
  });

  it("write a place as each language does", () => {
    const english = DIPLOMA_WORDS["en-US"].ordinal;
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(english).join(" ")).toBe(
      "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 101st 111th",
    );
    expect(DIPLOMA_WORDS["it-IT"].ordinal(3)).toBe("3°");
    expect(DIPLOMA_WORDS["de-DE"].ordinal(3)).toBe("3.");
    expect([1, 2].map(DIPLOMA_WORDS["fr-FR"].ordinal)).toEqual(["1er", "2e"]);
    expect(DIPLOMA_WORDS["es-ES"].ordinal(3)).toBe("3.º");
  });
});
