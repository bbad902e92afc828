import { hold } from "@sports/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../database.ts";
import { appointments, participants, roomNights, signups } from "../schema.ts";
import { insertAppointment, insertEvent, insertPerson, insertStay, openTestDatabase } from "../testing.ts";
import { fullAppointmentCheck, holdSignup, lockLapsedSignups } from "./hold.ts";
import { replaceStayBookings } from "./holdings.ts";
import { auditOf, replaceParticipants, withLockedSignup } from "./signups.ts";

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
  (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.placesTaken;

async function holdFor(userId: string, event: { id: string }, appointmentId: string, places = 1, now = NOW) {
  const transition = hold({
    id: crypto.randomUUID(),
    actor: { kind: "user", userId },
    availability: "open",
    holdMinutes: 15,
    now,
    places,
    maxPerSignup: 4,
  });
  return holdSignup(database.db, { transition, eventId: event.id, appointmentId, locale: "it-IT" });
}

describe("holding places", () => {
  it("takes the places with the signup and its audit entry, and refuses past capacity", async () => {
    const { event, appointment } = await newAppointment(3);
    const first = await holdFor((await newUser()).id, event, appointment.id, 2);
    expect(first).toMatchObject({ outcome: "created", signup: { state: "held", places: 2, locale: "it-IT" } });
    expect(await placesTaken(appointment.id)).toBe(2);
    expect(await holdFor((await newUser()).id, event, appointment.id, 2)).toEqual({
      outcome: "sold-out",
      hasLapsed: false,
      ownHoldId: undefined,
    });
    expect(await placesTaken(appointment.id)).toBe(2);
    if (first.outcome !== "created") throw new Error("expected a new signup");
    expect(await auditOf(database.db, first.signup.id)).toMatchObject([
      { action: "hold", actorKind: "user", fromState: null, toState: "held" },
    ]);
  });

  it("says, when it refuses, whether lapsed signups could free places and which hold is the visitor's own", async () => {
    const { event, appointment } = await newAppointment(2);
    const [early, late, stranger] = [await newUser(), await newUser(), await newUser()];
    await holdFor(early.id, event, appointment.id, 1, NOW);
    const lateHold = await holdFor(late.id, event, appointment.id, 1, later(10));
    if (lateHold.outcome !== "created") throw new Error("expected a signup");
    // At 20 minutes the early hold (15 minutes) has lapsed; the late one has not.
    expect(await holdFor(stranger.id, event, appointment.id, 1, later(20))).toEqual({
      outcome: "sold-out",
      hasLapsed: true,
      ownHoldId: undefined,
    });
    expect(await holdFor(late.id, event, appointment.id, 1, later(11))).toEqual({
      outcome: "sold-out",
      hasLapsed: false,
      ownHoldId: lateHold.signup.id,
    });
    expect(await fullAppointmentCheck(database.db, appointment.id, late.id, later(20))).toEqual({
      hasLapsed: true,
      ownHoldId: lateHold.signup.id,
    });
    expect(await placesTaken(appointment.id)).toBe(2);
    // At 30 minutes both holds have lapsed: a sweep of this appointment takes them both.
    const lapsed = await database.db.transaction((tx) =>
      lockLapsedSignups(tx, later(30), { limit: 10, appointmentId: appointment.id }),
    );
    expect(lapsed.map((signup) => signup.userId).sort()).toEqual([early.id, late.id].sort());
  });

  it("answers a visitor's second hold on the same appointment with the first, taking nothing more", async () => {
    const { event, appointment } = await newAppointment(10);
    const user = await newUser();
    const first = await holdFor(user.id, event, appointment.id);
    const second = await holdFor(user.id, event, appointment.id);
    expect(first.outcome).toBe("created");
    expect(second).toMatchObject({ outcome: "existing", signup: { id: "signup" in first && first.signup.id } });
    expect(await placesTaken(appointment.id)).toBe(1);
  });
});

describe("changing a held signup", () => {
  it("books every night of a stay or none, and never past the rooms of a night", async () => {
    const { event, appointment } = await newAppointment(10);
    const stay = await insertStay(database.db, event, { firstNight: "2027-06-10", lastNight: "2027-06-12" });
    const single = stay.roomTypes.find((room) => room.roomsPerNight === 4);
    if (!single) throw new Error("no single room");
    const book = async (checkIn: string, checkOut: string, rooms: number) => {
      const held = await holdFor((await newUser()).id, event, appointment.id);
      if (held.outcome !== "created") throw new Error("expected a signup");
      return withLockedSignup(database.db, held.signup.id, (tx) =>
        replaceStayBookings(tx, held.signup.id, [{ roomTypeId: single.id, checkIn, checkOut, rooms, guests: rooms }]),
      );
    };
    await book("2027-06-11", "2027-06-13", 3);
    // The 12th has one room left: a booking of two over the 10th to the 12th is refused whole.
    await expect(book("2027-06-10", "2027-06-13", 2)).rejects.toMatchObject({ code: "sold-out" });
    await expect(book("2027-06-10", "2027-06-11", 5)).rejects.toMatchObject({ code: "sold-out" });
    await book("2027-06-10", "2027-06-13", 1);
    const nights = await database.db.select().from(roomNights).where(eq(roomNights.roomTypeId, single.id));
    expect(Object.fromEntries(nights.map((n) => [n.night, n.roomsTaken]))).toEqual({
      "2027-06-10": 1,
      "2027-06-11": 4,
      "2027-06-12": 4,
    });
  });
});

describe("a signup's holder", () => {
  const holderOf = async (id: string) =>
    (
      await database.db
        .select({ given: signups.holderGivenName, family: signups.holderFamilyName })
        .from(signups)
        .where(eq(signups.id, id))
    )[0];
  const person = (givenName: string, familyName: string) => ({
    givenName,
    familyName,
    consentsAcceptedAt: NOW,
  });

  it("is participant 1's names, whoever writes the participants, and nobody when there are none", async () => {
    const { event, appointment } = await newAppointment(10);
    const held = await holdFor((await newUser()).id, event, appointment.id, 2);
    if (held.outcome !== "created") throw new Error("expected a new signup");
    const id = held.signup.id;
    expect(await holderOf(id)).toEqual({ given: null, family: null });

    await database.db.transaction((tx) =>
      replaceParticipants(tx, id, [person("Anna", "Rossi"), person("Bruno", "Verdi")]),
    );
    expect(await holderOf(id)).toEqual({ given: "Anna", family: "Rossi" });

    // Written again in the other order, then renamed by hand, as the console does a correction.
    await database.db.transaction((tx) =>
      replaceParticipants(tx, id, [person("Bruno", "Verdi"), person("Anna", "Rossi")]),
    );
    expect(await holderOf(id)).toEqual({ given: "Bruno", family: "Verdi" });
    await database.db
      .update(participants)
      .set({ familyName: "Bianchi" })
      .where(and(eq(participants.signupId, id), eq(participants.position, 1)));
    expect(await holderOf(id)).toEqual({ given: "Bruno", family: "Bianchi" });
    // Participant 1 moved down, then participant 2 moved up.
    await database.db.execute(sql`update participants set position = 3 where signup_id = ${id} and position = 1`);
    expect(await holderOf(id)).toEqual({ given: null, family: null });
    await database.db.execute(sql`update participants set position = 1 where signup_id = ${id} and position = 2`);
    expect(await holderOf(id)).toEqual({ given: "Anna", family: "Rossi" });

    await database.db.transaction((tx) => replaceParticipants(tx, id, []));
    expect(await holderOf(id)).toEqual({ given: null, family: null });
  });
});
