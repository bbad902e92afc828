import { schema } from "@sports/db";
import { insertAppointment, insertEvent } from "@sports/db/testing";
import { livePayments } from "@sports/payments";
import { expireSignups } from "@sports/usecases";
import { testDeps } from "@sports/usecases/testing";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runner, signupClient } from "../signups/test-client.ts";
import { NOW, openTestApi, type TestApi } from "../testing.ts";

/**
 * The waiting list under a crowd, on PostgreSQL with a pool of real connections (decision 027):
 * places freed at the same moment by lapsing holds and cancellations go to the first in line, each
 * once, never to the public, and the places counted always equal the signups holding them.
 */
let clock = NOW;
let api: TestApi;
beforeAll(async () => {
  api = await openTestApi({
    now: () => clock,
    poolSize: 20,
    payments: livePayments({ providers: ["demo", "bank-transfer"] }),
  });
});
afterAll(() => api.database.close());

const { visitor, send, start, participants, submit, payByDemo } = signupClient(() => api);
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

/** Gives the held signup its participant and sends it for payment by `paymentMethod`. */
async function submitted(token: string, signupId: string, paymentMethod: string) {
  expect((await participants(token, signupId, [runner()])).status).toBe(200);
  expect((await submit(token, signupId, paymentMethod)).status).toBe(200);
}

async function paidSignup(appointmentId: string) {
  const owner = await visitor();
  const id = (await start(owner.token, appointmentId)).body.data.id as string;
  await submitted(owner.token, id, "demo");
  await payByDemo(owner.token, id);
  return { owner, id };
}

/** The appointment's places taken, against the places its standing signups hold. */
async function counts(appointmentId: string) {
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

async function line(appointmentId: string) {
  return api.database.db
    .select()
    .from(schema.waitingListEntries)
    .where(eq(schema.waitingListEntries.appointmentId, appointmentId))
    .orderBy(asc(schema.waitingListEntries.line));
}

describe("50 in line, 15 places freed at once", () => {
  it("offers exactly the first 15, none to the public, and passes 5 lapsed offers to the next 5", async () => {
    const event = await insertEvent(api.database.db, NOW, { signupOpensAt: null, cancellationDaysBefore: 1 });
    const appointment = await insertAppointment(api.database.db, event, { capacity: 15 });
    // Ten holds and five paid signups fill it.
    const holders = await Promise.all(Array.from({ length: 10 }, () => visitor()));
    for (const holder of holders) expect((await start(holder.token, appointment.id)).status).toBe(201);
    const paid: Awaited<ReturnType<typeof paidSignup>>[] = [];
    for (let i = 0; i < 5; i++) paid.push(await paidSignup(appointment.id));
    expect(await counts(appointment.id)).toEqual({ taken: 15, held: 15 });

    // Fifty runners join the line, one after the other.
    const waiting: Awaited<ReturnType<typeof visitor>>[] = [];
    for (let i = 0; i < 50; i++) {
      const person = await visitor();
      const joined = await send(person.token, "POST", "/api/waiting-list-entries", {
        data: {
          type: "waiting-list-entries",
          relationships: { appointment: { data: { type: "appointments", id: appointment.id } } },
        },
      });
      expect(joined.body.data.attributes.position).toBe(i + 1);
      waiting.push(person);
    }

    // Sixteen minutes on, at the same moment: two sweepers, five cancellations and twenty of the public.
    clock = later(16);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => visitor()));
    const [, , cancellations, publicHolds] = await Promise.all([
      expireSignups(testDeps(api.database.db, clock)),
      expireSignups(testDeps(api.database.db, clock)),
      Promise.all(
        paid.map(({ owner, id }) =>
          send(owner.token, "PATCH", `/api/signups/${id}`, {
            data: { type: "signups", id, attributes: { state: "cancelled" } },
          }),
        ),
      ),
      Promise.all(crowd.map((person) => start(person.token, appointment.id))),
    ]);
    expect(cancellations.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(publicHolds.map((answer) => answer.status)).toEqual(crowd.map(() => 409));
    const afterFreeing = await line(appointment.id);
    const userOrder = waiting.map((person) => person.id);
    expect(afterFreeing.map((entry) => entry.userId)).toEqual(userOrder);
    expect(afterFreeing.slice(0, 15).map((entry) => entry.state)).toEqual(Array(15).fill("offered"));
    expect(afterFreeing.slice(15).every((entry) => entry.state === "waiting")).toBe(true);
    expect(new Set(afterFreeing.slice(0, 15).map((entry) => entry.signupId)).size).toBe(15);
    expect(await counts(appointment.id)).toEqual({ taken: 15, held: 15 });

    // Ten take their offer up (a bank transfer keeps it for days); five let theirs lapse.
    const offers = afterFreeing.slice(0, 15);
    await Promise.all(
      offers
        .slice(0, 10)
        .map((entry, i) => submitted((waiting[i] as { token: string }).token, entry.signupId ?? "", "bank-transfer")),
    );
    clock = later(16 + 25 * 60);
    await Promise.all([
      expireSignups(testDeps(api.database.db, clock)),
      expireSignups(testDeps(api.database.db, clock)),
    ]);
    const afterLapse = await line(appointment.id);
    expect(afterLapse.map((entry) => entry.state)).toEqual([
      ...Array(10).fill("offered"),
      ...Array(5).fill("lapsed"),
      ...Array(5).fill("offered"),
      ...Array(30).fill("waiting"),
    ]);
    expect(await counts(appointment.id)).toEqual({ taken: 15, held: 15 });
    const [offerMails] = await api.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.outgoingMails)
      .where(eq(schema.outgoingMails.kind, "waiting-list-offer"));
    expect(offerMails?.n).toBe(20);
  });
});
