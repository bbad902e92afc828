import { BILLING_DOCUMENT_KINDS, LOCALES, NATURA_CODES } from "@sports/domain";
import { describe, expect, it } from "vitest";
import { DOCUMENT_WORDS, LEGAL_WORDING, NATURA_REASONS } from "./document-words.ts";

/** A locale's plain words, a record's entry by entry (the sentences made by functions are tried apart). */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return [];
  return Object.values(value as Record<string, unknown>).flatMap(texts);
}

describe("a billing document's words", () => {
  const english = DOCUMENT_WORDS["en-US"];

  it.each(LOCALES)("in %s have every key the others have, each a text", (locale) => {
    const words = DOCUMENT_WORDS[locale];
    expect(Object.keys(words).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(words.kinds).sort()).toEqual([...BILLING_DOCUMENT_KINDS].sort());
    for (const text of texts(words)) expect(text.trim()).not.toBe("");
    expect(words.corrects("X", "F-7", "D")).toMatch(/X.*F-7.*D/i);
    expect(words.page(2, 3)).toMatch(/2\D+3/);
  });

  it("give the Italian reason of every natura and the legal wording of every kind", () => {
    expect(Object.keys(NATURA_REASONS).sort()).toEqual([...NATURA_CODES].sort());
    expect(Object.keys(LEGAL_WORDING).sort()).toEqual([...BILLING_DOCUMENT_KINDS].sort());
    expect(NATURA_REASONS.N4).toBe("Esente art. 10 DPR 633/72");
    expect(LEGAL_WORDING.invoice).toContain("fattura elettronica");
    expect(LEGAL_WORDING["credit-note"]).toContain("nota di credito elettronica");
  });
});
