import { hold } from "@sports/domain";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanged } from "../catalogue/changes.ts";
import { KEPT_READ_MS } from "../catalogue/kept-reads.ts";
import type { DatabaseHandle } from "../database.ts";
import { appointments, events, signupAudit, signups } from "../schema.ts";
import { insertAppointment, insertEvent, insertPerson, openTestDatabase } from "../testing.ts";
import { holdSignup } from "./hold.ts";
import { keepHoldTarget, keptHoldTarget, readHoldTarget } from "./hold-target.ts";

const NOW = new Date("2027-05-01T10:00:00Z");

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function newAppointment(capacity = 5) {
  const event = await insertEvent(database.db, NOW, { signupOpensAt: null });
  return { event, appointment: await insertAppointment(database.db, event, { capacity }) };
}

const placesTaken = async (id: string) =>
  (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.placesTaken;

async function signupRows(appointmentId: string) {
  const { db } = database;
  const [rows] = await db.select({ n: count() }).from(signups).where(eq(signups.appointmentId, appointmentId));
  const [audit] = await db
    .select({ n: count() })
    .from(signupAudit)
    .innerJoin(signups, eq(signups.id, signupAudit.signupId))
    .where(eq(signups.appointmentId, appointmentId));
  return { signups: rows?.n, audit: audit?.n };
}

async function holdOn(event: { id: string }, appointmentId: string, terms: string) {
  const userId = (await insertPerson(database.db)).id;
  const transition = hold({
    id: crypto.randomUUID(),
    actor: { kind: "user", userId },
    availability: "open",
    holdMinutes: 15,
    now: NOW,
    places: 1,
    maxPerSignup: 4,
  });
  return holdSignup(database.db, { transition, eventId: event.id, appointmentId, terms, locale: "it-IT" });
}

describe("the appointment a hold is judged on", () => {
  it("is kept for a few seconds, and read again after them", async () => {
    const { appointment } = await newAppointment();
    let clock = 1_000_000;
    const first = await keptHoldTarget(database.db, appointment.id, () => clock);
    expect(first).toMatchObject({ fresh: true, appointment: { id: appointment.id, capacity: 5 } });
    // Changed behind this process's back (another process, without a notification).
    await database.db.update(appointments).set({ capacity: 7 }).where(eq(appointments.id, appointment.id));
    clock += KEPT_READ_MS - 1;
    const kept = await keptHoldTarget(database.db, appointment.id, () => clock);
    expect(kept).toMatchObject({ fresh: false, terms: first?.terms, appointment: { capacity: 5 } });
    clock += 1;
    const again = await keptHoldTarget(database.db, appointment.id, () => clock);
    expect(again).toMatchObject({ fresh: true, appointment: { capacity: 7 } });
    expect(again?.terms).not.toBe(first?.terms);
  });

  it("is read once for many at the same moment, dropped by a catalogue change, and not kept when missing", async () => {
    const { appointment } = await newAppointment();
    const clock = () => 2_000_000;
    const crowd = await Promise.all(
      Array.from({ length: 5 }, () => keptHoldTarget(database.db, appointment.id, clock)),
    );
    expect(crowd.filter((target) => target?.fresh)).toHaveLength(1);
    expect(new Set(crowd.map((target) => target?.terms)).size).toBe(1);
    await catalogueChanged(database.db);
    expect((await keptHoldTarget(database.db, appointment.id, clock))?.fresh).toBe(true);

    const missing = crypto.randomUUID();
    expect(await keptHoldTarget(database.db, missing, clock)).toBeUndefined();
    const [event] = await database.db.select().from(events).limit(1);
    if (!event) throw new Error("no event");
    await insertAppointment(database.db, event, { id: missing });
    expect((await keptHoldTarget(database.db, missing, clock))?.fresh).toBe(true);
  });

  it("has the same terms after places are taken, and others after any other change to either row", async () => {
    const { event, appointment } = await newAppointment();
    const before = (await readHoldTarget(database.db, appointment.id))?.terms;
    await database.db.update(appointments).set({ placesTaken: 3 }).where(eq(appointments.id, appointment.id));
    expect((await readHoldTarget(database.db, appointment.id))?.terms).toBe(before);
    await database.db.update(events).set({ holdMinutes: 30 }).where(eq(events.id, event.id));
    expect((await readHoldTarget(database.db, appointment.id))?.terms).not.toBe(before);
  });
});

describe("a hold with the terms it was judged on", () => {
  it("takes a place while they stand, whatever places others took meanwhile, and says how many are taken", async () => {
    const { event, appointment } = await newAppointment();
    const target = await readHoldTarget(database.db, appointment.id);
    if (!target) throw new Error("no target");
    expect(await holdOn(event, appointment.id, target.terms)).toMatchObject({ outcome: "created", placesTaken: 1 });
    expect(await holdOn(event, appointment.id, target.terms)).toMatchObject({ outcome: "created", placesTaken: 2 });
    expect(await placesTaken(appointment.id)).toBe(2);
  });

  it("writes nothing and answers `changed` once the event or the appointment changed", async () => {
    const { event, appointment } = await newAppointment(1);
    const target = await readHoldTarget(database.db, appointment.id);
    if (!target) throw new Error("no target");
    keepHoldTarget(database.db, target);
    // The organiser closes signups: a hold judged on the rows before must not take the place.
    await database.db
      .update(events)
      .set({ signupClosesAt: new Date(NOW.getTime() - 60_000) })
      .where(eq(events.id, event.id));
    expect(await holdOn(event, appointment.id, target.terms)).toEqual({ outcome: "changed" });
    await database.db
      .update(appointments)
      .set({ title: { "en-US": "Renamed" } })
      .where(eq(appointments.id, appointment.id));
    const renamed = await readHoldTarget(database.db, appointment.id);
    expect(await holdOn(event, appointment.id, renamed?.terms ?? "")).toMatchObject({ outcome: "created" });
    expect(await holdOn(event, appointment.id, target.terms)).toEqual({ outcome: "changed" });
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(await signupRows(appointment.id)).toEqual({ signups: 1, audit: 1 });
  });

  it("on an appointment that is gone, writes nothing and answers `changed`", async () => {
    const { event, appointment } = await newAppointment();
    const target = await readHoldTarget(database.db, appointment.id);
    await database.db.delete(appointments).where(eq(appointments.id, appointment.id));
    expect(await holdOn(event, appointment.id, target?.terms ?? "")).toEqual({ outcome: "changed" });
  });
});
