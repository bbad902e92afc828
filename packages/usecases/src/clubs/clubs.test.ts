import { type DatabaseHandle, schema } from "@sports/db";
import { insertPerson, openTestDatabase, testClub } from "@sports/db/testing";
import { isRefusal, type Refusal } from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userActor } from "../actors.ts";
import { testDeps } from "../testing.ts";
import { addClubAthlete, changeClubAthlete, clubAthleteOf, clubRoster, removeClubAthlete } from "./athletes.ts";
import { clubOf, createClub, myClubs, updateClub } from "./clubs.ts";

const NOW = new Date("2027-03-10T09:00:00Z");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const deps = () => testDeps(database.db, NOW);

/** The refusal `action` ends in. */
async function refusal(action: Promise<unknown>): Promise<Refusal> {
  const error = await action.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isRefusal(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const problemsOf = (refused: Refusal) => refused.problems.map(({ attribute, code }) => ({ attribute, code }));

describe("a club", () => {
  it("is managed by whoever made it, and by no one else", async () => {
    const maker = userActor(await insertPerson(database.db));
    const other = userActor(await insertPerson(database.db));
    const view = await createClub(deps(), maker, {
      name: "  Atletica Lago ",
      federation: "FIDAL",
      code: "",
      contactEmail: " Segreteria@AtleticaLago.example ",
      contactPhone: "+39 0461 123456",
    });
    expect(view.club).toMatchObject({
      name: "Atletica Lago",
      code: null,
      contactEmail: "segreteria@atleticalago.example",
      createdBy: maker.userId,
    });
    expect(view.managers.map((manager) => manager.userId)).toEqual([maker.userId]);
    expect((await myClubs(deps(), maker)).map(({ club }) => club.id)).toEqual([view.club.id]);
    expect(await myClubs(deps(), other)).toEqual([]);

    for (const attempt of [
      () => clubOf(deps(), other, view.club.id),
      () => updateClub(deps(), other, view.club.id, { name: "Taken" }),
      () => clubOf(deps(), maker, "not-a-uuid"),
    ])
      expect((await refusal(attempt())).code).toBe("not-found");

    const changed = await updateClub(deps(), maker, view.club.id, { contactPhone: null, code: "TN042" });
    expect(changed.club).toMatchObject({ name: "Atletica Lago", contactPhone: null, code: "TN042" });
  });

  it("is refused with every problem at its field", async () => {
    const maker = userActor(await insertPerson(database.db));
    const refused = await refusal(
      createClub(deps(), maker, {
        name: " ",
        federation: "F".repeat(101),
        code: "A\nB",
        contactEmail: "segreteria@",
        contactPhone: "12",
      }),
    );
    expect(refused.code).toBe("invalid-input");
    expect(problemsOf(refused)).toEqual([
      { attribute: "name", code: "required" },
      { attribute: "federation", code: "too-long" },
      { attribute: "code", code: "invalid-characters" },
      { attribute: "contactEmail", code: "invalid-email" },
      { attribute: "contactPhone", code: "invalid-phone" },
    ]);
    expect(refused.problems[1]?.meta).toEqual({ max: 100 });
    // A change checks what it gives: a name cannot be cleared.
    const club = await testClub(database.db, maker.userId);
    expect(problemsOf(await refusal(updateClub(deps(), maker, club.id, { name: "", contactEmail: null })))).toEqual([
      { attribute: "name", code: "required" },
      { attribute: "contactEmail", code: "required" },
    ]);
  });
});

describe("a club's roster", () => {
  it("takes athletes checked by the participants' rules, each problem at its field", async () => {
    const manager = userActor(await insertPerson(database.db));
    const club = await testClub(database.db, manager.userId);
    const refused = await refusal(
      addClubAthlete(deps(), manager, {
        clubId: club.id,
        athlete: {
          givenName: "Anna",
          familyName: "",
          birthDate: "2027-03-12",
          gender: "f",
          email: "anna",
          phone: "abc",
          nationality: "Italia",
          federationCard: "X".repeat(51),
          tshirtSize: "M\u202e",
          emergencyContactPhone: "0",
        },
      }),
    );
    expect(problemsOf(refused)).toEqual([
      { attribute: "familyName", code: "required" },
      { attribute: "email", code: "invalid-email" },
      { attribute: "phone", code: "invalid-phone" },
      { attribute: "nationality", code: "too-long" },
      { attribute: "federationCard", code: "too-long" },
      { attribute: "tshirtSize", code: "invalid-characters" },
      { attribute: "emergencyContactPhone", code: "invalid-phone" },
      { attribute: "birthDate", code: "birth-date-in-future" },
      { attribute: "gender", code: "invalid-value" },
    ]);
    expect(
      problemsOf(
        await refusal(
          addClubAthlete(deps(), manager, {
            clubId: club.id,
            athlete: { givenName: "A", familyName: "B", birthDate: "1899-12-31", nationality: "it" },
          }),
        ),
      ),
    ).toEqual([{ attribute: "birthDate", code: "birth-date-too-early" }]);
    expect(
      problemsOf(
        await refusal(
          addClubAthlete(deps(), manager, {
            clubId: club.id,
            athlete: { givenName: "A", familyName: "B", birthDate: "2001-02-30" },
          }),
        ),
      ),
    ).toEqual([{ attribute: "birthDate", code: "invalid-format" }]);

    const anna = await addClubAthlete(deps(), manager, {
      clubId: club.id,
      athlete: {
        givenName: "Anna",
        familyName: "Rossi",
        birthDate: "1990-05-01",
        gender: "female",
        email: "Anna@Example.org",
        nationality: "it",
        tshirtSize: "XS donna",
      },
    });
    expect(anna).toMatchObject({ email: "anna@example.org", nationality: "IT", tshirtSize: "XS donna", phone: null });
    const changed = await changeClubAthlete(deps(), manager, {
      clubId: club.id,
      athleteId: anna.id.toUpperCase(),
      athlete: { phone: "+39 333 1234567", tshirtSize: null },
    });
    expect(changed).toMatchObject({ givenName: "Anna", phone: "+39 333 1234567", tshirtSize: null });
    expect((await clubAthleteOf(deps(), manager, { clubId: club.id, athleteId: anna.id })).phone).toBe(
      "+39 333 1234567",
    );
  });

  it("is listed a page at a time by name, filtered by the words of a name, for its managers only", async () => {
    const manager = userActor(await insertPerson(database.db));
    const stranger = userActor(await insertPerson(database.db));
    const club = await testClub(database.db, manager.userId);
    const strangersClub = await testClub(database.db, stranger.userId);
    const names = [
      ["Luca", "Bianchi"],
      ["anna", "rossi"],
      ["Marco", "Rossi"],
      ["Anna", "Verdi"],
      ["Giulia", "Neri"],
    ];
    for (const [givenName, familyName] of names)
      await addClubAthlete(deps(), manager, { clubId: club.id, athlete: { givenName, familyName } });
    const theirs = await addClubAthlete(deps(), stranger, {
      clubId: strangersClub.id,
      athlete: { givenName: "Anna", familyName: "Altra" },
    });

    const page = (q: string | undefined, offset: number, limit = 2) =>
      clubRoster(deps(), manager, { clubId: club.id, ...(q ? { q } : {}), offset, limit });
    const namesOf = (rows: { givenName: string; familyName: string }[]) =>
      rows.map((row) => `${row.givenName} ${row.familyName}`);
    const second = await page(undefined, 2);
    expect(second.total).toBe(5);
    expect(namesOf(second.rows)).toEqual(["anna rossi", "Marco Rossi"]);
    expect(namesOf((await page("ANNA", 0, 10)).rows)).toEqual(["anna rossi", "Anna Verdi"]);
    expect(namesOf((await page("rossi an", 0, 10)).rows)).toEqual(["anna rossi"]);
    expect((await page("50%_", 0, 10)).total).toBe(0);

    // Another club's athlete is not found through this club, nor this club's roster by a stranger.
    const elsewhere = { clubId: club.id, athleteId: theirs.id };
    for (const attempt of [
      () => clubAthleteOf(deps(), manager, elsewhere),
      () => changeClubAthlete(deps(), manager, { ...elsewhere, athlete: { givenName: "X" } }),
      () => removeClubAthlete(deps(), manager, elsewhere),
      () => removeClubAthlete(deps(), manager, { clubId: club.id, athleteId: "x" }),
      () => clubRoster(deps(), stranger, { clubId: club.id, offset: 0, limit: 10 }),
      () => addClubAthlete(deps(), stranger, { clubId: club.id, athlete: { givenName: "A", familyName: "B" } }),
    ])
      expect((await refusal(attempt())).code).toBe("not-found");
    const [kept] = await database.db.select().from(schema.clubAthletes).where(eq(schema.clubAthletes.id, theirs.id));
    expect(kept?.givenName).toBe("Anna");

    const [first] = (await page(undefined, 0, 1)).rows;
    if (!first) throw new Error("no athlete");
    await removeClubAthlete(deps(), manager, { clubId: club.id, athleteId: first.id });
    expect((await page(undefined, 0)).total).toBe(4);
  });
});
