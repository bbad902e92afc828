import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";
import { raceDayFixtures } from "./testing/race-day.ts";

let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER], payments: livePayments({ providers: ["demo"] }) });
});
afterAll(() => api.database.close());

const team = teamClient(() => api);
const { visitor, start } = signupClient(() => api);

/** A signup paid with the demonstration provider, held from an Italian page: confirmed, its payment paid. */
const paidSignup = (appointmentId: string) =>
  raceDayFixtures(() => api).signup(appointmentId, [runner()], true, { "accept-language": "it-IT" });

describe("cancelling an event with signups", () => {
  it("cancels paid and unpaid signups as the organiser, refunds what was paid in full, and tells each runner", async () => {
    const organiser = await team.organiser();
    // No refunds under the event's own policy: an event the organiser calls off is refunded all the same.
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, refundDaysBefore: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 10 });
    const paid = await paidSignup(appointment.id);
    const [confirmed] = await api.database.db.select().from(schema.signups).where(eq(schema.signups.id, paid.id));
    expect(confirmed?.state).toBe("confirmed");
    const unpaidOwner = await visitor();
    const unpaid = await start(unpaidOwner.token, appointment.id);

    const answer = await team.send(
      "PATCH",
      `/api/events/${event.id}`,
      { data: { type: "events", attributes: { status: "cancelled" } } },
      organiser.headers,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes.status).toBe("cancelled");

    const states = await api.database.db.select().from(schema.signups).where(eq(schema.signups.eventId, event.id));
    expect(states.map((signup) => signup.state)).toEqual(["cancelled", "cancelled"]);
    const [payment] = await api.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, paid.paymentId));
    expect(payment).toMatchObject({ state: "refunded", refundDue: payment?.amount, refundedAmount: payment?.amount });
    const [row] = await api.database.db
      .select()
      .from(schema.appointments)
      .where(eq(schema.appointments.id, appointment.id));
    expect(row?.placesTaken).toBe(0);
    await team.mailTo(paid.owner.email, /Evento annullato/);
    await team.mailTo(unpaidOwner.email, /Evento annullato/);
    expect(unpaid.status).toBe(201);
    const log = await team.send("GET", `/api/audit-entries?filter[event]=${event.id}`, undefined, organiser.headers);
    expect(log.body.data[0].attributes).toMatchObject({
      action: "cancel",
      before: { status: "published" },
      after: { status: "cancelled" },
    });
  });
});
