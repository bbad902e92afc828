import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { expireSignups, updateAppointment } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/** The waiting list over HTTP (decision 027): joining, where one stands, offers, leaving, lapsing. */
let clock = NOW;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ now: () => clock, payments: livePayments({ providers: ["demo"] }) });
});
afterAll(() => api.database.close());

const { visitor, send, start, participants, submit, payByDemo } = signupClient(() => api);
const join = (token: string | undefined, appointmentId: string) =>
  send(token, "POST", "/api/waiting-list-entries", {
    data: {
      type: "waiting-list-entries",
      relationships: { appointment: { data: { type: "appointments", id: appointmentId } } },
    },
  });
const entries = async (token: string) => (await send(token, "GET", "/api/waiting-list-entries")).body.data;

async function soldOut(capacity = 1) {
  const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
  const appointment = await insertAppointment(api.database.db, event, { capacity });
  const holders = await Promise.all(Array.from({ length: capacity }, () => visitor()));
  const holds = await Promise.all(holders.map((holder) => start(holder.token, appointment.id)));
  expect(holds.map((hold) => hold.status)).toEqual(holders.map(() => 201));
  return { event, appointment, holders, holds: holds.map((hold) => hold.body.data.id as string) };
}

describe("the waiting list of a sold-out appointment", () => {
  it("takes runners in order, once each, and only while it is sold out", async () => {
    const { appointment } = await soldOut();
    const [bea, cleo] = [await visitor(), await visitor()];
    const first = await join(bea.token, appointment.id);
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe(`/api/waiting-list-entries/${first.body.data.id}`);
    expect(first.body.data.attributes).toMatchObject({ state: "waiting", position: 1, offerExpiresAt: null });
    expect((await join(cleo.token, appointment.id)).body.data.attributes.position).toBe(2);
    expect((await join(bea.token, appointment.id)).body.errors[0]).toMatchObject({
      status: "409",
      code: "already-waiting",
    });
    expect((await join(undefined, appointment.id)).status).toBe(401);

    const open = await insertAppointment(
      api.database.db,
      await insertEvent(api.database.db, NOW, { signupOpensAt: null }),
      {
        capacity: 5,
      },
    );
    expect((await join(bea.token, open.id)).body.errors[0]).toMatchObject({ status: "409", code: "not-sold-out" });
    const closed = await insertAppointment(
      api.database.db,
      await insertEvent(api.database.db, NOW, { signupOpensAt: null }),
      {
        capacity: 0,
      },
    );
    await api.database.db
      .update(schema.appointments)
      .set({ waitingList: false })
      .where(eq(schema.appointments.id, closed.id));
    expect((await join(bea.token, closed.id)).body.errors[0].code).toBe("waiting-list-closed");

    // Entries are their runner's: another's reads as none.
    expect((await send(cleo.token, "GET", `/api/waiting-list-entries/${first.body.data.id}`)).status).toBe(404);
    expect((await send(cleo.token, "DELETE", `/api/waiting-list-entries/${first.body.data.id}`)).status).toBe(404);
  });

  it("offers a freed place to the first in line at once, with a mail, never to the public; leaving passes it on", async () => {
    const { appointment, holders, holds } = await soldOut();
    const [bea, cleo, dora] = [await visitor(), await visitor(), await visitor()];
    const beaEntry = (await join(bea.token, appointment.id)).body.data.id as string;
    await join(cleo.token, appointment.id);

    // The holder cancels: the place is Bea's, held for a day, and nobody else gets it.
    const holder = holders[0] as { token: string };
    const cancelled = await send(holder.token, "PATCH", `/api/signups/${holds[0]}`, {
      data: { type: "signups", id: holds[0], attributes: { state: "cancelled" } },
    });
    expect(cancelled.status).toBe(200);
    const [offer] = await entries(bea.token);
    expect(offer.attributes).toMatchObject({ state: "offered", position: null });
    expect(offer.attributes.offerExpiresAt).toBe(new Date(NOW.getTime() + 24 * 3_600_000).toISOString());
    const offered = offer.relationships.signup.data.id as string;
    const signup = await send(bea.token, "GET", `/api/signups/${offered}`);
    expect(signup.body.data.attributes).toMatchObject({ state: "held", places: 1 });
    expect((await entries(cleo.token))[0].attributes).toMatchObject({ state: "waiting", position: 1 });
    expect((await start(dora.token, appointment.id)).body.errors[0].code).toBe("sold-out");
    const mail = (await api.mails()).find((sent) => sent.to.includes(bea.email));
    expect(mail?.subject).toMatch(/^Si è liberato un posto: /);
    expect(mail?.text).toContain(`/iscrizione/${offered}`);

    // Bea leaves: her held place goes to Cleo.
    expect((await send(bea.token, "DELETE", `/api/waiting-list-entries/${beaEntry}`)).status).toBe(204);
    expect((await entries(bea.token))[0].attributes.state).toBe("left");
    expect((await send(bea.token, "GET", `/api/signups/${offered}`)).body.data.attributes.state).toBe("cancelled");
    expect((await entries(cleo.token))[0].attributes.state).toBe("offered");
    const log = await api.database.db
      .select()
      .from(schema.auditEntries)
      .where(
        and(eq(schema.auditEntries.subjectType, "waiting-list-entries"), eq(schema.auditEntries.subjectId, beaEntry)),
      );
    expect(log.map((line) => [line.action, line.actorKind])).toEqual([
      ["join", "user"],
      ["offer", "system"],
      ["leave", "user"],
    ]);
  });

  it("lets an unused offer lapse to the next in line, and the public in once nobody waits", async () => {
    const { appointment, holds } = await soldOut();
    const [bea, cleo] = [await visitor(), await visitor()];
    await join(bea.token, appointment.id);
    try {
      // The first hold lapses: Bea is offered the place.
      clock = new Date(NOW.getTime() + 16 * 60_000);
      await expireSignups(testDeps(api.database.db, clock));
      expect((await entries(bea.token))[0].attributes.state).toBe("offered");
      expect(holds).toHaveLength(1);
      // A day later her offer lapses; nobody waits, so the place is the public's.
      clock = new Date(clock.getTime() + 25 * 3_600_000);
      await expireSignups(testDeps(api.database.db, clock));
      expect((await entries(bea.token))[0].attributes.state).toBe("lapsed");
      expect((await start(cleo.token, appointment.id)).status).toBe(201);
    } finally {
      clock = NOW;
    }
  });

  it("is accepted when the offered signup is paid and confirmed", async () => {
    const { appointment, holders, holds } = await soldOut();
    const bea = await visitor();
    await join(bea.token, appointment.id);
    const holder = holders[0] as { token: string };
    await send(holder.token, "PATCH", `/api/signups/${holds[0]}`, {
      data: { type: "signups", id: holds[0], attributes: { state: "cancelled" } },
    });
    const offered = (await entries(bea.token))[0].relationships.signup.data.id as string;
    expect((await participants(bea.token, offered, [runner()])).status).toBe(200);
    expect((await submit(bea.token, offered)).status).toBe(200);
    expect((await payByDemo(bea.token, offered)).decided.status).toBe(200);
    expect((await send(bea.token, "GET", `/api/signups/${offered}`)).body.data.attributes.state).toBe("confirmed");
    expect((await entries(bea.token))[0].attributes).toMatchObject({ state: "accepted", position: null });
  });

  it("offers the places of a raised capacity to the line first", async () => {
    const { appointment } = await soldOut();
    const [bea, cleo, dora] = [await visitor(), await visitor(), await visitor()];
    await join(bea.token, appointment.id);
    await join(cleo.token, appointment.id);
    const organiser = { kind: "organiser" as const, userId: dora.id };
    await updateAppointment(testDeps(api.database.db, NOW), organiser, {
      appointmentId: appointment.id,
      change: { capacity: 4 },
    });
    expect((await entries(bea.token))[0].attributes.state).toBe("offered");
    expect((await entries(cleo.token))[0].attributes.state).toBe("offered");
    // The line is empty: the last place is anyone's.
    expect((await start(dora.token, appointment.id)).status).toBe(201);
  });

  it("passes over someone already holding a place there, and offers them nothing twice", async () => {
    const { appointment, holders, holds } = await soldOut(2);
    const [first, second] = holders as unknown as [{ token: string }, { token: string }];
    const bea = await visitor();
    // The first holder joins the line too, before Bea.
    expect((await join(first.token, appointment.id)).status).toBe(201);
    await join(bea.token, appointment.id);
    const cancelled = await send(second.token, "PATCH", `/api/signups/${holds[1]}`, {
      data: { type: "signups", id: holds[1], attributes: { state: "cancelled" } },
    });
    expect(cancelled.status).toBe(200);
    expect((await entries(first.token))[0].attributes.state).toBe("waiting");
    expect((await entries(bea.token))[0].attributes.state).toBe("offered");
  });

  it("offers nothing once the event is cancelled", async () => {
    const { event, appointment, holders, holds } = await soldOut();
    const bea = await visitor();
    await join(bea.token, appointment.id);
    await api.database.db.update(schema.events).set({ status: "cancelled" }).where(eq(schema.events.id, event.id));
    const holder = holders[0] as { token: string };
    await send(holder.token, "PATCH", `/api/signups/${holds[0]}`, {
      data: { type: "signups", id: holds[0], attributes: { state: "cancelled" } },
    });
    expect((await entries(bea.token))[0].attributes.state).toBe("waiting");
  });
});
