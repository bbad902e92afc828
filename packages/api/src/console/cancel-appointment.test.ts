import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { finishCancellations } from "@sports/usecases";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, SITE_URL, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";
import { raceDayFixtures } from "./testing/race-day.ts";

const payments = livePayments({ providers: ["demo"] });
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER], payments });
});
afterAll(() => api.database.close());

const team = teamClient(() => api);
let organiserAccount: ReturnType<typeof team.organiser> | undefined;
/** The one organiser account, registered once for the file. */
const theOrganiser = () => {
  organiserAccount ??= team.organiser();
  return organiserAccount;
};
const { visitor, start } = signupClient(() => api);

/** A signup paid with the demonstration provider, held from an Italian page: confirmed, its payment paid. */
const paidSignup = (appointmentId: string) =>
  raceDayFixtures(() => api).signup(appointmentId, [runner()], true, { "accept-language": "it-IT" });

const cancelling = (id: string) => ({ data: { type: "appointments", id, attributes: { status: "cancelled" } } });

async function appointmentRow(id: string) {
  const [row] = await api.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id));
  return row;
}

async function signupStates(appointmentId: string) {
  const rows = await api.database.db
    .select()
    .from(schema.signups)
    .where(eq(schema.signups.appointmentId, appointmentId));
  return rows.map((signup) => signup.state);
}

describe("cancelling one appointment", () => {
  it("cancels its paid and unpaid signups, refunds what was paid in full, tells each runner in their language", async () => {
    const organiser = await theOrganiser();
    const event = await insertEvent(api.database.db, NOW, {
      signupOpensAt: null,
      refundDaysBefore: null,
      checkInOpensDaysBefore: 30,
    });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
    const other = await insertAppointment(api.database.db, event, { slug: "other", capacity: 10 });
    const paid = await paidSignup(appointment.id);
    // Already checked in: called off, the race is refunded all the same.
    const [participant] = paid.read.body.included.filter((one: { type: string }) => one.type === "participants");
    const checkIn = { data: { type: "check-ins", attributes: { ticketCode: participant.attributes.ticketCode } } };
    expect((await team.send("POST", "/api/check-ins", checkIn, organiser.headers)).status).toBe(201);
    const unpaidOwner = await visitor();
    await api.database.db
      .update(schema.users)
      .set({ preferredLocale: "de-DE" })
      .where(eq(schema.users.id, unpaidOwner.id));
    expect((await start(unpaidOwner.token, appointment.id)).status).toBe(201);
    const elsewhere = await visitor();
    expect((await start(elsewhere.token, other.id)).status).toBe(201);

    const answer = await team.send("PATCH", `/api/appointments/${appointment.id}`, cancelling(appointment.id), {
      ...organiser.headers,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes).toMatchObject({ status: "cancelled", cancelledAt: NOW.toISOString() });

    expect(await signupStates(appointment.id)).toEqual(["cancelled", "cancelled"]);
    expect(await signupStates(other.id)).toEqual(["held"]);
    const [payment] = await api.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, paid.paymentId));
    expect(payment).toMatchObject({ state: "refunded", refundDue: payment?.amount, refundedAmount: payment?.amount });
    expect((await appointmentRow(appointment.id))?.placesTaken).toBe(0);
    await team.mailTo(paid.owner.email, /Gara annullata/);
    await team.mailTo(unpaidOwner.email, /Wettbewerb abgesagt/);

    const log = await team.send("GET", `/api/audit-entries?filter[event]=${event.id}`, undefined, organiser.headers);
    expect(log.body.data[0].attributes).toMatchObject({
      action: "cancel",
      subjectType: "appointments",
      subjectId: appointment.id,
      before: { status: "open" },
      after: { status: "cancelled" },
    });

    // The public resource says so, and the appointment takes no new hold.
    const shown = await api.get(`/api/appointments/${appointment.id}`);
    expect(shown.body.data.attributes).toMatchObject({ status: "cancelled", state: "closed" });
    const late = await start((await visitor()).token, appointment.id);
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe("closed");

    // Once cancelled, for good.
    const again = await team.send("PATCH", `/api/appointments/${appointment.id}`, cancelling(appointment.id), {
      ...organiser.headers,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe("wrong-state");
  });

  it("is the organiser's: staff are refused", async () => {
    const staff = await team.staff();
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
    const answer = await team.send(
      "PATCH",
      `/api/appointments/${appointment.id}`,
      cancelling(appointment.id),
      staff.headers,
    );
    expect(answer.status).toBe(403);
    expect((await appointmentRow(appointment.id))?.cancelledAt).toBeNull();
  });
});

describe("finishing cancellations a stopped process left half done", () => {
  it("cancels the signups still live on a cancelled appointment, once", async () => {
    const organiser = await theOrganiser();
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
    const owner = await visitor();
    const held = await start(owner.token, appointment.id);
    const signupId = held.body.data.id as string;
    await team.send("PATCH", `/api/appointments/${appointment.id}`, cancelling(appointment.id), organiser.headers);
    expect(await signupStates(appointment.id)).toEqual(["cancelled"]);

    // As if the process had stopped before reaching this signup: live again, its place taken.
    await api.database.db.update(schema.signups).set({ state: "held" }).where(eq(schema.signups.id, signupId));
    await api.database.db
      .update(schema.appointments)
      .set({ placesTaken: 1 })
      .where(eq(schema.appointments.id, appointment.id));

    const deps = { db: api.database.db, payments, now: NOW, siteUrl: SITE_URL, mailQueued: () => {} };
    expect(await finishCancellations(deps)).toBe(1);
    expect(await signupStates(appointment.id)).toEqual(["cancelled"]);
    expect((await appointmentRow(appointment.id))?.placesTaken).toBe(0);
    expect(await finishCancellations(deps)).toBe(0);
  });

  it("cancels the signups still live on a cancelled event", async () => {
    const organiser = await theOrganiser();
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
    const owner = await visitor();
    const held = await start(owner.token, appointment.id);
    await team.send(
      "PATCH",
      `/api/events/${event.id}`,
      { data: { type: "events", attributes: { status: "cancelled" } } },
      organiser.headers,
    );
    await api.database.db.update(schema.signups).set({ state: "held" }).where(eq(schema.signups.id, held.body.data.id));
    await api.database.db
      .update(schema.appointments)
      .set({ placesTaken: 1 })
      .where(eq(schema.appointments.id, appointment.id));

    const deps = { db: api.database.db, payments, now: NOW, siteUrl: SITE_URL, mailQueued: () => {} };
    expect(await finishCancellations(deps)).toBe(1);
    expect(await signupStates(appointment.id)).toEqual(["cancelled"]);
    await team.mailTo(owner.email, /Evento annullato/);
  });
});
