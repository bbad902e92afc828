import { type DatabaseHandle, holdSignup } from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase, statementsSent } from "@sports/db/testing";
import { hold } from "@sports/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userActor } from "../actors.ts";
import { testDeps } from "../testing.ts";
import { signupViewFor } from "./find.ts";

const NOW = new Date("2027-05-01T10:00:00Z");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("a signup's view", () => {
  it("reads a hold with its appointment and event in one statement, and no payments, which a hold has none of", async () => {
    const { db } = database;
    const event = await insertEvent(db, NOW);
    const appointment = await insertAppointment(db, event, { capacity: 10 });
    const runner = await insertPerson(db);
    const held = await holdSignup(db, {
      transition: hold({
        id: crypto.randomUUID(),
        actor: userActor(runner),
        availability: "open",
        holdMinutes: 15,
        now: NOW,
        places: 2,
        maxPerSignup: 4,
      }),
      eventId: event.id,
      appointmentId: appointment.id,
      locale: "en-US",
    });
    if (held.outcome !== "created") throw new Error("expected a new signup");

    const { result: view, sent } = await statementsSent(db, () =>
      signupViewFor(testDeps(db, NOW), userActor(runner), held.signup.id.toUpperCase()),
    );
    expect([view.signup.id, view.appointment.id, view.event.id]).toEqual([held.signup.id, appointment.id, event.id]);
    expect(view.appointment.placesTaken).toBe(2);
    const readAlone = (table: string) => sent.filter((statement) => new RegExp(`\\bfrom "${table}"`).test(statement));
    expect(readAlone("signups")).toHaveLength(1);
    expect([...readAlone("appointments"), ...readAlone("events"), ...readAlone("payments")]).toEqual([]);
    expect(view.payments).toEqual([]);
  });
});
