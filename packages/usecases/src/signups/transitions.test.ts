import {
  auditOf,
  type DatabaseHandle,
  findSignup,
  holdSignup,
  pastParticipants,
  replaceParticipants,
  replaceStayBookings,
  schema,
  snapshotOf,
  withLockedSignup,
} from "@sports/db";
import { insertAppointment, insertEvent, insertPerson, insertStay, openTestDatabase } from "@sports/db/testing";
import { cancel, hold, updateParticipants } from "@sports/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlacesFreed } from "../deps.ts";
import { testDeps } from "../testing.ts";
import { expireSignups } from "./expire.ts";
import { applyTransition } from "./transitions.ts";

const NOW = new Date("2027-05-01T10:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const newUser = () => insertPerson(database.db);

async function newAppointment(capacity: number) {
  const event = await insertEvent(database.db, NOW);
  return { event, appointment: await insertAppointment(database.db, event, { capacity }) };
}

const placesTaken = async (id: string) =>
  (await database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id)))[0]?.placesTaken;

async function holdFor(userId: string, event: { id: string }, appointmentId: string, places = 1) {
  const transition = hold({
    id: crypto.randomUUID(),
    actor: { kind: "user", userId },
    availability: "open",
    holdMinutes: 15,
    now: NOW,
    places,
    maxPerSignup: 4,
  });
  const held = await holdSignup(database.db, { transition, eventId: event.id, appointmentId, locale: "it-IT" });
  if (held.outcome !== "created") throw new Error("expected a new signup");
  return held.signup;
}

/** Deps that write down every "places freed" they are told of. */
function listening() {
  const freed: PlacesFreed[] = [];
  const deps = (now: Date) =>
    testDeps(database.db, now, {
      onPlacesFreed: async (_tx, places) => {
        freed.push(places);
      },
    });
  return { freed, deps };
}

describe("applyTransition, the one place places are taken and given back", () => {
  it("takes the extra places for more participants in the same transaction, or changes nothing", async () => {
    const { event, appointment } = await newAppointment(3);
    const user = await newUser();
    const signup = await holdFor(user.id, event, appointment.id);
    const { freed, deps } = listening();
    const person = { givenName: "Ada", familyName: "Runner", consentsAcceptedAt: NOW };
    const setParticipants = (count: number) =>
      withLockedSignup(database.db, signup.id, async (tx, locked) => {
        const transition = updateParticipants(snapshotOf(locked, 0), { kind: "user", userId: user.id }, later(1), {
          count,
          maxPerSignup: 4,
        });
        await applyTransition(deps(later(1)), tx, locked, transition);
        await replaceParticipants(
          tx,
          locked.id,
          Array.from({ length: count }, () => person),
        );
      });
    await setParticipants(3);
    expect(await placesTaken(appointment.id)).toBe(3);
    await expect(setParticipants(4)).rejects.toMatchObject({ name: "Refusal", code: "sold-out" });
    expect(await placesTaken(appointment.id)).toBe(3);
    expect(freed).toEqual([]);
    await setParticipants(1);
    expect(await placesTaken(appointment.id)).toBe(1);
    expect(freed).toEqual([{ appointmentId: appointment.id, places: 2, signupId: signup.id }]);
    expect(await pastParticipants(database.db, user.id)).toMatchObject([{ givenName: "Ada", position: 1 }]);
  });

  it("gives a cancelled signup's places back once, and says so to whoever listens", async () => {
    const { event, appointment } = await newAppointment(5);
    const user = await newUser();
    const signup = await holdFor(user.id, event, appointment.id, 2);
    const { freed, deps } = listening();
    await withLockedSignup(database.db, signup.id, (tx, locked) =>
      applyTransition(
        deps(later(1)),
        tx,
        locked,
        cancel(snapshotOf(locked, 0), { kind: "user", userId: user.id }, later(1), { confirmedCancellable: false }),
      ),
    );
    expect(await placesTaken(appointment.id)).toBe(0);
    expect(freed).toEqual([{ appointmentId: appointment.id, places: 2, signupId: signup.id }]);
  });
});

describe("expiring lapsed signups", () => {
  it("expires lapsed holds only, giving their places and room nights back, with an audit entry", async () => {
    const { event, appointment } = await newAppointment(5);
    const stay = await insertStay(database.db, event);
    const room = stay.roomTypes[0];
    if (!room) throw new Error("no room");
    const lapsing = await holdFor((await newUser()).id, event, appointment.id, 2);
    await withLockedSignup(database.db, lapsing.id, (tx) =>
      replaceStayBookings(tx, lapsing.id, [
        { roomTypeId: room.id, checkIn: stay.firstNight, checkOut: stay.lastNight, rooms: 2, guests: 3 },
      ]),
    );
    const { freed, deps } = listening();
    const sweep = (at: Date) => expireSignups(deps(at));

    expect(await sweep(later(14))).toBe(0);
    expect(await sweep(later(16))).toBeGreaterThanOrEqual(1);
    expect((await findSignup(database.db, lapsing.id))?.state).toBe("expired");
    expect(await placesTaken(appointment.id)).toBe(0);
    expect(freed).toContainEqual({ appointmentId: appointment.id, places: 2, signupId: lapsing.id });
    const nights = await database.db.select().from(schema.roomNights).where(eq(schema.roomNights.roomTypeId, room.id));
    expect(nights.every((n) => n.roomsTaken === 0)).toBe(true);
    expect((await auditOf(database.db, lapsing.id)).map((a) => [a.action, a.actorKind])).toEqual([
      ["hold", "user"],
      ["expire", "system"],
    ]);
    expect(await sweep(later(60))).toBe(0);
  });

  it("of one appointment only, when asked", async () => {
    const first = await newAppointment(2);
    const second = await newAppointment(2);
    await holdFor((await newUser()).id, first.event, first.appointment.id);
    await holdFor((await newUser()).id, second.event, second.appointment.id);
    expect(await expireSignups(testDeps(database.db, later(30)), { appointmentId: first.appointment.id })).toBe(1);
    expect([await placesTaken(first.appointment.id), await placesTaken(second.appointment.id)]).toEqual([0, 1]);
  });
});
