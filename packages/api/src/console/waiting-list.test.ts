import { insertAppointment, insertEvent } from "@sports/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";

/** An appointment's waiting list in the console (decision 027): the line, its size and worth, its switch. */
let api: TestApi;
const team = teamClient(() => api);
const runners = signupClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  organiser = await team.organiser();
});
afterAll(() => api.database.close());

const join = (token: string, appointmentId: string) =>
  runners.send(token, "POST", "/api/waiting-list-entries", {
    data: {
      type: "waiting-list-entries",
      relationships: { appointment: { data: { type: "appointments", id: appointmentId } } },
    },
  });

async function soldOutWithLine() {
  const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
  const appointment = await insertAppointment(api.database.db, event, {
    capacity: 1,
    priceTiers: [{ until: null, amount: 3500 }],
  });
  const holder = await runners.visitor();
  const hold = await runners.start(holder.token, appointment.id);
  expect(hold.status).toBe(201);
  const line = [await runners.visitor(), await runners.visitor(), await runners.visitor()];
  for (const person of line) expect((await join(person.token, appointment.id)).status).toBe(201);
  return { appointment, holder, hold: hold.body.data.id as string, line };
}

const lineOf = (appointmentId: string, headers: Record<string, string>) =>
  team.send("GET", `/api/appointments/${appointmentId}/waiting-list-entries`, undefined, headers);

describe("GET /api/appointments/{id}/waiting-list-entries", () => {
  it("lists the line in order with its size and what it would be worth; money for organisers only", async () => {
    const { appointment, line } = await soldOutWithLine();
    const answer = await lineOf(appointment.id, organiser.headers);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(
      answer.body.data.map((entry: { attributes: { email: string; position: number } }) => entry.attributes),
    ).toEqual(
      line.map((person, index) =>
        expect.objectContaining({ email: person.email, position: index + 1, state: "waiting" }),
      ),
    );
    expect(answer.body.meta).toEqual({
      waiting: 3,
      offered: 0,
      open: true,
      worth: { amount: 3 * 3500, currency: "EUR" },
    });

    const staff = await team.staff();
    const read = await lineOf(appointment.id, staff.headers);
    expect(read.status).toBe(200);
    expect(read.body.meta.worth).toBeNull();
    const runner = await team.runner();
    expect((await lineOf(appointment.id, runner.headers)).status).toBe(403);
    expect((await lineOf(crypto.randomUUID(), organiser.headers)).status).toBe(404);
  });

  it("shows an offer first, with the signup it holds and until when", async () => {
    const { appointment, holder, hold, line } = await soldOutWithLine();
    const cancelled = await runners.send(holder.token, "PATCH", `/api/signups/${hold}`, {
      data: { type: "signups", id: hold, attributes: { state: "cancelled" } },
    });
    expect(cancelled.status).toBe(200);
    const answer = await lineOf(appointment.id, organiser.headers);
    const [offer, ...waiting] = answer.body.data;
    expect(offer.attributes).toMatchObject({ state: "offered", position: null, email: line[0]?.email });
    expect(offer.attributes.offerExpiresAt).toBe(new Date(NOW.getTime() + 24 * 3_600_000).toISOString());
    expect(offer.relationships.signup.data.type).toBe("signups");
    expect(waiting.map((entry: { attributes: { position: number } }) => entry.attributes.position)).toEqual([1, 2]);
    expect(answer.body.meta).toMatchObject({ waiting: 2, offered: 1 });
  });
});

describe("PATCH /api/appointments/{id} waitingList", () => {
  it("closes the line to newcomers and opens it again, in the change log; those in line keep their place", async () => {
    const { appointment, line } = await soldOutWithLine();
    const change = (waitingList: unknown) =>
      team.send(
        "PATCH",
        `/api/appointments/${appointment.id}`,
        { data: { type: "appointments", id: appointment.id, attributes: { waitingList } } },
        organiser.headers,
      );
    expect((await change("no")).body.errors[0].source).toEqual({ pointer: "/data/attributes/waitingList" });
    const closed = await change(false);
    expect(closed.status).toBe(200);
    expect(closed.body.data.attributes.waitingList).toBe(false);
    const newcomer = await runners.visitor();
    expect((await join(newcomer.token, appointment.id)).body.errors[0].code).toBe("waiting-list-closed");
    const answer = await lineOf(appointment.id, organiser.headers);
    expect(answer.body.meta).toMatchObject({ waiting: line.length, open: false });

    expect((await change(true)).status).toBe(200);
    expect((await join(newcomer.token, appointment.id)).body.data.attributes.position).toBe(line.length + 1);
    const log = await team.send(
      "GET",
      `/api/audit-entries?filter[subjectType]=appointments&filter[subjectId]=${appointment.id}`,
      undefined,
      organiser.headers,
    );
    expect(log.status).toBe(200);
    const changes = log.body.data.map((entry: { attributes: { after: unknown } }) => entry.attributes.after);
    expect(changes).toEqual(expect.arrayContaining([{ waitingList: false }, { waitingList: true }]));
  });
});
