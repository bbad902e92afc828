import { schema } from "@sports/db";
import { insertAppointment, insertEvent, insertStay } from "@sports/db/testing";
import { expireSignups } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, openTestApi, type TestApi } from "../testing.ts";
import { signupClient } from "./test-client.ts";

/**
 * Capacity under a crowd, on PostgreSQL with a pool of real connections: every request races every
 * other for the same row, and the counts must still come out exact.
 */
let clock = NOW;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({ now: () => clock, poolSize: 20 });
});
afterAll(() => api.database.close());

const { visitor, start, stays } = signupClient(() => api);

const statuses = (answers: { status: number; body: any }[]) => {
  const tally: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status >= 400 ? `${answer.status} ${answer.body.errors[0].code}` : String(answer.status);
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
};

async function appointmentState(appointmentId: string) {
  const { db } = api.database;
  const [row] = await db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentId));
  const [held] = await db
    .select({ places: sql<number>`coalesce(sum(${schema.signups.places}), 0)::int` })
    .from(schema.signups)
    .where(
      sql`${schema.signups.appointmentId} = ${appointmentId} and ${schema.signups.state} in ('held', 'awaiting-payment', 'confirmed')`,
    );
  return { taken: row?.placesTaken, held: held?.places };
}

describe("200 visitors at once for 50 places", () => {
  it("hold exactly 50, refuse 150 as sold out, fail none, and count the places as the rows do", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 50 });
    const crowd = await Promise.all(Array.from({ length: 200 }, () => visitor()));

    const answers = await Promise.all(crowd.map((person) => start(person.token, appointment.id)));
    expect(statuses(answers)).toEqual({ "201": 50, "409 sold-out": 150 });
    expect(await appointmentState(appointment.id)).toEqual({ taken: 50, held: 50 });

    // The holds lapse; two processes sweep at the same moment; each signup expires exactly once.
    clock = new Date(NOW.getTime() + 16 * 60_000);
    try {
      // Two processes' expiry jobs at once.
      const swept = await Promise.all([1, 2].map(() => expireSignups(testDeps(api.database.db, clock))));
      expect((swept[0] ?? 0) + (swept[1] ?? 0)).toBe(50);
      const [expiries] = await api.database.db
        .select({ n: count() })
        .from(schema.signupAudit)
        .where(eq(schema.signupAudit.action, "expire"));
      expect(expiries?.n).toBe(50);
      expect(await appointmentState(appointment.id)).toEqual({ taken: 0, held: 0 });

      // The freed places go to the next crowd, again exactly.
      const next = await Promise.all(crowd.slice(50, 130).map((person) => start(person.token, appointment.id)));
      expect(statuses(next)).toEqual({ "201": 50, "409 sold-out": 30 });
      expect(await appointmentState(appointment.id)).toEqual({ taken: 50, held: 50 });
    } finally {
      clock = NOW;
    }
  });
});

describe("the last rooms of a night", () => {
  it("go to exactly as many signups as there are rooms", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 100 });
    const stay = await insertStay(api.database.db, event, { firstNight: "2027-06-10", lastNight: "2027-06-12" });
    const single = stay.roomTypes.find((room) => room.roomsPerNight === 4);
    if (!single) throw new Error("no single room");
    const guests = await Promise.all(Array.from({ length: 40 }, () => visitor()));
    const signups = await Promise.all(
      guests.map(async (guest) => ({ guest, id: (await start(guest.token, appointment.id)).body.data.id as string })),
    );

    const answers = await Promise.all(
      signups.map(({ guest, id }) =>
        stays(guest.token, id, [
          { roomTypeId: single.id, checkIn: "2027-06-11", checkOut: "2027-06-13", rooms: 1, guests: 1 },
        ]),
      ),
    );
    expect(statuses(answers)).toEqual({ "200": 4, "409 sold-out": 36 });
    const nights = await api.database.db
      .select()
      .from(schema.roomNights)
      .where(eq(schema.roomNights.roomTypeId, single.id))
      .orderBy(schema.roomNights.night);
    expect(nights.map((night) => [night.night, night.roomsTaken])).toEqual([
      ["2027-06-11", 4],
      ["2027-06-12", 4],
    ]);
    const [booked] = await api.database.db
      .select({ n: count() })
      .from(schema.stayBookings)
      .where(eq(schema.stayBookings.roomTypeId, single.id));
    expect(booked?.n).toBe(4);
  });
});
