import { schema } from "@sports/db";
import { insertAppointment, insertEvent, testClub } from "@sports/db/testing";
import { expireSignups } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/**
 * A club's entry from athletes picked in the roster or from a workbook, and what it refuses
 * (docs/api.md "Club entries"): unknown athletes, too many, files it cannot read, anyone but the
 * club's managers, a hold while people wait in line, a change once held.
 */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi();
});
afterAll(() => api.database.close());

const db = () => api.database.db;
const { visitor, send } = signupClient(() => api);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const NOBODY = "00000000-0000-4000-8000-000000000000";

async function world(overrides: Parameters<typeof insertEvent>[2] = {}) {
  const event = await insertEvent(db(), NOW, { signupOpensAt: null, ...overrides });
  const appointment = await insertAppointment(db(), event, { capacity: 10 });
  const manager = await visitor();
  const club = await testClub(db(), manager.id);
  const athletes = await db()
    .insert(schema.clubAthletes)
    .values(
      ["Anna", "Bruno", "Carla"].map((givenName, index) => ({
        clubId: club.id,
        givenName,
        familyName: "Sala",
        birthDate: `199${index}-05-0${index + 1}`,
        gender: index === 1 ? ("male" as const) : ("female" as const),
        email: index === 2 ? null : `${givenName.toLowerCase()}@example.org`,
      })),
    )
    .returning();
  return { appointment, manager, club, ids: athletes.map((athlete) => athlete.id) };
}

const pick = (clubId: string, athletes: string[]) => ({
  data: {
    type: "club-entries",
    attributes: { athletes },
    relationships: { club: { data: { type: "clubs", id: clubId } } },
  },
});
const codes = (answer: { body: { errors: { code: string; source?: { pointer?: string } }[] } }) =>
  answer.body.errors.map((error) => [error.code, error.source?.pointer]);

describe("a club's entry from its roster", () => {
  it("is previewed from the athletes picked; unknown ones, too many and strangers are refused", async () => {
    const { appointment, manager, club, ids } = await world();
    const path = `/api/appointments/${appointment.id}/club-entries`;
    const unknown = await send(manager.token, "POST", path, pick(club.id, [ids[0] ?? "", NOBODY, "x"]));
    expect(unknown.status).toBe(400);
    expect(codes(unknown)).toEqual([
      ["invalid-relationship", "/data/attributes/athletes/1"],
      ["invalid-relationship", "/data/attributes/athletes/2"],
    ]);
    const many = await send(manager.token, "POST", path, pick(club.id, Array(501).fill(ids[0])));
    expect([many.status, many.body.errors[0].code]).toEqual([422, "too-many-athletes"]);
    const stranger = await visitor();
    const theirs = await send(stranger.token, "POST", path, pick(club.id, ids));
    expect(codes(theirs)).toEqual([["not-found", "/data/relationships/club"]]);

    const preview = await send(manager.token, "POST", path, pick(club.id, ids));
    expect(preview.status).toBe(201);
    expect(preview.body.data.attributes).toMatchObject({ source: "roster", summary: { rows: 3, valid: 2 } });
    const [anna, , carla] = preview.body.data.attributes.rows;
    expect(anna).toMatchObject({ line: 1, athleteId: ids[0], certificate: "not-required", problems: [] });
    expect(anna.participant).toMatchObject({ givenName: "Anna", club: "Atletica Valle", birthDate: "1990-05-01" });
    expect(carla.problems).toEqual([{ field: "email", code: "required" }]);
    const id = preview.body.data.id as string;
    expect((await send(stranger.token, "GET", `/api/club-entries/${id}`)).status).toBe(404);
    expect((await send(manager.token, "GET", `/api/club-entries/${id}/missing`)).body.data).toEqual([]);

    // The API's clock stands still: the first entry is made a minute older.
    const earlier = new Date(NOW.getTime() - 60_000);
    await db().update(schema.clubEntries).set({ createdAt: earlier }).where(eq(schema.clubEntries.id, id));
    const later = await send(manager.token, "POST", path, pick(club.id, [ids[1] ?? ""]));
    const list = await send(manager.token, "GET", `/api/clubs/${club.id}/club-entries`);
    expect(list.body.data.map((entry: { id: string }) => entry.id)).toEqual([later.body.data.id, id]);
    expect(list.body.data[1].attributes).toEqual({
      state: "preview",
      source: "roster",
      createdAt: earlier.toISOString(),
      heldAt: null,
      summary: { rows: 3, valid: 2, withProblems: 1 },
    });
    expect((await send(stranger.token, "GET", `/api/clubs/${club.id}/club-entries`)).status).toBe(404);
  });
});

