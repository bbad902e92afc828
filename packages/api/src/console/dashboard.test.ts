import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { CONSOLE_ORGANISER, teamClient } from "./test-client.ts";
import { consoleEvent } from "./testing/console-event.ts";

let api: TestApi;
let fixture: Awaited<ReturnType<typeof consoleEvent>>;
const team = teamClient(() => api);
let organiser: Awaited<ReturnType<typeof team.organiser>>;
beforeAll(async () => {
  api = await openTestApi({ organiserEmails: [CONSOLE_ORGANISER] });
  fixture = await consoleEvent(api.database.db, NOW);
  organiser = await team.organiser();
});
afterAll(() => api.database.close());

describe("GET /api/events/{id}/dashboard", () => {
  it("adds up signups per day, places left, money in by method, rooms per night and certificates to review", async () => {
    const answer = await team.send("GET", `/api/events/${fixture.event.id}/dashboard`, undefined, organiser.headers);
    expect(answer.status).toBe(200);
    const dashboard = answer.body.data.attributes;
    // Confirmed and awaiting payment count; held and cancelled do not.
    expect(dashboard.signupsPerDay).toEqual([
      { day: "2027-04-30", signups: 2, places: 2 },
      { day: "2027-05-01", signups: 1, places: 2 },
    ]);
    expect(dashboard.signupsToday).toBe(1);
    expect(dashboard.appointments.map((a: any) => [a.capacity, a.placesTaken, a.placesLeft])).toEqual([
      [50, 4, 46],
      [20, 0, 20],
    ]);
    // Paid minus refunded; a pending payment is no money yet.
    expect(dashboard.revenue).toEqual([
      { provider: "bank-transfer", currency: "EUR", amount: 2500, payments: 1 },
      { provider: "stripe", currency: "EUR", amount: 5500, payments: 2 },
    ]);
    expect(dashboard.lodging.map((n: any) => [n.night, n.rooms, n.roomsTaken])).toEqual([
      ["2027-06-10", 10, 3],
      ["2027-06-11", 10, 10],
    ]);
    expect(dashboard.certificatesPending).toBe(3);
  });

  it("shows staff everything but the money, refuses runners, and answers 404 for no such event", async () => {
    const staff = await team.staff();
    const answer = await team.send("GET", `/api/events/${fixture.event.id}/dashboard`, undefined, staff.headers);
    expect(answer.status).toBe(200);
    expect(answer.body.data.attributes.revenue).toBeNull();
    expect(answer.body.data.attributes.certificatesPending).toBe(3);
    const runner = await team.runner();
    expect(
      (await team.send("GET", `/api/events/${fixture.event.id}/dashboard`, undefined, runner.headers)).status,
    ).toBe(403);
    expect((await team.send("GET", "/api/events/nope/dashboard", undefined, organiser.headers)).status).toBe(404);
    expect(
      (await team.send("GET", `/api/events/${crypto.randomUUID()}/dashboard`, undefined, organiser.headers)).status,
    ).toBe(404);
  });
});

describe("GET /api/dashboard", () => {
  it("lists the events not over yet with their places left and today's signups", async () => {
    const staff = await team.staff();
    const answer = await team.send("GET", "/api/dashboard", undefined, staff.headers);
    expect(answer.status).toBe(200);
    const summary = answer.body.data.find((event: any) => event.id === fixture.event.id);
    expect(summary.attributes).toMatchObject({ capacity: 70, placesTaken: 4, placesLeft: 66, signupsToday: 1 });
  });
});
