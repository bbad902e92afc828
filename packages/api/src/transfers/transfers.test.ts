import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_ORGANISER, teamClient } from "../console/test-client.ts";
import { PDF, runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/** Transfers over HTTP (decision 028): a runner passes a place; the organiser from the console; what is refused. */
let clock = NOW;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({
    now: () => clock,
    organiserEmails: [CONSOLE_ORGANISER],
    payments: livePayments({ providers: ["demo"] }),
  });
});
afterAll(() => api.database.close());

const team = teamClient(() => api);
const { visitor, send, start, participants, upload, submit, payByDemo } = signupClient(() => api);
const db = () => api.database.db;

/** An event (transfers until 3 days before, a certificate asked, 18 and over) with an appointment numbering its runners. */
async function race(overrides: Parameters<typeof insertEvent>[2] = {}) {
  const event = await insertEvent(db(), NOW, {
    signupOpensAt: null,
    transferDaysBefore: 3,
    medicalCertificate: "competitive",
    minAge: 18,
    ...overrides,
  });
  const appointment = await insertAppointment(db(), event, { capacity: 10, bibFirst: 100, bibLast: 199 });
  return { event, appointment };
}

/** A signup held, given its participant (with a certificate), submitted and, unless told not to, paid. */
async function signup(appointmentId: string, options: { pay?: boolean } = {}) {
  const owner = await visitor();
  const id = (await start(owner.token, appointmentId)).body.data.id as string;
  const certificateId = (await upload(owner.token, id, PDF)).body.data.id as string;
  const given = await participants(owner.token, id, [
    runner({
      givenName: "Anna",
      familyName: "Rossi",
      email: "anna@example.org",
      certificateId,
      certificateExpiresOn: "2030-01-01",
    }),
  ]);
  expect(given.status).toBe(200);
  await submit(owner.token, id);
  if (options.pay !== false) await payByDemo(owner.token, id);
  const [participant] = await db().select().from(schema.participants).where(eq(schema.participants.signupId, id));
  if (!participant) throw new Error("no participant");
  return { id, owner, participant };
}

const friend = (overrides: object = {}) => {
  const {
    certificateId: _c,
    certificateExpiresOn: _e,
    ...person
  } = runner({
    givenName: "Bea",
    familyName: "Verdi",
    email: "bea@example.org",
    ...overrides,
  }) as ReturnType<typeof runner> & { certificateId?: string; certificateExpiresOn?: string };
  return person;
};

const transfer = (token: string, participantId: string, attributes: object = friend(), path = "/api/transfers") =>
  send(token, "POST", path, {
    data: {
      type: "transfers",
      attributes,
      relationships: { participant: { data: { type: "participants", id: participantId } } },
    },
  });

const bibOf = async (participantId: string) =>
  (await db().select().from(schema.bibs).where(eq(schema.bibs.participantId, participantId)))[0]?.number;
const transferRows = async () => (await db().select({ n: count() }).from(schema.transfers))[0]?.n;