describe("a roster file", () => {
  it("is read from a workbook; one it cannot read is refused", async () => {
    const { appointment, manager, club } = await world({ signupOpensAt: null });
    const path = `/api/appointments/${appointment.id}/club-entries?club=${club.id}`;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Atleti");
    sheet.addRow(["COGNOME", "NOME", "NATO IL", "SESSO", "E-MAIL"]);
    sheet.addRow(["DE LUCA", "ANNA", new Date(Date.UTC(1990, 2, 12)), "F", "anna@example.org"]);
    sheet.getColumn(3).numFmt = "dd/mm/yyyy";
    const workbook = Buffer.from(await book.xlsx.writeBuffer());
    const read = await send(manager.token, "POST", path, workbook, { "content-type": XLSX });
    expect(read.status).toBe(201);
    expect(read.body.data.attributes.rows).toMatchObject([
      { line: 2, problems: [], participant: { givenName: "Anna", familyName: "De Luca", birthDate: "1990-03-12" } },
    ]);

    const csv = { "content-type": "text/csv" };
    const nameless = await send(manager.token, "POST", path, "Tessera;Email\nAB1;a@example.org", csv);
    expect([nameless.status, nameless.body.errors[0].code]).toEqual([422, "file-unreadable"]);
    const large = await send(manager.token, "POST", path, new Uint8Array(5 * 1024 * 1024 + 1), csv);
    expect([large.status, large.body.errors[0].code]).toEqual([413, "file-too-large"]);
    const clubless = await send(manager.token, "POST", path.replace(/\?.*/, ""), "Nome;Cognome\nA;B", csv);
    expect(codes(clubless)).toEqual([["invalid-parameter", undefined]]);
    const image = await send(manager.token, "POST", path, new Uint8Array([0x89, 0x50]), {
      "content-type": "image/png",
    });
    expect(image.status).toBe(415);
  });
});

describe("holding an entry", () => {
  it("is refused as a runner's hold while people wait in line, then held once, and then changes no more", async () => {
    const { appointment, manager, club, ids } = await world({ medicalCertificate: "competitive" });
    const entry = await send(
      manager.token,
      "POST",
      `/api/appointments/${appointment.id}/club-entries`,
      pick(club.id, ids),
    );
    const id = entry.body.data.id as string;
    const change = (attributes: object) =>
      send(manager.token, "PATCH", `/api/club-entries/${id}`, { data: { type: "club-entries", id, attributes } });

    const again = await send(
      manager.token,
      "POST",
      `/api/appointments/${appointment.id}/club-entries`,
      pick(club.id, ids),
    );
    const againId = again.body.data.id as string;

    const waiting = await visitor();
    const [line] = await db()
      .insert(schema.waitingListEntries)
      .values({ appointmentId: appointment.id, userId: waiting.id, locale: "it-IT" })
      .returning();
    const refused = await change({ state: "held" });
    expect([refused.status, refused.body.errors[0].code]).toEqual([409, "sold-out"]);
    const [untouched] = await db().select().from(schema.appointments).where(eq(schema.appointments.id, appointment.id));
    expect(untouched?.placesTaken).toBe(0);

    await db()
      .delete(schema.waitingListEntries)
      .where(eq(schema.waitingListEntries.id, line?.id ?? ""));
    const held = await change({ state: "held" });
    expect(held.status).toBe(200);
    expect(held.body.data.attributes).toMatchObject({ state: "held", summary: { valid: 2 } });
    expect((await change({ state: "held" })).body.data.relationships).toEqual(held.body.data.relationships);
    // The same athletes previewed before the first entry was held: the second hold is refused, its rows marked.
    const twice = await send(manager.token, "PATCH", `/api/club-entries/${againId}`, {
      data: { type: "club-entries", id: againId, attributes: { state: "held" } },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ code: "already-signed-up", meta: { lines: [1, 2] } });
    const marked = await send(manager.token, "GET", `/api/club-entries/${againId}`);
    expect(marked.body.data.attributes).toMatchObject({ state: "preview", summary: { valid: 0 } });
    expect(marked.body.data.attributes.rows[0].problems).toEqual([{ field: null, code: "already-signed-up" }]);
    const fixed = await change({ rows: [{ line: 3, participant: { email: "carla@example.org" } }] });
    expect([fixed.status, fixed.body.errors[0].code]).toEqual([409, "wrong-state"]);
    const both = await change({ state: "held", rows: [{ line: 3, participant: {} }] });
    expect(both.status).toBe(400);

    const missing = await send(manager.token, "GET", `/api/club-entries/${id}/missing`);
    expect(missing.body.data.map((athlete: { attributes: object }) => athlete.attributes)).toEqual([
      expect.objectContaining({ givenName: "Anna", missing: ["consents", "emergency-contact", "certificate"] }),
      expect.objectContaining({ givenName: "Bruno", email: "bruno@example.org" }),
    ]);

    // Left unpaid past the event's hold minutes, the club's hold lapses as any does: its places go back.
    expect(await expireSignups(testDeps(db(), new Date(NOW.getTime() + 16 * 60_000)))).toBe(1);
    const [freed] = await db().select().from(schema.appointments).where(eq(schema.appointments.id, appointment.id));
    expect(freed?.placesTaken).toBe(0);
  });

  it("is refused before signups open", async () => {
    const { appointment, manager, club, ids } = await world({ signupOpensAt: new Date(NOW.getTime() + 86_400_000) });
    const early = await send(
      manager.token,
      "POST",
      `/api/appointments/${appointment.id}/club-entries`,
      pick(club.id, ids),
    );
    expect([early.status, early.body.errors[0].code]).toEqual([409, "not-open"]);
  });
});
