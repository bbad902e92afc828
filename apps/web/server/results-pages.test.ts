import { catalogueChanged, type DatabaseHandle, schema, storedResults } from "@sports/db";
import { insertPerson, insertRace, openTestDatabase, type TestRunner } from "@sports/db/testing";
import { applyResultImport, changeRaceResults, correctResult, previewResultImport } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CACHE_HEADER } from "./pages/index.ts";
import { type SiteApp, siteAppOn } from "./testing/site-app.ts";

/**
 * The public results pages, rendered by the whole server on a race of 55 runners: hidden until
 * published, filtered, sorted and paged by their address, kept for everyone and dropped when a
 * result is corrected; one finisher's page; a diploma's check.
 */

const NOW = new Date("2027-06-12T10:00:00Z");
const RACE_DAY = new Date("2027-06-10T07:00:00Z");

let database: DatabaseHandle;
let app: SiteApp;
let organiser: { kind: "organiser"; userId: string };
let race: Awaited<ReturnType<typeof insertRace>>;
let list: string;

/** Fifty-five runners: Giulia wins the women, Paolo the race, Zoë (open list) did not finish. */
const RUNNERS: TestRunner[] = [
  {
    bib: 1,
    givenName: "Giulia",
    familyName: "Esposito",
    gender: "female",
    birthDate: "1980-03-01",
    club: "Runners Bergamo",
  },
  { bib: 2, givenName: "Paolo", familyName: "Conte", gender: "male", birthDate: "1990-05-05", club: "Atletica Roma" },
  {
    bib: 3,
    givenName: "Zoë",
    familyName: "Martín",
    gender: "non-binary",
    birthDate: "1995-11-11",
    club: "Runners Bergamo",
  },
  ...Array.from({ length: 52 }, (_, i) => ({
    bib: 10 + i,
    givenName: `Runner${i}`,
    familyName: `Pack${String(i).padStart(2, "0")}`,
    gender: "male" as const,
    birthDate: "1985-01-01",
  })),
];

const FILE = [
  "Pettorale;Cognome;Nome;5 km;Tempo ufficiale;Tempo netto;Stato",
  "1;Esposito;Giulia;0:19:40;1:41:02,5;1:40:58;",
  "2;Conte;Paolo;0:18:30;1:39:00;1:38:59;",
  "3;Martín;Zoë;;;;Ritirato",
  ...Array.from(
    { length: 52 },
    (_, i) => `${10 + i};Pack${String(i).padStart(2, "0")};Runner${i};;${2 + Math.floor(i / 10)}:0${i % 10}:00;;`,
  ),
].join("\n");

const get = (path: string) => app.request(path);
const html = async (path: string) => {
  const answer = await get(path);
  return { status: answer.status, text: await answer.text(), kept: answer.headers.get(PAGE_CACHE_HEADER) };
};

beforeAll(async () => {
  database = await openTestDatabase();
  app = await siteAppOn(database, { config: { PAGE_CACHE_SECONDS: 60 } });
  organiser = { kind: "organiser", userId: (await insertPerson(database.db)).id };
  race = await insertRace(database.db, NOW, { startsAt: RACE_DAY, runners: RUNNERS });
  const deps = testDeps(database.db, NOW);
  const preview = await previewResultImport(deps, organiser, {
    appointmentId: race.appointment.id,
    content: new TextEncoder().encode(FILE),
  });
  await applyResultImport(deps, organiser, { importId: preview.id });
  list = `/it-IT/evento/${race.event.slug}/appuntamento/${race.appointment.slug}/classifica`;
});
afterAll(() => database.close());

const publish = () =>
  changeRaceResults(testDeps(database.db, NOW), organiser, {
    appointmentId: race.appointment.id,
    change: { resultsState: "provisional", resultsClaimsUntil: new Date("2030-06-12T16:00:00Z") },
  });

