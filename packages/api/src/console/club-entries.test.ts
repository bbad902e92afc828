import { addClubManager, type Database, insertUser, schema } from "@sports/db";
import { insertAppointment, insertEvent, testClub } from "@sports/db/testing";
import type { SignupState } from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resource } from "../accounts/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

let api: TestApi;
const team = teamClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
let staff: Awaited<ReturnType<typeof team.staff>>;
let world: Awaited<ReturnType<typeof clubsWorld>>;

beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  world = await clubsWorld(api.database.db);
  organiser = await team.organiser();
  staff = await team.staff();
});
afterAll(() => api.database.close());

let people = 0;
async function manager(db: Database, givenName: string, preferredLocale: "it-IT" | "en-US" = "it-IT") {
  const user = await insertUser(db, {
    email: `manager${++people}@club.example`,
    passwordHash: "x",
    givenName,
    familyName: "Secretary",
    preferredLocale,
    termsAcceptedAt: NOW,
  });
  if (user === "email-taken") throw new Error("address taken");
  return user;
}

/** A part of an athlete's own: given (`true`) or missing. */
type Athlete = { consents: boolean; contact: boolean; certificate: boolean };

/**
 * An event asking for a certificate, with two clubs' signups: Atletica Valle's (two managers, three
 * athletes, one of them complete, awaiting payment) and Podisti Lago's (confirmed and paid, one
 * athlete without a certificate), and a runner's own signup, which is no club's.
 */
async function clubsWorld(db: Database) {
  const event = await insertEvent(db, NOW, { medicalCertificate: "competitive" });
  const race = await insertAppointment(db, event, { capacity: 50, placesTaken: 5 });
  const anna = await manager(db, "Anna");
  const bruno = await manager(db, "Bruno", "en-US");
  const valle = await testClub(db, anna.id);
  await addClubManager(db, { clubId: valle.id, userId: bruno.id, addedBy: anna.id, at: NOW });
  const carla = await manager(db, "Carla");
  const lago = await testClub(db, carla.id, { name: "Podisti Lago", federation: null, code: null });

  async function signup(
    clubId: string | null,
    ownerId: string,
    state: SignupState,
    createdAt: Date,
    athletes: Athlete[],
  ) {
    const [row] = await db
      .insert(schema.signups)
      .values({
        userId: ownerId,
        clubId,
        eventId: event.id,
        appointmentId: race.id,
        state,
        places: athletes.length,
        holdExpiresAt: new Date(createdAt.getTime() + 3_600_000),
        locale: "it-IT",
        createdAt,
      })
      .returning();
    if (!row) throw new Error("no signup");
    for (const [index, athlete] of athletes.entries()) {
      const [file] = athlete.certificate
        ? await db
            .insert(schema.certificates)
            .values({
              signupId: row.id,
              mediaType: "application/pdf",
              fileName: "c.pdf",
              size: 1,
              content: Buffer.from("x"),
            })
            .returning({ id: schema.certificates.id })
        : [];
      await db.insert(schema.participants).values({
        signupId: row.id,
        position: index + 1,
        givenName: `Atleta${index}`,
        familyName: "Rossi",
        consentsAcceptedAt: athlete.consents ? createdAt : null,
        emergencyContactName: athlete.contact ? "Maria" : null,
        emergencyContactPhone: athlete.contact ? "+39 333 1234567" : null,
        certificateId: file?.id ?? null,
      });
    }
    return row;
  }

  const complete = { consents: true, contact: true, certificate: true };
  const valleSignup = await signup(valle.id, anna.id, "awaiting-payment", new Date(NOW.getTime() - 60_000), [
    complete,
    { consents: false, contact: false, certificate: false },
    { consents: true, contact: true, certificate: false },
  ]);
  const lagoSignup = await signup(lago.id, carla.id, "confirmed", new Date(NOW.getTime() - 120_000), [
    { ...complete, certificate: false },
    complete,
  ]);
  await signup(null, (await manager(db, "Runner")).id, "confirmed", NOW, [complete]);
  await db.insert(schema.payments).values({
    signupId: lagoSignup.id,
    provider: "bank-transfer",
    state: "paid",
    amount: 5000,
    currency: "EUR",
    locale: "it-IT",
  });
  return { event, valle, lago, valleSignup, lagoSignup, anna, bruno };
}

const list = (headers: Record<string, string>, query = "") =>
  team.send("GET", `/api/events/${world.event.id}/club-entries${query}`, undefined, headers);

