import { type DatabaseHandle, onCatalogueChange, rawTimesOf, storedResults } from "@sports/db";
import { insertPerson, insertRace, openTestDatabase } from "@sports/db/testing";
import { isRefusal, type Refusal } from "@sports/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDeps } from "../testing.ts";
import { correctResult } from "./correct-result.ts";
import { applyResultImport, type ImportSummary, previewResultImport, remapResultImport } from "./import-results.ts";
import { changeRaceResults } from "./race-results-settings.ts";
import { raceResults } from "./read-results.ts";

const NOW = new Date("2027-01-01T12:00:00Z");
const RACE = new Date("2027-01-01T09:00:00Z");

let database: DatabaseHandle;
let organiser: { kind: "organiser"; userId: string };
beforeAll(async () => {
  database = await openTestDatabase();
  organiser = { kind: "organiser", userId: (await insertPerson(database.db)).id };
});
afterAll(() => database.close());

const deps = () => testDeps(database.db, NOW);
const bytes = (text: string, bom = true) =>
  new Uint8Array([...(bom ? [0xef, 0xbb, 0xbf] : []), ...new TextEncoder().encode(text)]);

/** A race on New Year's Day with four runners: FIDAL counts their age by the year alone. */
async function race() {
  return insertRace(database.db, NOW, {
    startsAt: RACE,
    runners: [
      {
        bib: 1,
        givenName: "Anna",
        familyName: "Bianchi",
        gender: "female",
        birthDate: "1992-12-31",
        club: "Atletica Roma",
      },
      { bib: 2, givenName: "Marco", familyName: "Rossi", gender: "male", birthDate: "1993-01-01" },
      { bib: 3, givenName: "Luca", familyName: "Verdi", gender: "male", birthDate: "1990-06-15" },
      { bib: 4, givenName: "Sam", familyName: "Neri", gender: "non-binary", birthDate: "1990-06-15" },
    ],
  });
}

const FILE = [
  "Pettorale;Cognome;Nome;Tempo ufficiale;Tempo netto;Stato",
  "1;Bianchi;Anna;0:40:00,5;0:39:58;",
  "2;Rossi;Marco;0:38:00;0:37:59;",
  "3;Verdi;Luca;0:38:00;0:37:30;",
  "4;Neri;Sam;;;Ritirato",
  "9;Gialli;Ugo;0:45:00;0:44:00;",
  "9;Gialli;Ugo;0:46:00;0:44:00;",
  "x;Nessuno;;0:50:00;;",
].join("\n");

async function importFile(appointmentId: string, text: string) {
  const preview = await previewResultImport(deps(), organiser, { appointmentId, content: bytes(text) });
  return { preview, summary: preview.summary as unknown as ImportSummary };
}

const reasonOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (isRefusal(error) ? (error as Refusal).code : String(error)),
  );

describe("importing a timing file", () => {
  it("previews without changing anything, applies in one go, and changes nothing the second time", async () => {
    const { appointment } = await race();
    const { preview, summary } = await importFile(appointment.id, FILE);
    expect(preview.mapping).toMatchObject({ bib: 0, familyName: 1, givenName: 2, gunTime: 3, netTime: 4, status: 5 });
    expect(summary).toMatchObject({ new: 5, changed: 0, unchanged: 0, unknownBibs: [9] });
    expect(summary.duplicateBibs).toEqual([{ bib: 9, lines: [6, 7] }]);
    expect(summary.invalidRows).toMatchObject([{ line: 8, code: "bib-invalid", value: "x" }]);
    expect((await storedResults(database.db, appointment.id)).size).toBe(0);

    await applyResultImport(deps(), organiser, { importId: preview.id });
    const results = await storedResults(database.db, appointment.id);
    expect([1, 2, 3, 4, 9].map((bib) => results.get(bib)?.ranks.overall ?? null)).toEqual([3, 1, 1, null, 4]);
    // Born 31 December 1992: 35 in the race's year, so SF35, though still 34 on the day.
    expect(results.get(1)).toMatchObject({ category: "SF35", gunTime: 2400.5, ranks: { gender: 1, category: 1 } });
    expect(results.get(2)?.category).toBe("SM");
    expect(results.get(4)).toMatchObject({ status: "dnf", category: null });
    expect(results.get(9)).toMatchObject({ familyName: "Gialli", participantId: null, gunTime: 2700 });

    const stored = (await rawTimesOf(database.db, appointment.id)).length;
    const again = await importFile(appointment.id, FILE);
    expect(again.summary).toMatchObject({ new: 0, changed: 0, unchanged: 5 });
    await applyResultImport(deps(), organiser, { importId: again.preview.id });
    expect((await rawTimesOf(database.db, appointment.id)).length).toBe(stored);
  });

  it("keeps a console correction through a later import, and moves ranks with it", async () => {
    const { appointment } = await race();
    const first = await importFile(appointment.id, FILE);
    await applyResultImport(deps(), organiser, { importId: first.preview.id });
    const anna = (await storedResults(database.db, appointment.id)).get(1);
    const corrected = await correctResult(deps(), organiser, {
      resultId: anna?.id as string,
      correction: { gunTime: 2200, reason: "Chip misread: timing company's word" },
    });
    expect(corrected.ranks).toEqual({ overall: 1, gender: 1, category: 1 });
    expect((await storedResults(database.db, appointment.id)).get(2)?.ranks.overall).toBe(2);

    const later = await importFile(appointment.id, FILE.replace("0:38:00;0:37:59", "0:38:10;0:37:59"));
    expect(later.summary).toMatchObject({ changed: 1 });
    await applyResultImport(deps(), organiser, { importId: later.preview.id });
    const results = await storedResults(database.db, appointment.id);
    expect(results.get(1)).toMatchObject({ gunTime: 2200, id: anna?.id, diplomaCode: anna?.diplomaCode });
    expect(results.get(2)?.gunTime).toBe(2290);
  });

  it("refuses a preview the results moved away from, and a mapping without a bib", async () => {
    const { appointment } = await race();
    const stale = await importFile(appointment.id, FILE);
    const fresh = await importFile(appointment.id, FILE);
    await applyResultImport(deps(), organiser, { importId: fresh.preview.id });
    expect(await reasonOf(applyResultImport(deps(), organiser, { importId: stale.preview.id }))).toBe(
      "results-changed",
    );
    expect(
      await reasonOf(remapResultImport(deps(), organiser, { importId: stale.preview.id, mapping: { gunTime: 3 } })),
    ).toBe("invalid-input");
    const remapped = await remapResultImport(deps(), organiser, { importId: stale.preview.id, mapping: undefined });
    expect((remapped.summary as unknown as ImportSummary).unchanged).toBe(5);
  });

  it("reads a Windows-1252 file with commas and refuses one that is no table", async () => {
    const { appointment } = await race();
    const latin = Uint8Array.from(
      [..."Bib,Name,Time\n9,Nicol"]
        .map((c) => c.charCodeAt(0))
        .concat(
          [0xf2],
          [..."\n"].map((c) => c.charCodeAt(0)),
        ),
    );
    expect(
      await reasonOf(previewResultImport(deps(), organiser, { appointmentId: appointment.id, content: latin })),
    ).toBe("accepted");
    const text = bytes("Bib,Name,Time\n9,Nicolò Šimić,1:02:03.4\n", false);
    const { summary } = await importFile(appointment.id, new TextDecoder().decode(text));
    expect(summary).toMatchObject({ new: 1, unknownBibs: [9] });
    expect(
      await reasonOf(previewResultImport(deps(), organiser, { appointmentId: appointment.id, content: bytes("") })),
    ).toBe("timing-file-unreadable");
  });
});

