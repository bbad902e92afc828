import { saveOrganisation, schema } from "@sports/db";
import { insertAppointment, insertEvent, testClub, testOrganisation } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/**
 * A club's entry over HTTP (docs/decisions/068), from a 200-athlete roster file to one paid signup:
 * the preview writes nothing but the entry and finds every kind of problem at its field, rows are
 * fixed in place, the valid ones are held all at once or not at all, then submitted, paid once and
 * invoiced once to the club.
 */
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ payments: livePayments({ providers: ["demo"] }) });
});
afterAll(() => api.database.close());

const db = () => api.database.db;
const { visitor, send, start, participants, submit, payByDemo } = signupClient(() => api);

const HEADER = "Cognome;Nome;Sesso;Data di nascita;Email;Cellulare;Nazionalità;Tessera;Taglia";
/** A good athlete's cells, different for each `n`. */
const athlete = (n: number) => [
  `Cognome${n}`,
  `Nome${n}`,
  n % 2 ? "M" : "F",
  `${(n % 28) + 1}/${(n % 12) + 1}/${1960 + (n % 40)}`,
  `atleta${n}@example.org`,
  `333 ${String(1_000_000 + n)}`,
  "ITA",
  "",
  ["S", "M", "L"][n % 3] ?? "M",
];
/** The rows that break a rule each, by the cells they change, with the problem expected at its field. */
const BROKEN: [cells: Record<number, string>, field: string | null, code: string][] = [
  [{ 4: "" }, "email", "required"],
  [{ 3: "31/02/1990" }, "birthDate", "invalid-date"],
  [{ 2: "X" }, "gender", "invalid-gender"],
  [{ 4: "non-una-mail" }, "email", "invalid-email"],
  [{ 5: "12" }, "phone", "invalid-phone"],
  [{ 6: "Francia" }, "nationality", "invalid-nationality"],
  [{ 1: "N".repeat(120) }, "givenName", "too-long"],
  [{ 3: "01/01/1899" }, "birthDate", "birth-date-too-early"],
  [{ 3: "01/01/2016" }, "birthDate", "too-young"],
  [{ 3: "01/01/1930" }, "birthDate", "too-old"],
  [{ 8: "XXL" }, "tshirtSize", "tshirt-size-not-offered"],
  [{ 0: "Cognome7", 1: "Nome7", 3: athlete(7)[3] ?? "" }, null, "duplicate-row"],
  [{ 7: "FID 9999" }, "federationCard", "card-not-found"],
  [{ 0: "Neri", 1: "Sara", 7: "FID0002" }, "federationCard", "card-expired"],
  [{ 0: "Gialli", 1: "Paolo", 7: "fid0003" }, "federationCard", "card-name-mismatch"],
  [{ 0: "Rosa", 1: "Bianca", 3: "02/02/1991" }, null, "already-signed-up"],
];

/** The roster: 200 athletes, one of them with a valid card, the broken rows among them; UTF-8 behind a BOM. */
function rosterFile(): Uint8Array {
  const lines = Array.from({ length: 200 }, (_, index) => athlete(index + 1));
  for (const [index, [cells]] of BROKEN.entries()) Object.assign(lines[10 * index + 20] as string[], cells);
  Object.assign(lines[5] as string[], { 0: "Verdi", 1: "Luca", 2: "M", 3: "01/01/1985", 7: "FID0001" });
  const text = [HEADER, ...lines.map((cells) => cells.join(";"))].join("\r\n");
  return new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
}

/** What a preview must not change, and a hold changes: signups, participants, the roster, the places taken. */
async function counts(appointmentId: string) {
  const result = (await db().execute(sql`select
      (select count(*) from signups) as signups, (select count(*) from participants) as participants,
      (select count(*) from club_athletes) as athletes,
      (select places_taken from appointments where id = ${appointmentId}) as taken`)) as unknown as {
    rows: Record<"signups" | "participants" | "athletes" | "taken", unknown>[];
  };
  const [row] = result.rows;
  return {
    signups: Number(row?.signups),
    participants: Number(row?.participants),
    athletes: Number(row?.athletes),
    taken: Number(row?.taken),
  };
}

const setCapacity = (appointmentId: string, capacity: number) =>
  db().update(schema.appointments).set({ capacity }).where(eq(schema.appointments.id, appointmentId));