describe("a runner transferring a place", () => {
  it("puts the new person in the place: same bib, a new ticket code, the certificate to come; history, audit and mails", async () => {
    clock = NOW;
    const { event, appointment } = await race();
    const { id, owner, participant } = await signup(appointment.id);
    expect(participant.ticketCode).not.toBeNull();
    const bib = await bibOf(participant.id);
    expect(bib).toBe(100);
    expect((await send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes.transferable).toBe(true);

    const answer = await transfer(owner.token, participant.id);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: "transfers",
      attributes: {
        from: { givenName: "Anna", familyName: "Rossi", email: "anna@example.org" },
        to: { givenName: "Bea", familyName: "Verdi", email: "bea@example.org" },
        by: "owner",
        at: NOW.toISOString(),
      },
      relationships: {
        signup: { data: { type: "signups", id } },
        participant: { data: { type: "participants", id: participant.id } },
      },
    });

    const [row] = await db().select().from(schema.participants).where(eq(schema.participants.id, participant.id));
    expect(row).toMatchObject({ givenName: "Bea", familyName: "Verdi", position: 1, certificateId: null });
    // Anna's certificate is her health data: it goes with her.
    expect(participant.certificateId).not.toBeNull();
    const kept = await db()
      .select({ id: schema.certificates.id })
      .from(schema.certificates)
      .where(eq(schema.certificates.id, participant.certificateId ?? ""));
    expect(kept).toEqual([]);
    expect(row?.ticketCode).toMatch(/^[2-9A-Z]{10}$/);
    expect(row?.ticketCode).not.toBe(participant.ticketCode);
    expect(answer.body.meta.ticketCode).toBe(row?.ticketCode);
    expect(await bibOf(participant.id)).toBe(bib);
    const [holder] = await db().select().from(schema.signups).where(eq(schema.signups.id, id));
    expect(holder).toMatchObject({ holderGivenName: "Bea", state: "confirmed" });

    const [line] = await db()
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.action, "transfer"), eq(schema.auditEntries.subjectId, id)));
    expect(line).toMatchObject({
      actorKind: "user",
      actorUserId: owner.id,
      eventId: event.id,
      before: { participant: participant.id, givenName: "Anna", familyName: "Rossi" },
      after: { participant: participant.id, givenName: "Bea", familyName: "Verdi" },
    });

    const mails = await db()
      .select()
      .from(schema.outgoingMails)
      .where(and(eq(schema.outgoingMails.kind, "transfer"), eq(schema.outgoingMails.signupId, id)));
    const to = (address: string) => mails.find((mail) => mail.to === address);
    expect(mails).toHaveLength(3);
    // The owner's account speaks Italian; the request's language (en-US here) is the two people's.
    expect(to(owner.email)?.subject).toMatch(/^Cambio di partecipante/);
    expect(to("bea@example.org")?.text).toContain(`The new ticket code, to show at check-in: ${row?.ticketCode}.`);
    expect(to("bea@example.org")?.text).toContain("upload it from My signups");
    expect(to("anna@example.org")?.text).toContain("has been transferred to Bea Verdi");
    expect(to("anna@example.org")?.text).not.toContain(row?.ticketCode ?? "-");

    // The owner's list holds it; another runner's does not, and they may not transfer this place.
    const mine = await send(owner.token, "GET", "/api/transfers");
    expect(mine.body.data.map((one: { id: string }) => one.id)).toEqual([answer.body.data.id]);
    const stranger = await visitor();
    expect((await send(stranger.token, "GET", "/api/transfers")).body.data).toEqual([]);
    expect((await transfer(stranger.token, participant.id)).body.errors[0]).toMatchObject({
      status: "403",
      code: "not-owner",
    });
    expect((await transfer(stranger.token, participant.id, friend(), "/api/console/transfers")).status).toBe(403);
    expect((await send(undefined, "POST", "/api/transfers", {})).status).toBe(401);
  });

  it("refuses where the event takes no transfers, after its deadline, on a signup not confirmed, and changes nothing", async () => {
    clock = NOW;
    const none = await race({ transferDaysBefore: null });
    const closed = await signup(none.appointment.id);
    const listed = await send(closed.owner.token, "GET", `/api/signups/${closed.id}`);
    expect(listed.body.data.attributes.transferable).toBe(false);
    const before = await transferRows();
    expect((await transfer(closed.owner.token, closed.participant.id)).body.errors[0]).toMatchObject({
      status: "409",
      code: "transfers-closed",
    });

    const { appointment } = await race();
    const unpaid = await signup(appointment.id, { pay: false });
    expect((await transfer(unpaid.owner.token, unpaid.participant.id)).body.errors[0]).toMatchObject({
      status: "409",
      code: "wrong-state",
    });

    const paid = await signup(appointment.id);
    // The appointment starts 30 days after NOW: 3 days before is the last moment.
    clock = new Date(appointment.startsAt.getTime() - 3 * 86_400_000);
    const late = await send(paid.owner.token, "GET", `/api/signups/${paid.id}`);
    expect(late.body.data.attributes.transferable).toBe(false);
    expect((await transfer(paid.owner.token, paid.participant.id)).body.errors[0].code).toBe("transfers-closed");
    clock = NOW;
    expect(await transferRows()).toBe(before);
    const [row] = await db().select().from(schema.participants).where(eq(schema.participants.id, paid.participant.id));
    expect(row).toMatchObject({ givenName: "Anna", ticketCode: paid.participant.ticketCode });
  });

  it("checks the new person against the event's questions and conditions, each problem on its attribute", async () => {
    clock = NOW;
    const { appointment } = await race();
    const { owner, participant } = await signup(appointment.id);
    const young = await transfer(
      owner.token,
      participant.id,
      friend({ birthDate: "2015-01-01", emergencyContactName: "" }),
    );
    expect(young.status).toBe(400);
    expect(young.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "too-young", source: { pointer: "/data/attributes/birthDate" } }),
        expect.objectContaining({ code: "required", source: { pointer: "/data/attributes/emergencyContactName" } }),
      ]),
    );
    const shapeless = await transfer(owner.token, participant.id, friend({ email: "not an address" }));
    expect(shapeless.body.errors[0]).toMatchObject({ source: { pointer: "/data/attributes/email" } });
    expect(
      (await transfer(owner.token, participant.id, { ...friend(), certificateId: crypto.randomUUID() })).status,
    ).toBe(400);
    expect((await transfer(owner.token, crypto.randomUUID())).body.errors[0]).toMatchObject({
      status: "404",
      source: { pointer: "/data/relationships/participant" },
    });
  });
});