describe("GET /api/events/{id}/club-entries", () => {
  it("lists the clubs' signups, newest first, with managers, athletes' parts and payments", async () => {
    const answer = await list(organiser.headers);
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toEqual({ total: 2 });
    const [valle, lago] = answer.body.data;
    expect(valle).toMatchObject({
      type: "club-entry-rows",
      id: world.valleSignup.id,
      attributes: {
        clubName: "Atletica Valle",
        federation: "FIDAL",
        code: "TN123",
        managers: [
          { givenName: "Anna", familyName: "Secretary", email: world.anna.email },
          { givenName: "Bruno", familyName: "Secretary", email: world.bruno.email },
        ],
        athletes: 3,
        incomplete: 1,
        missingCertificate: 2,
        state: "awaiting-payment",
        payment: "unpaid",
        paidAmount: 0,
        // Three athletes at 25 €, nothing paid yet.
        amountDue: 7500,
        currency: "EUR",
      },
      relationships: { club: { data: { type: "clubs", id: world.valle.id } } },
    });
    expect(lago.attributes).toMatchObject({
      clubName: "Podisti Lago",
      federation: null,
      athletes: 2,
      incomplete: 0,
      missingCertificate: 1,
      state: "confirmed",
      payment: "paid",
      paidAmount: 5000,
      amountDue: 0,
    });
    const second = await list(organiser.headers, "?page[number]=2&page[size]=1");
    expect(second.body.data.map((row: { id: string }) => row.id)).toEqual([world.lagoSignup.id]);
    expect(second.body.links.prev).toContain("page%5Bnumber%5D=1");
  });

  it("shows staff where payments stand without the amounts, and refuses runners and unknown events", async () => {
    const read = await list(staff.headers);
    expect(read.status).toBe(200);
    expect(read.body.data[1].attributes).toMatchObject({
      payment: "paid",
      paidAmount: null,
      refundedAmount: null,
      amountDue: null,
    });
    expect((await list((await team.runner()).headers)).status).toBe(403);
    const unknown = await team.send(
      "GET",
      "/api/events/00000000-0000-4000-8000-000000000000/club-entries",
      undefined,
      organiser.headers,
    );
    expect(unknown.status).toBe(404);
    expect((await list(organiser.headers, "?filter[state]=held")).status).toBe(400);
  });
});

const clubMails = () =>
  api.database.db.select().from(schema.outgoingMails).where(eq(schema.outgoingMails.kind, "club-message"));

describe("POST /api/clubs/{id}/messages", () => {
  const send = (clubId: string, attributes: object, headers = organiser.headers) =>
    team.send("POST", `/api/clubs/${clubId}/messages?locale=it-IT`, resource("messages", attributes), headers);

  it("refuses staff, an empty subject or text at its field, and an unknown club, sending nothing", async () => {
    const refused = await send(world.valle.id, { subject: "Pettorali", body: "Ritiro sabato." }, staff.headers);
    expect([refused.status, refused.body.errors[0].code]).toEqual([403, "not-organiser"]);
    const empty = await send(world.valle.id, { subject: "  ", body: "" });
    expect(empty.status).toBe(400);
    expect(
      empty.body.errors.map((error: { code: string; source: { pointer: string } }) => [
        error.code,
        error.source.pointer,
      ]),
    ).toEqual([
      ["required", "/data/attributes/subject"],
      ["required", "/data/attributes/body"],
    ]);
    const missing = await send(world.valle.id, { subject: "Pettorali" });
    expect(missing.body.errors[0]).toMatchObject({ code: "required", source: { pointer: "/data/attributes/body" } });
    const long = await send(world.valle.id, { subject: "x".repeat(201), body: "Ciao" });
    expect(long.body.errors[0]).toMatchObject({ code: "too-long", source: { pointer: "/data/attributes/subject" } });
    expect((await send("00000000-0000-4000-8000-000000000000", { subject: "a", body: "b" })).status).toBe(404);
    expect(await clubMails()).toHaveLength(0);
  });

  it("mails each manager once, in the language written, and logs it", async () => {
    const sent = await send(world.valle.id, {
      subject: "Ritiro pettorali",
      body: "I pettorali si ritirano sabato.\n\nA presto!",
    });
    expect([sent.status, sent.body.meta]).toEqual([202, { recipients: 2 }]);
    const mails = await clubMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([world.anna.email, world.bruno.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe("Ritiro pettorali");
      expect(mail.text).toContain("I pettorali si ritirano sabato.");
    }
    expect(mails.find((mail) => mail.to === world.bruno.email)?.text).toContain("Ciao Bruno");
    const [line] = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.action, "club-message-sent"));
    expect(line).toMatchObject({
      subjectType: "clubs",
      subjectId: world.valle.id,
      after: { recipients: 2, language: "it-IT", subject: "Ritiro pettorali" },
    });
  });
});
