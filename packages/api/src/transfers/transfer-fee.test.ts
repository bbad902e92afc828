import { schema } from "@sports/db";
import { insertAppointment, insertEvent, insertStay } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { lapseTransfers } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_ORGANISER, teamClient } from "../console/test-client.ts";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/**
 * The transfer fee over HTTP (decision 028): an owner's transfer waits for its fee, paid with the
 * demo provider, and is applied when the payment arrives; a late payment is given back; an unpaid
 * one lapses; the fee never counts as the signup's own payment.
 */
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
const { visitor, send, start, participants, submit, payByDemo } = signupClient(() => api);
const db = () => api.database.db;
let organiserOnce: ReturnType<typeof team.organiser> | undefined;
const theOrganiser = () => {
  organiserOnce ??= team.organiser();
  return organiserOnce;
};

/** An event taking transfers until 3 days before for a fee of €5 (unless told otherwise), refunding cancellations. */
async function race(overrides: Parameters<typeof insertEvent>[2] = {}) {
  const event = await insertEvent(db(), NOW, {
    signupOpensAt: null,
    transferDaysBefore: 3,
    transferFee: 500,
    cancellationDaysBefore: 5,
    refundDaysBefore: 5,
    ...overrides,
  });
  const appointment = await insertAppointment(db(), event, { capacity: 10, bibFirst: 100, bibLast: 199 });
  return { event, appointment };
}

const pay = async (token: string, paymentId: string, decision = "pay") =>
  send(token, "POST", `/api/demo-payments/${paymentId}`, {
    data: { type: "demo-payments", attributes: { decision } },
  });

/** A confirmed signup of one participant, paid (€25) with the demo provider. */
async function signup(appointmentId: string) {
  const owner = await visitor();
  const id = (await start(owner.token, appointmentId)).body.data.id as string;
  await participants(owner.token, id, [runner({ givenName: "Anna", familyName: "Rossi", email: "anna@example.org" })]);
  await submit(owner.token, id);
  const { decided, paymentId } = await payByDemo(owner.token, id);
  expect(decided.status).toBe(200);
  const [participant] = await db().select().from(schema.participants).where(eq(schema.participants.signupId, id));
  if (!participant) throw new Error("no participant");
  expect(participant.ticketCode).not.toBeNull();
  return { id, owner, participant, paymentId };
}

const friend = () => {
  const {
    certificateId: _c,
    certificateExpiresOn: _e,
    ...person
  } = runner({
    givenName: "Bea",
    familyName: "Verdi",
    email: "bea@example.org",
  }) as ReturnType<typeof runner> & { certificateId?: string; certificateExpiresOn?: string };
  return person;
};

const transfer = (token: string, participantId: string, path = "/api/transfers", headers?: Record<string, string>) =>
  send(
    token,
    "POST",
    path,
    {
      data: {
        type: "transfers",
        attributes: friend(),
        relationships: { participant: { data: { type: "participants", id: participantId } } },
      },
    },
    headers,
  );

const payFee = (token: string, transferId: string) =>
  send(token, "POST", "/api/payments", {
    data: { type: "payments", relationships: { transfer: { data: { type: "transfers", id: transferId } } } },
  });

const participantRow = async (id: string) =>
  (await db().select().from(schema.participants).where(eq(schema.participants.id, id)))[0];
const transferRow = async (id: string) =>
  (await db().select().from(schema.transfers).where(eq(schema.transfers.id, id)))[0];
const transferMails = (signupId: string) =>
  db()
    .select()
    .from(schema.outgoingMails)
    .where(and(eq(schema.outgoingMails.kind, "transfer"), eq(schema.outgoingMails.signupId, signupId)));
const auditOf = async (signupId: string) =>
  (
    await db()
      .select()
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.subjectId, signupId))
      .orderBy(schema.auditEntries.id)
  )
    .filter((line) => line.action.startsWith("transfer"))
    .map((line) => [line.action, line.actorKind]);