describe("the organiser transferring from the console", () => {
  it("may after the runner's deadline, not once the participant is checked in; lists by event and signup", async () => {
    clock = NOW;
    const { event, appointment } = await race();
    const { id, participant } = await signup(appointment.id);
    const organiser = await team.organiser();
    clock = new Date(appointment.startsAt.getTime() - 86_400_000);
    const done = await team.send(
      "POST",
      "/api/console/transfers",
      {
        data: {
          type: "transfers",
          attributes: friend({ givenName: "Carlo", familyName: "Neri", email: "carlo@example.org" }),
          relationships: { participant: { data: { type: "participants", id: participant.id } } },
        },
      },
      organiser.headers,
    );
    expect(done.status).toBe(201);
    expect(done.body.data.attributes).toMatchObject({ by: "organiser", from: { givenName: "Anna" } });

    const listed = await team.send(
      "GET",
      `/api/console/transfers?filter[event]=${event.id}`,
      undefined,
      organiser.headers,
    );
    expect(listed.body.data.map((one: { id: string }) => one.id)).toEqual([done.body.data.id]);
    const bySignup = await team.send(
      "GET",
      `/api/console/transfers?filter[signup]=${id}`,
      undefined,
      organiser.headers,
    );
    expect(bySignup.body.data).toHaveLength(1);
    const staff = await team.staff();
    expect((await team.send("GET", "/api/console/transfers", undefined, staff.headers)).status).toBe(403);

    // At the gate, the old ticket finds nobody; the new one checks the new person in, with the place's bib
    // (the desk confirming it: their certificate is still to come).
    const checkIn = (ticketCode: string | null) =>
      team.send(
        "POST",
        "/api/check-ins",
        { data: { type: "check-ins", attributes: { ticketCode, confirmWithoutCertificate: true }, relationships: {} } },
        organiser.headers,
      );
    expect((await checkIn(participant.ticketCode)).status).toBe(404);
    const newCode = (await db().select().from(schema.participants).where(eq(schema.participants.id, participant.id)))[0]
      ?.ticketCode;
    const gate = await checkIn(newCode ?? null);
    expect(gate.status).toBe(201);
    expect(gate.body.included[0].attributes).toMatchObject({ givenName: "Carlo", familyName: "Neri", bib: 100 });
    const late = await team.send(
      "POST",
      "/api/console/transfers",
      {
        data: {
          type: "transfers",
          attributes: friend(),
          relationships: { participant: { data: { type: "participants", id: participant.id } } },
        },
      },
      organiser.headers,
    );
    expect(late.body.errors[0]).toMatchObject({ status: "409", code: "already-checked-in" });
    clock = NOW;
  });
});
