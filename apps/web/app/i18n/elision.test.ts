import { describe, expect, it } from "vitest";
import * as m from "../paraglide/messages.js";
import { elided, readWithVowel } from "./elision.ts";

describe("Italian elision before a number", () => {
  it("elides before every day read with a vowel, and only those", () => {
    const from = (day: number) => elided(`dal ${day} giugno`, "it-IT");
    expect([1, 8, 11, 18, 2, 10, 21, 31].map(from)).toEqual([
      "dall'1 giugno",
      "dall'8 giugno",
      "dall'11 giugno",
      "dal 18 giugno",
      "dal 2 giugno",
      "dal 10 giugno",
      "dal 21 giugno",
      "dal 31 giugno",
    ]);
    const elidingDays = Array.from({ length: 31 }, (_, i) => i + 1).filter((day) => from(day).startsWith("dall'"));
    expect(elidingDays).toEqual([1, 8, 11]);
  });

  it("reads larger numbers by their first word", () => {
    const vowel = [80, 85, 89, 800, 899, 8000, 11_000, 80_500, 1_000_000];
    const consonant = [0, 9, 12, 79, 90, 100, 180, 1000, 1500, 1980, 2000, 18_000, 2_000_000];
    expect(vowel.filter((n) => !readWithVowel(n))).toEqual([]);
    expect(consonant.filter(readWithVowel)).toEqual([]);
  });

  it("elides each article of a message, numbers with thousands and decimals too", () => {
    expect(
      elided(m.stay_nights({ first: "11 giugno 2027", last: "18 giugno 2027" }, { locale: "it-IT" }), "it-IT"),
    ).toBe("Notti dall'11 giugno 2027 al 18 giugno 2027");
    expect(elided("Apre il 8 maggio, fino al 1 giugno", "it-IT")).toBe("Apre l'8 maggio, fino all'1 giugno");
    expect(elided("Sconto del 80%, al 8,5 km, nel 800, sul 8.000", "it-IT")).toBe(
      "Sconto dell'80%, all'8,5 km, nell'800, sull'8.000",
    );
    expect(elided("il 1° maggio, il lunedì 11 maggio, Brasile 11", "it-IT")).toBe(
      "il 1° maggio, il lunedì 11 maggio, Brasile 11",
    );
  });

  it("leaves other languages as they are", () => {
    expect(elided("del 11 al 18 de junio", "es-ES")).toBe("del 11 al 18 de junio");
  });
});