describe("a club's entry from a roster file", () => {
  it("is previewed, fixed, held all at once or not at all, paid once and invoiced to the club", async () => {
    await saveOrganisation(db(), testOrganisation(), NOW);
    const event = await insertEvent(db(), NOW, {
      signupOpensAt: null,
      minAge: 16,
      maxAge: 80,
      tshirtSizes: ["S", "M", "L"],
      acceptedCards: ["fidal"],
      medicalCertificate: "competitive",
      certificateLater: true,
    });
    const appointment = await insertAppointment(db(), event, {
      capacity: 1000,
      priceTiers: [{ until: null, amount: 1500 }],
    });
    await db()
      .insert(schema.federationCards)
      .values([
        {
          eventId: event.id,
          kind: "fidal",
          card: "FID0001",
          familyName: "Verdi",
          givenName: "Luca",
          birthDate: "1985-01-01",
          validUntil: "2027-12-31",
          club: null,
        },
        {
          eventId: event.id,
          kind: "fidal",
          card: "FID0002",
          familyName: "Neri",
          givenName: "Sara",
          birthDate: null,
          validUntil: "2027-05-20",
          club: null,
        },
        {
          eventId: event.id,
          kind: "fidal",
          card: "FID0003",
          familyName: "Bruni",
          givenName: "Carlo",
          birthDate: null,
          validUntil: null,
          club: null,
        },
      ]);
    // A runner's own signup, Bianca Rosa's, holds a place already.
    const someone = await visitor();
    const own = (await start(someone.token, appointment.id)).body.data.id as string;
    const entered = await participants(someone.token, own, [
      runner({ givenName: "Bianca", familyName: "Rosa", birthDate: "1991-02-02", tshirtSize: "S" }),
    ]);
    expect(entered.status).toBe(200);

    const manager = await visitor();
    const club = await testClub(db(), manager.id);
    const before = await counts(appointment.id);
    const preview = await send(
      manager.token,
      "POST",
      `/api/appointments/${appointment.id}/club-entries?club=${club.id}`,
      rosterFile(),
      { "content-type": "text/csv" },
    );
    expect(preview.status).toBe(201);
    expect(await counts(appointment.id)).toEqual(before);
    const entry = preview.body.data;
    expect(entry.attributes).toMatchObject({ state: "preview", source: "file", heldAt: null });
    expect(entry.relationships.signup.data).toBeNull();
    expect(entry.attributes.summary).toEqual({ rows: 200, valid: 200 - BROKEN.length, withProblems: BROKEN.length });
    const rows: { line: number; problems: { field: string | null; code: string }[]; participant: any }[] =
      entry.attributes.rows;
    const problemsOf = (line: number) =>
      rows.find((row) => row.line === line)?.problems.map(({ field, code }) => [field, code]);
    for (const [index, [, field, code]] of BROKEN.entries())
      expect(problemsOf(10 * index + 22), code).toContainEqual([field, code]);
    expect(rows.find((row) => row.line === 7)).toMatchObject({
      problems: [],
      category: "SM40",
      certificate: "to-be-given",
      participant: {
        givenName: "Luca",
        familyName: "Verdi",
        birthDate: "1985-01-01",
        gender: "male",
        nationality: "IT",
        club: "Atletica Valle",
        federationCard: "FID0001",
      },
    });
    expect(
      rows.find((row) => row.problems.some((problem) => problem.code === "duplicate-row"))?.problems,
    ).toContainEqual({ field: null, code: "duplicate-row", sameAsLine: 8 });

    // Two rows fixed in place: a birth date as written in Italy, an address; checked again.
    const fixed = await send(manager.token, "PATCH", `/api/club-entries/${entry.id}`, {
      data: {
        type: "club-entries",
        id: entry.id,
        attributes: {
          rows: [
            { line: 32, participant: { birthDate: "12/03/1990" } },
            { line: 52, participant: { email: "Nome51@Example.org" } },
          ],
        },
      },
    });
    expect(fixed.status).toBe(200);
    const valid = 200 - BROKEN.length + 2;
    expect(fixed.body.data.attributes.summary).toEqual({ rows: 200, valid, withProblems: BROKEN.length - 2 });
    const fixedRow = fixed.body.data.attributes.rows.find((row: { line: number }) => row.line === 52);
    expect(fixedRow).toMatchObject({ problems: [], participant: { email: "nome51@example.org" } });

    // One place short: refused whole, nothing written.
    const { taken } = await counts(appointment.id);
    await setCapacity(appointment.id, taken + valid - 1);
    const held = { data: { type: "club-entries", id: entry.id, attributes: { state: "held" } } };
    const short = await send(manager.token, "PATCH", `/api/club-entries/${entry.id}`, held);
    expect(short.status).toBe(409);
    expect(short.body.errors[0]).toMatchObject({ code: "not-enough-places", meta: { remaining: valid - 1 } });
    expect(await counts(appointment.id)).toEqual(before);

    // Exactly the places left: every valid row held at once, as one signup of the club.
    await setCapacity(appointment.id, taken + valid);
    const hold = await send(manager.token, "PATCH", `/api/club-entries/${entry.id}`, held);
    expect(hold.status).toBe(200);
    expect(hold.body.data.attributes.state).toBe("held");
    const signupId = hold.body.data.relationships.signup.data.id as string;
    const after = await counts(appointment.id);
    expect(after).toEqual({
      signups: before.signups + 1,
      participants: before.participants + valid,
      athletes: valid,
      taken: taken + valid,
    });
    const [signup] = await db().select().from(schema.signups).where(eq(schema.signups.id, signupId));
    expect(signup).toMatchObject({ state: "held", places: valid, clubId: club.id, userId: manager.id });
    const people = await db().select().from(schema.participants).where(eq(schema.participants.signupId, signupId));
    expect(people.every((person) => person.consentsAcceptedAt === null && person.clubAthleteId !== null)).toBe(true);
    expect(people.map((person) => person.position).sort((a, b) => a - b)).toEqual(
      Array.from({ length: valid }, (_, i) => i + 1),
    );
    const missing = await send(manager.token, "GET", `/api/club-entries/${entry.id}/missing`);
    expect(missing.body.data).toHaveLength(valid);
    expect(missing.body.data[0].attributes.missing).toEqual(["consents", "emergency-contact", "certificate"]);
    // A club's athletes change through its entry, not by replacing the signup's participants.
    const replaced = await send(manager.token, "PATCH", `/api/signups/${signupId}/participants`, { data: [] });
    expect(replaced.status).toBe(409);
    expect(replaced.body.errors[0].code).toBe("wrong-state");

    // The recap: the club as business buyer, one payment, one invoice with the athletes' entries.
    const billing = await send(manager.token, "PATCH", `/api/signups/${signupId}`, {
      data: {
        type: "signups",
        id: signupId,
        attributes: {
          billing: {
            kind: "business",
            name: "Atletica Valle ASD",
            vatNumber: "IT02345670224",
            address: {
              street: "Via Roma 1",
              postalCode: "38051",
              locality: "Borgo Valsugana",
              province: "TN",
              country: "IT",
            },
            recipientCode: "0000000",
            pec: "atleticavalle@pec.example.org",
          },
        },
      },
    });
    expect(billing.status).toBe(200);
    expect((await submit(manager.token, signupId)).status).toBe(200);
    expect((await payByDemo(manager.token, signupId)).decided.status).toBe(200);
    const confirmed = await send(manager.token, "GET", `/api/signups/${signupId}`);
    expect(confirmed.body.data.attributes.state).toBe("confirmed");
    expect(confirmed.body.data.relationships.club).toEqual({ data: { type: "clubs", id: club.id } });
    const tickets = await db().select().from(schema.participants).where(eq(schema.participants.signupId, signupId));
    expect(tickets.every((person) => person.ticketCode !== null)).toBe(true);
    const documents = (await send(manager.token, "GET", `/api/signups/${signupId}/billing-documents`)).body.data;
    expect(documents).toHaveLength(1);
    expect(documents[0].attributes).toMatchObject({ kind: "invoice", stampDuty: 200, total: valid * 1500 + 200 });
    expect(documents[0].attributes.buyer).toMatchObject({ kind: "business", vatNumber: "IT02345670224" });
    expect(documents[0].attributes.lines[0]).toMatchObject({ quantity: valid, unitPrice: 1500 });

    // Each athlete was mailed their link at the confirmation: another one only ten minutes later.
    const [mailed] = (await send(manager.token, "GET", `/api/club-entries/${entry.id}/missing`)).body.data;
    expect(mailed.attributes.mailedAt).toEqual(expect.any(String));
    const resent = await send(manager.token, "POST", `/api/club-entries/${entry.id}/missing/${mailed.id}/link`);
    expect([resent.status, resent.body.errors[0].code, resent.headers.get("retry-after")]).toEqual([
      429,
      "too-many-requests",
      "600",
    ]);
  });
});
