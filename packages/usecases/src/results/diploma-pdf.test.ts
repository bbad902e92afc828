import type { ResultLine } from "@sports/domain";
import { PDFDocument, PDFName } from "pdf-lib";
import sharp from "sharp";
import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { type DiplomaInput, diplomaPdf, prepareDiplomaImage } from "./diploma-pdf.ts";

const line: ResultLine = {
  id: "result-1",
  appointmentId: "race-1",
  bib: 1234,
  participantId: "participant-1",
  givenName: "Anna",
  familyName: "Rossi",
  club: "ASD Garda Runners",
  gender: "female",
  birthDate: "1979-05-02",
  category: "SF45",
  status: "finished",
  netTime: 5318.4,
  gunTime: 5342.4,
  ranks: { overall: 112, gender: 21, category: 3 },
  splits: [],
  diplomaCode: "K7F3-9QXA",
};

const input: DiplomaInput = {
  locale: "it-IT",
  eventName: "Maratona del Lago",
  raceName: "Mezza maratona",
  raceDate: "2025-10-12",
  rankBy: "gunTime",
  line,
  distanceMetres: 21_097.5,
  image: null,
  organiserName: "ASD Garda Runners",
  verifyUrl: "https://gare.example.it/attestato/K7F3-9QXA",
};

/** The diploma's text as a PDF reader extracts it, its spaces made single. */
async function textOf(pdf: Uint8Array): Promise<string> {
  // A copy: the extractor hands the buffer to a worker and detaches it.
  const { text } = await extractText(pdf.slice(), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("a finisher's diploma", () => {
  it("reads, in Italian, the name, the time by the race's ranking, the pace, the ranks and where to verify it", async () => {
    const text = await textOf(await diplomaPdf(input));
    for (const expected of [
      "ATTESTATO DI PARTECIPAZIONE",
      "Maratona del Lago",
      "Mezza maratona · 12 ottobre 2025",
      "Anna Rossi",
      "ha concluso la gara in",
      "1:29:02.4",
      "TEMPO NETTO 1:28:38.4",
      "PASSO MEDIO 4:13 min/km",
      "CLASSIFICA ASSOLUTA 112°",
      "TRA LE DONNE 21°",
      "CATEGORIA SF45 3°",
      "PETTORALE 1234",
      "Verifica questo attestato su",
      "https://gare.example.it/attestato/K7F3-9QXA",
      "Codice K7F3-9QXA",
      "Organizzato da ASD Garda Runners",
    ])
      expect(text).toContain(expected);
  });

  it("reads in English, with only the ranks and times the result has", async () => {
    const open: ResultLine = {
      ...line,
      gender: null,
      category: null,
      netTime: null,
      ranks: { overall: 3, gender: 1, category: null },
    };
    const text = await textOf(await diplomaPdf({ ...input, locale: "en-US", line: open, distanceMetres: null }));
    for (const expected of ["FINISHER'S CERTIFICATE", "October 12, 2025", "Anna Rossi", "1:29:02.4"])
      expect(text).toContain(expected);
    expect(text).toContain("OVERALL 3rd OPEN LIST 1st BIB 1234");
    expect(text).toContain("Verify this diploma at https://gare.example.it/attestato/K7F3-9QXA");
    for (const absent of ["NET TIME", "CATEGORY", "PACE"]) expect(text).not.toContain(absent);
  });

  it("writes a name outside the standard font's letters by their base letters", async () => {
    const named = { ...line, givenName: "Łukasz", familyName: "Øster-Müller" };
    const text = await textOf(await diplomaPdf({ ...input, eventName: "Běh Třeboní", line: named }));
    expect(text).toContain("Lukasz Øster-Müller");
    expect(text).toContain("Beh Treboní");
  });

  it("is a PDF a library opens again, A4 landscape, with the cover and its metadata", async () => {
    const cover = await sharp({ create: { width: 2400, height: 1200, channels: 4, background: "#2a7f62" } })
      .png()
      .toBuffer();
    const image = await prepareDiplomaImage(cover);
    expect(image.type).toBe("image/jpeg");
    expect(await sharp(image.bytes).metadata()).toMatchObject({ format: "jpeg", width: 800, height: 400 });
    const pdf = await diplomaPdf({ ...input, image });
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    const loaded = await PDFDocument.load(pdf);
    const [page] = loaded.getPages();
    expect(loaded.getPageCount()).toBe(1);
    expect(page?.getWidth()).toBeGreaterThan(page?.getHeight() ?? Number.POSITIVE_INFINITY);
    expect(loaded.getTitle()).toBe("Attestato di partecipazione – Anna Rossi – Maratona del Lago");
    expect(loaded.getAuthor()).toBe("ASD Garda Runners");
    expect(loaded.catalog.get(PDFName.of("Lang"))?.toString()).toContain("it-IT");
    expect(pdf.length).toBeGreaterThan(image.bytes.length);
  });

  it("is drawn for a finisher only", async () => {
    const retired: ResultLine = { ...line, status: "dnf", ranks: { overall: null, gender: null, category: null } };
    await expect(diplomaPdf({ ...input, line: retired })).rejects.toThrow(/no finish time/);
  });
});