describe("a race's results settings", () => {
  it("hides unpublished results from visitors, ranks by net time when asked, and asks why official ones go back", async () => {
    const { appointment } = await race();
    const first = await importFile(appointment.id, FILE);
    await applyResultImport(deps(), organiser, { importId: first.preview.id });
    const query = { sort: { field: "rank", descending: false }, page: { number: 1, size: 20 } } as const;
    const read = (actor: Parameters<typeof raceResults>[1]) =>
      raceResults(deps(), actor, { appointmentId: appointment.id, query });
    expect(await reasonOf(read({ kind: "visitor" }))).toBe("not-found");

    await changeRaceResults(deps(), organiser, {
      appointmentId: appointment.id,
      change: { resultsState: "official", rankBy: "netTime" },
    });
    const page = await read({ kind: "visitor" });
    expect(page.lines.slice(0, 2).map((line) => line.bib)).toEqual([3, 2]);
    expect(
      await reasonOf(
        changeRaceResults(deps(), organiser, {
          appointmentId: appointment.id,
          change: { resultsState: "provisional" },
        }),
      ),
    ).toBe("invalid-input");
    const { race: back } = await changeRaceResults(deps(), organiser, {
      appointmentId: appointment.id,
      change: { resultsState: "provisional", reason: "A claim on bib 2" },
    });
    expect(back.state).toBe("provisional");
  });

  it("drops the pages kept for everyone when published results change, and not while they are hidden", async () => {
    const { appointment } = await race();
    let changes = 0;
    const stop = onCatalogueChange(database.db, () => changes++);
    try {
      const hidden = await importFile(appointment.id, FILE);
      await applyResultImport(deps(), organiser, { importId: hidden.preview.id });
      expect(changes).toBe(0);
      await changeRaceResults(deps(), organiser, {
        appointmentId: appointment.id,
        change: { resultsState: "provisional" },
      });
      expect(changes).toBe(1);
      const later = await importFile(appointment.id, FILE.replace("0:38:00;0:37:59", "0:38:10;0:37:59"));
      await applyResultImport(deps(), organiser, { importId: later.preview.id });
      expect(changes).toBe(2);
      const same = await importFile(appointment.id, FILE);
      const marco = (await storedResults(database.db, appointment.id)).get(2);
      await correctResult(deps(), organiser, {
        resultId: marco?.id as string,
        correction: { status: "dsq", reason: "Cut the course" },
      });
      expect(changes).toBe(3);
      // A preview made before the correction is refused, and an import that stores nothing changes nothing.
      expect(await reasonOf(applyResultImport(deps(), organiser, { importId: same.preview.id }))).toBe(
        "results-changed",
      );
      const again = await importFile(appointment.id, FILE.replace("0:38:00;0:37:59", "0:38:10;0:37:59"));
      await applyResultImport(deps(), organiser, { importId: again.preview.id });
      expect(changes).toBe(3);
    } finally {
      stop();
    }
  });
});