/** The table's body rows, as text without tags. */
const rowsOf = (page: string) =>
  [...(/<tbody>(.*?)<\/tbody>/s.exec(page)?.[1] ?? "").matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((row) =>
    (row[1] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );

describe("a race's public results pages", () => {
  it("are not found before the results are published; then the race's pages link them", async () => {
    expect((await html(list)).status).toBe(404);
    const event = `/it-IT/evento/${race.event.slug}`;
    expect((await html(event)).text).not.toContain("/classifica");
    await publish();
    const linked = await html(event);
    expect(linked.text).toContain(`href="${list}"`);
    expect((await html(`${event}/appuntamento/${race.appointment.slug}`)).text).toContain("Classifica provvisoria");
  });

  it("show one page of 50 in rank order, then the unranked, with the state, filters and links to sort and page", async () => {
    const page = await html(list);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Classifica provvisoria");
    expect(page.text).toMatch(/i reclami sono accettati fino a \S+ 12 giugno 2030 alle ore 18:00/);
    const rows = rowsOf(page.text);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toBe("1 2 Conte Paolo Pett. 2 · Atletica Roma · SM35 Atletica Roma SM35 1:39:00 –");
    expect(rows[1]).toContain("Esposito Giulia");
    expect(rows[1]).toContain("1:41:02,5 +2:02,5");
    // Sorting by name is a link; the list says which column it is sorted by.
    expect(page.text).toContain(`href="${list}?sort=name"`);
    expect(page.text).toContain('aria-sort="ascending"');
    expect(page.text).toContain(`href="${list}?page=2"`);
    const second = rowsOf((await html(`${list}?page=2`)).text);
    expect(second).toHaveLength(5);
    expect(second.at(-1)).toContain("Martín Zoë");
    expect(second.at(-1)).toContain("Ritiro");
  });

  it("filter by gender, search and sort through the address, and keep what was chosen in the form", async () => {
    const women = await html(`${list}?q=espo&gender=female&sort=-time`);
    expect(rowsOf(women.text)).toEqual([expect.stringMatching(/^1 2 1 Esposito Giulia/)]);
    expect(women.text).toContain("Pos. (donne)");
    expect(women.text).toMatch(/<option value="female" selected="">Donne<\/option>/);
    expect(women.text).toContain('value="espo"');
    expect(women.text).toContain('<input type="hidden" name="sort" value="-time"/>');
    const open = rowsOf((await html(`${list}?gender=open`)).text);
    expect(open).toEqual([expect.stringContaining("Martín Zoë")]);
    // The form's empty fields and anything malformed are left out of the address rather than refused.
    const sent = await get(`${list}?q=&gender=male&category=&club=&sort=bogus&page=-3`);
    expect([sent.status, sent.headers.get("location")]).toEqual([302, `${list}?gender=male`]);
  });

  it("are kept for everyone, and dropped at once when a published result is corrected", async () => {
    const path = `${list}?q=conte`;
    await html(path);
    expect((await html(path)).kept).toBe("hit");
    const paolo = (await storedResults(database.db, race.appointment.id)).get(2);
    await correctResult(testDeps(database.db, NOW), organiser, {
      resultId: paolo?.id as string,
      correction: { status: "dsq", reason: "Cut the course" },
    });
    const after = await html(path);
    expect(after.kept).toBe("miss");
    expect(rowsOf(after.text)[0]).toContain("Squalifica");
  });

  it("show one finisher with times, pace, ranks and splits, and a diploma's check by its code", async () => {
    // The race's course is 21.1 km long (its figures alone: the results read nothing else of it).
    await database.db
      .update(schema.appointments)
      .set({ courseDistance: 21_100, courseElevationGain: 40, courseElevationLoss: 40 })
      .where(eq(schema.appointments.id, race.appointment.id));
    await catalogueChanged(database.db);
    const giulia = (await storedResults(database.db, race.appointment.id)).get(1);
    const page = await html(`${list}/${giulia?.id}`);
    expect(page.text).toContain("<h1>Giulia Esposito</h1>");
    expect(page.text).toContain("1:41:02,5");
    // 1:41:02.5 over 21.1 km.
    expect(page.text).toContain("4:47 min/km");
    expect(page.text).toContain("Tra le donne");
    expect(page.text).toContain("19:40");
    const other = await insertRace(database.db, NOW, { startsAt: RACE_DAY, runners: [] });
    const elsewhere = `/it-IT/evento/${other.event.slug}/appuntamento/${other.appointment.slug}/classifica`;
    expect((await html(`${elsewhere}/${giulia?.id}`)).status).toBe(404);

    const diploma = await html(`/en-US/attestato/${giulia?.diplomaCode}`);
    expect(diploma.text).toContain("This diploma is genuine");
    expect(diploma.text).toContain("Among women");
    const unknown = await html("/en-US/attestato/ZZZZZZZZZZ");
    expect([unknown.status, unknown.text.includes("No diploma has this code")]).toEqual([404, true]);
    const typed = await get(`/en-US/attestato?code=${giulia?.diplomaCode.toLowerCase().replace(/(.{5})/, "$1 ")}`);
    expect([typed.status, typed.headers.get("location")]).toEqual([302, `/en-US/attestato/${giulia?.diplomaCode}`]);
  });
});