describe("a transfer with a fee", () => {
  it("waits as pending until the owner pays the fee with the demo provider, then is applied, with its mails", async () => {
    clock = NOW;
    const { appointment } = await race();
    const { id, owner, participant } = await signup(appointment.id);

    const answer = await transfer(owner.token, participant.id);
    expect(answer.status).toBe(201);
    expect(answer.body.data.attributes).toMatchObject({
      state: "pending",
      fee: { amount: 500, currency: "EUR" },
      expiresAt: new Date(NOW.getTime() + 15 * 60_000).toISOString(),
      to: { givenName: "Bea", familyName: "Verdi" },
    });
    expect(answer.body.meta.ticketCode).toBeNull();
    const transferId = answer.body.data.id as string;
    // Nothing changed yet: the same person, the same ticket, no mails; a second transfer waits its turn.
    expect(await participantRow(participant.id)).toMatchObject({
      givenName: "Anna",
      ticketCode: participant.ticketCode,
    });
    expect(await transferMails(id)).toHaveLength(0);
    expect((await transfer(owner.token, participant.id)).body.errors[0]).toMatchObject({ code: "wrong-state" });
    // The owner's signup says which place waits for its fee, to whom, until when.
    expect((await send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes.pendingTransfers).toEqual([
      {
        id: transferId,
        participant: participant.id,
        to: { givenName: "Bea", familyName: "Verdi" },
        fee: 500,
        expiresAt: new Date(NOW.getTime() + 15 * 60_000).toISOString(),
      },
    ]);
    // Someone else's transfer is not theirs to pay.
    const stranger = await visitor();
    expect((await payFee(stranger.token, transferId)).status).toBe(403);

    const started = await payFee(owner.token, transferId);
    expect(started.status).toBe(201);
    expect(started.body.data.attributes).toMatchObject({
      provider: "demo",
      state: "pending",
      amount: { amount: 500, currency: "EUR" },
      transfer: { id: transferId, state: "pending", to: "Bea Verdi" },
    });
    // The demonstration's page and the result page are the site's: paths, never another origin.
    expect(started.body.data.attributes.redirectUrl).toBe(`/en-US/demoPayment/${started.body.data.id}`);
    const decided = await pay(owner.token, started.body.data.id);
    expect(decided.status).toBe(200);
    expect(decided.body.meta.redirectUrl).toBe(`/en-US/paymentResult?payment=${started.body.data.id}`);

    const paid = await send(owner.token, "GET", `/api/payments/${started.body.data.id}`);
    expect(paid.body.data.attributes).toMatchObject({
      state: "paid",
      transfer: { id: transferId, state: "done", to: "Bea Verdi" },
    });
    const row = await participantRow(participant.id);
    expect(row).toMatchObject({ givenName: "Bea", familyName: "Verdi" });
    expect(row?.ticketCode).not.toBe(participant.ticketCode);
    expect(await transferRow(transferId)).toMatchObject({ state: "done", person: null, fee: 500 });
    const mails = await transferMails(id);
    expect(mails.map((mail) => mail.to).sort()).toEqual(["anna@example.org", "bea@example.org", owner.email].sort());
    expect(await auditOf(id)).toEqual([
      ["transfer-pending", "user"],
      ["transfer", "system"],
    ]);
    // The signup stays confirmed by its own payment; paying the fee again is refused.
    const after = (await send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes;
    expect(after).toMatchObject({ state: "confirmed", pendingTransfers: [] });
    expect((await payFee(owner.token, transferId)).body.errors[0].code).toBe("already-paid");
  });

  it("shows in the console's record among the payments, with the bibs and the room types", async () => {
    clock = NOW;
    const { event, appointment } = await race();
    const { id, owner, participant, paymentId } = await signup(appointment.id);
    const transferId = (await transfer(owner.token, participant.id)).body.data.id as string;
    const fee = (await payFee(owner.token, transferId)).body.data.id as string;
    await pay(owner.token, fee);
    const stay = await insertStay(db(), event);
    const room = stay.roomTypes[0];
    if (!room) throw new Error("no room type");
    await db().insert(schema.stayBookings).values({
      signupId: id,
      roomTypeId: room.id,
      checkIn: "2027-06-10",
      checkOut: "2027-06-11",
      rooms: 1,
      guests: 2,
    });
    const [bib] = await db().select().from(schema.bibs).where(eq(schema.bibs.participantId, participant.id));
    const organiser = await theOrganiser();
    const record = (await team.send("GET", `/api/console/signups/${id}`, undefined, organiser.headers)).body;
    expect(record.included.map((p: any) => p.attributes.bib)).toEqual([bib?.number]);
    expect(bib?.number).toBeGreaterThanOrEqual(100);
    expect(record.data.attributes.stays[0].roomType).toEqual({ "en-US": "Double room", "it-IT": "Camera doppia" });
    expect(record.data.attributes.payments.map((p: any) => [p.id, p.amount, p.transferId]).sort()).toEqual(
      [
        [paymentId, 2500, null],
        [fee, 500, transferId],
      ].sort(),
    );
  });

  it("is free for the organiser from the console, and without a fee the owner's is applied at once", async () => {
    clock = NOW;
    const { appointment } = await race();
    const { participant } = await signup(appointment.id);
    const organiser = await theOrganiser();
    const byOrganiser = await transfer(organiser.token, participant.id, "/api/console/transfers", organiser.headers);
    expect(byOrganiser.status).toBe(201);
    expect(byOrganiser.body.data.attributes).toMatchObject({ state: "done", fee: null, by: "organiser" });

    const free = await race({ transferFee: null });
    const other = await signup(free.appointment.id);
    const answer = await transfer(other.owner.token, other.participant.id);
    expect(answer.body.data.attributes).toMatchObject({ state: "done", fee: null, expiresAt: null });
    expect(answer.body.meta.ticketCode).toMatch(/^[2-9A-Z]{10}$/);
    expect(await transferMails(other.id)).toHaveLength(3);
  });

  it("gives a fee back that arrives after the participant was checked in, and changes nothing", async () => {
    clock = NOW;
    // Checked in at NOW, the race 30 days away.
    const { appointment } = await race({ checkInOpensDaysBefore: 30 });
    const { id, owner, participant } = await signup(appointment.id);
    const transferId = (await transfer(owner.token, participant.id)).body.data.id as string;
    const started = await payFee(owner.token, transferId);
    const organiser = await theOrganiser();
    const gate = await team.send(
      "POST",
      "/api/check-ins",
      { data: { type: "check-ins", attributes: { ticketCode: participant.ticketCode }, relationships: {} } },
      organiser.headers,
    );
    expect(gate.status).toBe(201);

    expect((await pay(owner.token, started.body.data.id)).status).toBe(200);
    const payment = (await db().select().from(schema.payments).where(eq(schema.payments.id, started.body.data.id)))[0];
    expect(payment).toMatchObject({ state: "refunded", refundDue: 500, refundedAmount: 500 });
    expect(await participantRow(participant.id)).toMatchObject({
      givenName: "Anna",
      ticketCode: participant.ticketCode,
    });
    expect((await transferRow(transferId))?.state).toBe("pending");
    expect(await transferMails(id)).toHaveLength(0);
    // The owner is told why the fee comes back (their account speaks Italian).
    const [refund] = await db()
      .select()
      .from(schema.outgoingMails)
      .where(and(eq(schema.outgoingMails.kind, "payment-late-refund"), eq(schema.outgoingMails.signupId, id)));
    expect(refund?.text).toContain("Il costo della cessione del posto");
    expect(refund?.text).toContain("non è stato ceduto");
    expect((await send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes.state).toBe("confirmed");
  });

  it("lapses when unpaid within the event's hold minutes: the place stays, a later payment is given back", async () => {
    clock = NOW;
    const { appointment } = await race();
    const { id, owner, participant } = await signup(appointment.id);
    const transferId = (await transfer(owner.token, participant.id)).body.data.id as string;
    const started = await payFee(owner.token, transferId);
    try {
      clock = new Date(NOW.getTime() + 14 * 60_000);
      await lapseTransfers(testDeps(db(), clock));
      expect((await transferRow(transferId))?.state).toBe("pending");
      clock = new Date(NOW.getTime() + 15 * 60_000);
      expect(await lapseTransfers(testDeps(db(), clock))).toBeGreaterThanOrEqual(1);
      expect(await transferRow(transferId)).toMatchObject({ state: "lapsed", person: null });
      expect(await participantRow(participant.id)).toMatchObject({ givenName: "Anna" });
      expect(await auditOf(id)).toEqual([
        ["transfer-pending", "user"],
        ["transfer-lapsed", "system"],
      ]);
      expect((await payFee(owner.token, transferId)).body.errors[0].code).toBe("wrong-state");
      // The payment started before arrives now: given back, the place still Anna's.
      await pay(owner.token, started.body.data.id);
      const payment = (
        await db().select().from(schema.payments).where(eq(schema.payments.id, started.body.data.id))
      )[0];
      expect(payment).toMatchObject({ state: "refunded", refundDue: 500 });
      expect(await participantRow(participant.id)).toMatchObject({ givenName: "Anna" });
      // A new transfer may be asked now.
      expect((await transfer(owner.token, participant.id)).body.data.attributes.state).toBe("pending");
    } finally {
      clock = NOW;
    }
  });

  it("never counts as the signup's own payment: the signup's refund figures and a cancellation's refund ignore it", async () => {
    clock = NOW;
    const { appointment } = await race();
    const { id, owner, participant, paymentId } = await signup(appointment.id);
    const before = (await send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes.refund;
    expect(before).toMatchObject({ amount: { amount: 2500 }, state: "if-cancelled" });
    const transferId = (await transfer(owner.token, participant.id)).body.data.id as string;
    const fee = (await payFee(owner.token, transferId)).body.data.id as string;
    await pay(owner.token, fee);
    expect((await send(owner.token, "GET", `/api/signups/${id}`)).body.data.attributes.refund).toEqual(before);

    const cancelled = await send(owner.token, "PATCH", `/api/signups/${id}`, {
      data: { type: "signups", id, attributes: { state: "cancelled" } },
    });
    expect(cancelled.status).toBe(200);
    const rows = await db().select().from(schema.payments).where(eq(schema.payments.signupId, id));
    expect(rows.find((row) => row.id === paymentId)).toMatchObject({ refundDue: 2500 });
    expect(rows.find((row) => row.id === fee)).toMatchObject({ state: "paid", refundDue: 0 });
    expect(cancelled.body.data.attributes.refund).toMatchObject({ amount: { amount: 2500 } });
  });
});
